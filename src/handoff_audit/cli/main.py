"""The command line: parse options, call one function, map the result to an exit code.

Each command only turns its options into a request object and hands it to the module that does
the work; nothing here decides what is wrong with a packet.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from handoff_audit import __version__, controls
from handoff_audit.cli.packet_options import PacketCommand, packet_options
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
    # start-up: imported only when this command runs
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
    # start-up: imported only when this command runs
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
    """Print the canonical markdown of PACKET (a handoff JSON file, not its .md twin).

    A JSON file without the packet's "branch" and "status" fields is refused (exit 2).
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.commands import render_command

    if write and check_only:
        raise InputError("render: --write and --check cannot be combined; pick one")
    raise _Exit(render_command(packet, write=write, check=check_only))


@cli.command(cls=PacketCommand)
@click.option("--topic", help="Topic (default: default); the packet is .handoff/TOPIC.json.")
@click.option("--output", type=click.Path(path_type=Path), help="Packet path (default by topic).")
@packet_options
def new(**kwargs: object) -> None:
    """Start the packet of this branch and topic, and its markdown twin.

    Needs --summary, --next-action and --verdict-pointer. Refuses (exit 2) a dirty workbench
    (unless --allow-dirty), a placeholder, a path the `packets` globs do not match, a branch
    and topic that already have an active packet (use `update`), and any file it may not
    replace. Without --verify, last_known_good_commit is HEAD, taken on trust.
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.lifecycle import PacketOptions, new_command

    raise _Exit(new_command(PacketOptions(**kwargs)))  # type: ignore[arg-type]


@cli.command(cls=PacketCommand)
@click.argument("packet", required=False, type=click.Path(path_type=Path))
@click.option("--topic", help="Which packet of this branch (default: default).")
@packet_options
def update(packet: Path | None, **kwargs: object) -> None:
    """Refresh PACKET (default: the active packet of this branch and topic).

    A single-valued option replaces its field; a repeatable one appends (exact duplicates
    skipped); --log and --verify entries are appended to commands_run, then the log is trimmed
    to the last `keep-last` passing entries plus every failure; everything else is kept, and
    the twin is re-rendered. Without --verify, last_known_good_commit stays as it was.
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.lifecycle import PacketOptions, update_command

    raise _Exit(update_command(packet, PacketOptions(**kwargs)))  # type: ignore[arg-type]


@cli.command()
@click.argument("packet", type=click.Path(path_type=Path))
@click.option("--by", "successor", help="Path or topic of the successor packet.")
def supersede(packet: Path, successor: str | None) -> None:
    """Mark PACKET superseded (a packet, not any JSON file) and re-render its twin."""
    # start-up: imported only when this command runs
    from handoff_audit.authoring.commands import set_status_command

    raise _Exit(set_status_command(packet, "superseded", successor))


@cli.command()
@click.argument("packet", type=click.Path(path_type=Path))
def archive(packet: Path) -> None:
    """Mark PACKET archived (its work is finished) and re-render its twin.

    The archived packet stays in git's history; the next branch's `new` may replace it.
    """
    # start-up: imported only when this command runs
    from handoff_audit.authoring.commands import set_status_command

    raise _Exit(set_status_command(packet, "archived", None))


@cli.command()
def schema() -> None:
    """Print the bundled packet schema (JSON Schema draft 2020-12)."""
    # start-up: imported only when this command runs
    from handoff_audit.schema import schema_text

    click.echo(schema_text(), nl=False)


@cli.command()
def rules() -> None:
    """Print the rule table."""
    # start-up: imported only when this command runs
    from handoff_audit.rules import ALL_RULES

    width = max(len(rule.id) for rule in ALL_RULES)
    for rule in ALL_RULES:
        click.echo(f"{rule.id:<{width}}  {rule.default.value:<7}  {rule.summary}")


@cli.command()
@click.argument("rule_id")
@click.option(
    "--file",
    "file",
    type=click.Path(path_type=Path),
    help="md-incomplete only: show where each facet was found in this markdown file.",
)
def explain(rule_id: str, file: Path | None) -> None:
    """Print one rule's documentation, or how md-incomplete reads one file (--file)."""
    # start-up: imported only when this command runs
    from handoff_audit.rules import RULES_BY_ID

    rule = RULES_BY_ID.get(rule_id)
    if rule is None:
        raise InputError(
            f"unknown rule id {rule_id}; known rules: {', '.join(sorted(RULES_BY_ID))}"
        )
    if file is not None:
        # start-up: imported only when --file is given
        from handoff_audit.cli.explain_file import explain_file

        click.echo(explain_file(rule.id, file), nl=False)
        return
    click.echo(f"{rule.id} (default: {rule.default.value})\n\n{rule.summary}\n\n{rule.doc.strip()}")


@cli.command()
@click.option(
    "--install", is_flag=True, help="Merge the hook into .claude/settings.json (repository top)."
)
@click.option(
    "--print", "print_only", is_flag=True, help="Print the settings snippet instead of writing it."
)
def hook(install: bool, print_only: bool) -> None:
    """A coding agent's stop hook (Claude Code: Stop, SubagentStop, PreCompact).

    Reads the hook event as JSON on standard input. Exit 2 with the reasons on standard error
    blocks the stop while the branch's packet is missing, invalid or older than the work; exit
    0 lets the session end (also whenever the hook cannot judge).
    """
    if install or print_only:
        from handoff_audit.cli.hook_install import install_command

        raise _Exit(install_command(print_only=print_only))
    import sys

    from handoff_audit.cli.hook import run_hook

    raise _Exit(run_hook(sys.stdin.buffer, sys.stderr))


@cli.command()
def ci() -> None:
    """The GitHub Action's entry point: read the runner's environment and do what it asks."""
    # start-up: imported only when this command runs
    from handoff_audit.github.ci import run_ci

    raise _Exit(run_ci())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code (0, 1, 2 or 3)."""
    try:
        cli.main(args=list(argv) if argv is not None else None, standalone_mode=False)
    except _Exit as done:
        return done.code
    except InputError as error:
        click.echo(f"handoff-audit: error: {controls.one_line(str(error))}", err=True)
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
            f"handoff-audit: internal error: {type(error).__name__}: "
            f"{controls.one_line(str(error))}. "
            "This is a bug; please report it with the command you ran.",
            err=True,
        )
        return EXIT_INTERNAL
    return EXIT_OK


__all__ = ["EXIT_FINDINGS", "cli", "main"]
