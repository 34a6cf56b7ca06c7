"""The pre-commit hooks' console entry points: `handoff-render` and `handoff-audit-staged`.

What they do lives in `authoring.precommit`: `handoff-render` re-renders each staged packet's
twin (exit 1 when it changed one); `handoff-audit-staged` runs `handoff-audit check` on the whole
repository when a staged file is a packet or a packet's twin.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from handoff_audit import controls
from handoff_audit.authoring.precommit import configured_packets, render_twins
from handoff_audit.errors import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, InputError


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("packets", nargs=-1, type=click.Path(path_type=Path))
@click.option("--config", "config_file", type=click.Path(path_type=Path), help="Config file.")
def _command(packets: tuple[Path, ...], config_file: Path | None) -> None:
    """Re-render the markdown twin of each PACKET (handoff JSON files that the `packets`
    configuration matches) that is out of date.

    Exits 1 when a twin was rewritten, so a pre-commit hook stops the commit.
    """
    raise SystemExit(render_twins(packets, config_file))


_CHECK_VALUE_OPTIONS = frozenset(
    {"--config", "--format", "--output", "--branch", "--target-branch", "--head"}
    | {"--select", "--ignore", "--fail-on", "--color"}
)
"""`check` options that take a value, so that the value is not taken for a staged file."""


def audit_staged(argv: Sequence[str]) -> int:
    """``handoff-audit-staged [CHECK-OPTION]... FILE...``: when a FILE is a packet (or a
    packet's twin), audit the whole repository as `handoff-audit check` does; else exit 0."""
    # start-up: handoff-render never needs the audit's command line
    from handoff_audit.cli.main import main as handoff_audit

    options: list[str] = []
    files: list[Path] = []
    config_file: Path | None = None
    args = iter(argv)
    for arg in args:
        if arg in _CHECK_VALUE_OPTIONS:
            value = next(args, "")
            options += [arg, value]
            if arg == "--config":
                config_file = Path(value)
        elif arg.startswith("-"):
            options.append(arg)
        else:
            files.append(Path(arg))
    try:
        root, packets = configured_packets(files, config_file, twins=True)
    except InputError as error:
        click.echo(f"handoff-audit-staged: error: {controls.one_line(str(error))}", err=True)
        return EXIT_USAGE
    if not packets or root is None:
        return EXIT_OK
    return handoff_audit(["check", *options, str(root)])


def _entry(name: str, run: Callable[[], int]) -> int:
    try:
        return run()
    except SystemExit as done:
        return int(done.code or 0)
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except Exception as error:
        message = controls.one_line(str(error))
        click.echo(f"{name}: internal error: {type(error).__name__}: {message}", err=True)
        return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-render``."""

    def run() -> int:
        _command.main(args=list(argv) if argv is not None else None, standalone_mode=False)
        return EXIT_OK

    return _entry("handoff-render", run)


def staged_main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-audit-staged`` (the ``handoff-audit`` pre-commit hook)."""
    args = list(argv) if argv is not None else sys.argv[1:]
    return _entry("handoff-audit-staged", lambda: audit_staged(args))


__all__ = ["audit_staged", "main", "render_twins", "staged_main"]
