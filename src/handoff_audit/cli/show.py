"""`handoff-audit show`: print the resume brief of the checked-out branch's handoff."""

from __future__ import annotations

from pathlib import Path

import click

from handoff_audit.cli.say import say_config_notes
from handoff_audit.config import config_warnings
from handoff_audit.controls import one_line
from handoff_audit.engine.brief import NoHandoff, build_brief
from handoff_audit.engine.rebase_brief import midway_line
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.formats.brief import render_brief
from handoff_audit.git.rebase_state import pending_around


def show_command(packet: Path | None, fmt: str, max_chars: int) -> int:
    """Print the brief; exit 1 with one line on standard error when the branch has no handoff
    (and, on standard output, another branch's active packet in the tree, if any, and the
    project's record, a series the branch did not touch, named as no handoff of its; on a detached
    HEAD, the active packets there and `git switch BRANCH` for each, or that there is none;
    with ``--format json``, nothing: standard output holds JSON or nothing).
    A configuration file that shadows another is named on standard error first, as `check`
    names it. A git operation left midway (`rebase_state.Pending`) is named before all else,
    with the command the Stop hook prints to finish it (on standard error with ``--format
    json``)."""
    # A git operation left midway is named first, as the Stop hook names it (its commands).
    pending = pending_around(Path.cwd())
    try:
        brief = build_brief(Path.cwd(), packet)
    except NoHandoff as nothing:
        say_config_notes(nothing.notes)
        told = pending.told() if pending is not None else ""
        if told and (fmt != "json" or told not in str(nothing)):  # said once on standard error
            click.echo(one_line(told), err=fmt == "json")
        if fmt != "json":  # standard output holds JSON or nothing: the error line names it all
            for line in (*nothing.inherited, *nothing.record):
                click.echo(one_line(line))
        click.echo(f"show: {one_line(str(nothing))}", err=True)
        return EXIT_FINDINGS
    except InputError as error:
        error.notes = tuple(config_warnings(error.notes))  # printed before the error line
        raise
    say_config_notes(brief.notes)
    if pending is not None:  # standard output holds JSON or nothing: then on standard error
        click.echo(one_line(pending.told()), err=fmt == "json")
    if (rebase := midway_line(Path.cwd())) is not None:  # the brief is of the branch rebased
        click.echo(one_line(rebase), err=fmt == "json")
    click.echo(render_brief(brief, fmt, max_chars), nl=False)
    return EXIT_OK
