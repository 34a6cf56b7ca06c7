"""The pre-commit hooks' console entry points: `handoff-render` and `handoff-audit-staged`.

What they do lives in `authoring.precommit`: `handoff-render` re-renders each staged packet's
twin (exit 1 when it changed one); `handoff-audit-staged` runs `handoff-audit check` on the whole
repository when a staged file is a packet or a packet's twin. Both are click commands whose exit
codes go through the same mapping as `handoff-audit`'s (`cli.exit_codes.run`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from handoff_audit.authoring.precommit import configured_packets, render_twins
from handoff_audit.cli.exit_codes import run
from handoff_audit.cli.say import say, say_config_notes
from handoff_audit.errors import EXIT_OK

_HELP = {"help_option_names": ["-h", "--help"]}


@click.command(context_settings=_HELP)
@click.argument("packets", nargs=-1, type=click.Path(path_type=Path), metavar="[PACKETS]...")
@click.option(
    "--config",
    "config_file",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Configuration file, for both which files are packets and how they render "
    "(default: .handoff-audit.yml or pyproject.toml).",
)
def render_hook(packets: tuple[Path, ...], config_file: Path | None) -> int:
    """Re-render the markdown twin of each of PACKETS (handoff JSON files that the `packets`
    configuration matches) that is out of date.

    Exits 1 when a twin was rewritten, so a pre-commit hook stops the commit, and when a twin
    holds text its packet lacks (left as it is, with the `update` that carries the text).
    """
    return say(render_twins(packets, config_file))


_CHECK_VALUE_OPTIONS = frozenset(
    {"--config", "--format", "--output", "-o", "--branch", "--target-branch", "--head"}
    | {"--select", "--ignore", "--fail-on", "--color"}
    | {"--max-commits-behind", "--protected-branches", "--block-files"}
)
"""`check` options that take a value, so that the value is not taken for a staged file."""


def check_arguments(argv: Sequence[str]) -> tuple[list[str] | None, tuple[str, ...]]:
    """``[CHECK-OPTION]... FILE...``: when a FILE is a packet (or a packet's twin), the
    `handoff-audit` arguments that audit the whole repository as `check` does, ``None`` when no
    staged file is a packet (nothing to audit); and the configuration's notes (a file it
    shadows, which `check` prints when it runs)."""
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
    root, packets, notes = configured_packets(files, config_file, every_handoff_file=True)
    if not packets or root is None:
        return None, notes
    return ["check", *options, str(root)], notes


@click.command(
    context_settings={**_HELP, "ignore_unknown_options": True, "allow_interspersed_args": False}
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[CHECK-OPTIONS]... [FILES]...")
def staged_hook(args: tuple[str, ...]) -> int:
    """When one of FILES is a packet (or a packet's twin), audit the whole repository as
    `handoff-audit check CHECK-OPTIONS` does; otherwise exit 0.
    """
    # start-up: handoff-render never needs the audit's command line
    from handoff_audit.cli.main import cli

    arguments, notes = check_arguments(args)
    if arguments is None:
        # No audit, so no `check` to name a configuration file ignored: the file it shadows
        # may be why no staged file counts as a packet.
        say_config_notes(notes)
        return EXIT_OK
    code = cli.main(args=arguments, prog_name="handoff-audit", standalone_mode=False)
    return code if isinstance(code, int) else EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-render``: its exit code (0, 1, 2 or 3)."""
    return run(render_hook, argv, "handoff-render")


def staged_main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-audit-staged`` (the ``handoff-audit`` pre-commit hook)."""
    return run(staged_hook, argv, "handoff-audit-staged")


__all__ = ["check_arguments", "main", "render_hook", "staged_hook", "staged_main"]
