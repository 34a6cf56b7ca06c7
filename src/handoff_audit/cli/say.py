"""Printing what a writer returned: `authoring/` returns an `Outcome`, `cli/` prints it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from handoff_audit.authoring.outcome import Outcome


def say(outcome: Outcome) -> int:
    """Print ``outcome``'s standard output, then its lines on standard error; its exit code."""
    if outcome.out:
        click.echo(outcome.out, nl=False)
    for note in outcome.notes:
        click.echo(note, err=True)
    return outcome.code


__all__ = ["say"]
