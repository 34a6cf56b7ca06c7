"""The command line: parse options, call one function, map the result to an exit code.

Each command only turns its options into a request object and hands it to the module that does
the work; nothing here decides what is wrong with a packet.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from handoff_audit import __version__
from handoff_audit.errors import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, InputError
from handoff_audit.formats import FORMATS


class _Exit(Exception):
    """Carries a command's exit code out of click's standalone machinery."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _rule_ids(value: str | None) -> frozenset[str] | None:
    """Parse ``--select``/``--ignore``: comma-separated, repeatable; unknown ids are exit 2."""
    if value is None:
        return None
    from handoff_audit.rules import RULES_BY_ID

    ids = frozenset(part.strip() for part in value.split(",") if part.strip())
    unknown = sorted(ids - RULES_BY_ID.keys())
    if unknown:
        raise InputError(
            f"unknown rule id {', '.join(unknown)}; known rules: {', '.join(sorted(RULES_BY_ID))}"
        )
    return ids


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="handoff-audit")
def cli() -> None:
    """Audit session handoff packets (handoff.json, handoff.md, HANDOFF.md)."""


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(sorted(FORMATS)),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option("--output", type=click.Path(path_type=Path), help="Write the report to FILE.")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="Config file.")
@click.option("--branch", help="Branch checked (default: the checked-out branch).")
@click.option("--target-branch", help="Branch a pull request or merge queue entry merges into.")
@click.option("--head", help="Commit checked (default: HEAD).")
@click.option("--all-branches", is_flag=True, help="Also read packets on every other branch.")
@click.option("--select", help="Only these rules (comma-separated ids).")
@click.option("--ignore", help="Never these rules (comma-separated ids).")
@click.option("--strict", is_flag=True, help="Warnings fail too.")
def check(
    paths: tuple[Path, ...],
    output_format: str,
    output: Path | None,
    config_file: Path | None,
    branch: str | None,
    target_branch: str | None,
    head: str | None,
    all_branches: bool,
    select: str | None,
    ignore: str | None,
    strict: bool,
) -> None:
    """Audit the packets under PATH (default: the current directory)."""
    from handoff_audit.cli.check import CheckOptions, run_check

    options = CheckOptions(
        paths=paths or (Path("."),),
        output_format=output_format,
        output=output,
        config_file=config_file,
        branch=branch,
        target_branch=target_branch,
        head=head,
        all_branches=all_branches,
        select=_rule_ids(select),
        ignore=_rule_ids(ignore) or frozenset(),
        strict=strict,
    )
    raise _Exit(run_check(options))


@cli.command()
@click.argument("packet", type=click.Path(path_type=Path))
@click.option("--write", is_flag=True, help="Write the markdown twin next to the packet.")
@click.option(
    "--check", "check_only", is_flag=True, help="Exit 1 with a diff if the twin is stale."
)
def render(packet: Path, write: bool, check_only: bool) -> None:
    """Print the canonical markdown of PACKET (a handoff JSON file)."""
    from handoff_audit.authoring.commands import render_command

    if write and check_only:
        raise InputError("render: --write and --check cannot be combined; pick one")
    raise _Exit(render_command(packet, write=write, check=check_only))


@cli.command()
@click.option("--summary", help="What this session did.")
@click.option("--next-action", help="The first thing the next session should do. Required.")
@click.option("--verdict-pointer", help="Path or URL of the test/verification report.")
@click.option("--topic", help="Topic (default: default); written under .handoff/TOPIC.json.")
@click.option("--title", help="The task's name.")
@click.option("--branch", help="Branch (default: the checked-out branch).")
@click.option("--last-known-good", help="Last commit with green tests (default: HEAD).")
@click.option("--target-branch", help="Changed files are taken against its merge base.")
@click.option("--risk", "risks", multiple=True, help='Open risk as "what:severity". Repeatable.')
@click.option("--decision", "decisions", multiple=True, help='"what:why". Repeatable.')
@click.option("--ruled-out", "ruled_out", multiple=True, help='"what:why". Repeatable.')
@click.option("--failed", "failed", multiple=True, help="A failed attempt. Repeatable.")
@click.option("--trap", "traps", multiple=True, help="A trap for the next session. Repeatable.")
@click.option("--pointer", "pointers", multiple=True, help="path, path:line or URL. Repeatable.")
@click.option("--log", "log_file", type=click.Path(path_type=Path), help="Commands as JSON lines.")
@click.option("--output", type=click.Path(path_type=Path), help="Packet path (default by topic).")
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="Config file.")
def new(**kwargs: object) -> None:
    """Write a new packet and its markdown twin from the git state and the given fields."""
    from handoff_audit.authoring.commands import NewOptions, new_command

    raise _Exit(new_command(NewOptions(**kwargs)))  # type: ignore[arg-type]


@cli.command()
@click.argument("packet", type=click.Path(path_type=Path))
@click.option("--by", "successor", help="Path or topic of the successor packet.")
def supersede(packet: Path, successor: str | None) -> None:
    """Mark PACKET superseded and re-render its twin."""
    from handoff_audit.authoring.commands import set_status_command

    raise _Exit(set_status_command(packet, "superseded", successor))


@cli.command()
@click.argument("packet", type=click.Path(path_type=Path))
def archive(packet: Path) -> None:
    """Mark PACKET archived and re-render its twin."""
    from handoff_audit.authoring.commands import set_status_command

    raise _Exit(set_status_command(packet, "archived", None))


@cli.command()
def schema() -> None:
    """Print the bundled packet schema (JSON Schema draft 2020-12)."""
    from handoff_audit.schema import schema_text

    click.echo(schema_text(), nl=False)


@cli.command()
def rules() -> None:
    """Print the rule table."""
    from handoff_audit.rules import ALL_RULES

    width = max(len(rule.id) for rule in ALL_RULES)
    for rule in ALL_RULES:
        click.echo(f"{rule.id:<{width}}  {rule.default.value:<7}  {rule.summary}")


@cli.command()
@click.argument("rule_id")
def explain(rule_id: str) -> None:
    """Print one rule's documentation."""
    from handoff_audit.rules import RULES_BY_ID

    rule = RULES_BY_ID.get(rule_id)
    if rule is None:
        raise InputError(
            f"unknown rule id {rule_id}; known rules: {', '.join(sorted(RULES_BY_ID))}"
        )
    click.echo(f"{rule.id} (default: {rule.default.value})\n\n{rule.summary}\n\n{rule.doc.strip()}")


@cli.command()
def ci() -> None:
    """The GitHub Action's entry point: read the runner's environment and do what it asks."""
    from handoff_audit.github.ci import run_ci

    raise _Exit(run_ci())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code (0, 1, 2 or 3)."""
    try:
        cli.main(args=list(argv) if argv is not None else None, standalone_mode=False)
    except _Exit as done:
        return done.code
    except InputError as error:
        click.echo(f"handoff-audit: error: {error}", err=True)
        return EXIT_USAGE
    except click.exceptions.Abort:
        click.echo("handoff-audit: aborted", err=True)
        return EXIT_USAGE
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except click.exceptions.Exit as done:  # --help, --version
        return done.exit_code
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:
        click.echo(
            f"handoff-audit: internal error: {type(error).__name__}: {error}. "
            "This is a bug; please report it with the command you ran.",
            err=True,
        )
        return EXIT_INTERNAL
    return EXIT_OK


__all__ = ["EXIT_FINDINGS", "cli", "main"]
