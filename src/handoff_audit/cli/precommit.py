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


def check_value_options(check: click.Command) -> dict[str, str]:
    """Each spelling of the options of `check` that take a value (``--jobs``, ``-o``), with the
    name its parameter has (``jobs``, ``output``): a value must not be taken for a staged
    file, and ``--config``'s decides which files are packets."""
    return {
        spelling: param.name or ""
        for param in check.params
        if isinstance(param, click.Option) and not param.is_flag and not param.count
        for spelling in param.opts
    }


def _split_option(arg: str, options: dict[str, str]) -> tuple[str, str | None] | None:
    """``arg`` as (a value option, its value when given in the same word: ``--config=FILE``,
    ``-oFILE``), or ``None`` when it is no value option of `check`."""
    if arg in options:
        return arg, None
    name, equals, value = arg.partition("=")
    if arg.startswith("--") and equals and name in options:
        return name, value
    if not arg.startswith("--") and arg[:2] in options:
        return arg[:2], arg[2:]
    return None


def check_arguments(argv: Sequence[str]) -> tuple[list[str] | None, StagedAudit]:
    """``[CHECK-OPTION]... FILE...``: when the commit touches a handoff file (one of FILES or
    of the index's changes), the `handoff-audit` arguments that audit the whole repository as
    `check` does, ``None`` when it touches none (nothing to audit); and what `staged_audit`
    found (the commit being made, the configuration's notes). Every option of `check` is
    accepted in either of click's spellings (``--jobs 1``, ``--jobs=1``)."""
    # start-up: handoff-render never needs the audit's command line
    from handoff_audit.cli.main import check

    value_options = check_value_options(check)
    options: list[str] = []
    files: list[Path] = []
    config_file: Path | None = None
    args = iter(argv)
    for arg in args:
        option = _split_option(arg, value_options)
        if option is not None:
            name, value = option
            if value is None:
                value = next(args, "")
                options += [arg, value]
            else:
                options.append(arg)
            if value_options[name] == "config_file":
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


__all__ = [
    "check_arguments",
    "check_value_options",
    "main",
    "render_hook",
    "staged_hook",
    "staged_main",
]
