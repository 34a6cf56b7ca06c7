"""The options `new` and `update` share, and their two-value options' usage errors.

Kept apart from `cli.main` so that the command table stays short; only click is imported
here, and the two-value options' words (`authoring.new_packet`) when a usage error needs them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click


class PacketCommand(click.Command):
    """`new` and `update`: a two-value option written the old one-string way ("what:why") is a
    usage error that shows the new form, not click's bare "requires 2 arguments"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.BadOptionUsage as error:
            # start-up: the words of a usage error, off the path of every other command
            from handoff_audit.authoring.new_packet import PAIR_FORMS, pair_usage

            if error.option_name in PAIR_FORMS:
                raise click.UsageError(pair_usage(error.option_name), ctx) from None
            raise


def _two_values(ctx: click.Context, param: click.Parameter, value: object) -> object:
    """Refuse ``--decision "what:why" --next-option``: the second value is an option."""
    for pair in value or ():  # type: ignore[attr-defined]
        if str(pair[1]).startswith("--"):
            # start-up: the words of a usage error, off the path of every other command
            from handoff_audit.authoring.new_packet import pair_usage

            raise click.UsageError(pair_usage(param.opts[0]), ctx)
    return value


_Option = Callable[[Callable[..., int]], Callable[..., int]]


def _required_options(*, new: bool) -> list[_Option]:
    """The three options `new` cannot do without (``new`` says so in their help)."""
    required = " Required." if new else ""
    return [
        click.option("--summary", metavar="TEXT", help=f"What this session did.{required}"),
        click.option(
            "--next-action",
            metavar="TEXT",
            help=f"The first thing the next session should do.{required}",
        ),
        click.option(
            "--verdict-pointer",
            metavar="POINTER",
            help=(
                "Path (stored from the repository root) or URL of the test/verification "
                f"report.{required}"
            ),
        ),
    ]


_PACKET_OPTIONS: list[_Option] = [
    click.option("--title", metavar="TEXT", help="The task's name."),
    click.option("--branch", metavar="BRANCH", help="Branch (default: the checked-out branch)."),
    click.option(
        "--verify",
        is_flag=False,
        flag_value="",
        default=None,
        metavar="[CMD]",
        help="Run CMD (sh -c, at the repository root; alone: the configuration's `verify`) "
        "and move last_known_good_commit to HEAD only when it passes.",
    ),
    click.option(
        "--last-known-good",
        metavar="COMMIT",
        help="Last commit with green tests; kept when --verify fails.",
    ),
    click.option(
        "--target-branch",
        metavar="BRANCH",
        help="Changed files against its merge base (default: first protected branch).",
    ),
    click.option(
        "--risk",
        "risks",
        nargs=2,
        multiple=True,
        metavar="WHAT SEVERITY",
        callback=_two_values,
        help="An open risk; SEVERITY: low, medium, high or critical. Repeatable.",
    ),
    click.option(
        "--decision",
        "decisions",
        nargs=2,
        multiple=True,
        metavar="WHAT WHY",
        callback=_two_values,
        help="A decision and its reason. Repeatable.",
    ),
    click.option(
        "--ruled-out",
        "ruled_out",
        nargs=2,
        multiple=True,
        metavar="WHAT WHY",
        callback=_two_values,
        help="What was ruled out and why. Repeatable.",
    ),
    click.option(
        "--failed", "failed", multiple=True, metavar="TEXT", help="A failed attempt. Repeatable."
    ),
    click.option(
        "--trap",
        "traps",
        multiple=True,
        metavar="TEXT",
        help="A trap for the next session. Repeatable.",
    ),
    click.option(
        "--pointer",
        "pointers",
        multiple=True,
        metavar="POINTER",
        help="A path, path:line (stored from the repository root) or URL. Repeatable.",
    ),
    click.option(
        "--log",
        "log_file",
        type=click.Path(path_type=Path, allow_dash=True),
        metavar="FILE",
        help='Commands run, as JSON lines {"cmd", "exit", "note"}; - reads stdin.',
    ),
    click.option(
        "--from-transcript",
        type=click.Path(path_type=Path),
        metavar="FILE",
        help="A coding agent's session transcript (Claude Code or Codex CLI JSON lines): "
        "its commands go to commands_run (each replacing the log's earlier runs of it), its "
        "edited files to changed_files, its failures to failed_attempts.",
    ),
    click.option(
        "--allow-foreign-transcript",
        is_flag=True,
        help="Take a --from-transcript session that ran outside this repository.",
    ),
    click.option(
        "--allow-dirty",
        is_flag=True,
        help="Write over uncommitted changes; they are recorded in open_risks.",
    ),
    click.option(
        "--config",
        "config_file",
        type=click.Path(path_type=Path),
        metavar="FILE",
        help="Configuration file (default: .handoff-audit.yml or pyproject.toml).",
    ),
]
"""The other options `new` and `update` share, in the order `--help` lists them."""


def packet_options(*, new: bool) -> _Option:
    """The options `new` and `update` share; ``new`` marks the three it cannot do without."""
    options = [*_required_options(new=new), *_PACKET_OPTIONS]

    def decorate(command: Callable[..., int]) -> Callable[..., int]:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate
