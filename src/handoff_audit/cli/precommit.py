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

from handoff_audit.authoring.precommit import StagedAudit, render_twins, staged_audit
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


def check_arguments(argv: Sequence[str]) -> tuple[list[str] | None, StagedAudit]:
    """``[CHECK-OPTION]... FILE...``: when the commit touches a handoff file (one of FILES or
    of the index's changes), the `handoff-audit` arguments that audit the whole repository as
    `check` does, ``None`` when it touches none (nothing to audit); and what `staged_audit`
    found (the commit being made, the configuration's notes)."""
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
    found = staged_audit(files, config_file)
    if found.root is None:
        return None, found
    return ["check", *options, str(found.root)], found


@click.command(
    context_settings={**_HELP, "ignore_unknown_options": True, "allow_interspersed_args": False}
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED, metavar="[CHECK-OPTIONS]... [FILES]...")
def staged_hook(args: tuple[str, ...]) -> int:
    """When the commit touches a handoff file (one of FILES, or a file the index changes),
    audit the whole repository as `handoff-audit check CHECK-OPTIONS` does, judging the
    commit being made on a protected branch; otherwise exit 0.
    """
    # start-up: handoff-render never needs the audit's command line
    from handoff_audit.cli.main import cli

    arguments, found = check_arguments(args)
    if arguments is None:
        # No audit, so no `check` to name a configuration file ignored: the file it shadows
        # may be why no staged file counts as a packet.
        say_config_notes(found.notes)
        return EXIT_OK
    # `check` finds the commit being made in its context (`click.Context.find_object`).
    code = cli.main(
        args=arguments, prog_name="handoff-audit", standalone_mode=False, obj=found.staged
    )
    return code if isinstance(code, int) else EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-render``: its exit code (0, 1, 2 or 3)."""
    return run(render_hook, argv, "handoff-render")


def staged_main(argv: Sequence[str] | None = None) -> int:
    """Console entry point of ``handoff-audit-staged`` (the ``handoff-audit`` pre-commit hook)."""
    return run(staged_hook, argv, "handoff-audit-staged")


__all__ = ["check_arguments", "main", "render_hook", "staged_hook", "staged_main"]
