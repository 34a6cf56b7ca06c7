"""Printing what a writer returned: `authoring/` returns an `Outcome`, `cli/` prints it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from handoff_audit import controls

if TYPE_CHECKING:
    from handoff_audit.authoring.outcome import Outcome


def config_warnings(notes: Iterable[str]) -> list[str]:
    """The lines for standard error that say how the configuration was found (`Config.notes`:
    a file it shadows), as `check`, `show` and the pre-commit hooks print them."""
    return [f"handoff-audit: warning: {controls.one_line(note)}" for note in notes]


def say(outcome: Outcome) -> int:
    """Print ``outcome``'s standard output, then its lines on standard error; its exit code."""
    if outcome.out:
        click.echo(outcome.out, nl=False)
    for note in outcome.notes:
        click.echo(note, err=True)
    return outcome.code


__all__ = ["config_warnings", "say"]
