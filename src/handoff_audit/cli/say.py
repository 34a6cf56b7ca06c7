"""Printing what a writer returned: `authoring/` returns an `Outcome`, `cli/` prints it."""

from __future__ import annotations

from collections.abc import Iterable
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


def say_config_notes(notes: Iterable[str]) -> None:
    """Print the configuration's notes (`Config.notes`: a file it shadows) on standard error,
    one `config_warnings` line each, as every command that reads the configuration does."""
    # start-up: the configuration's module loads only with a command that reads it
    from handoff_audit.config import config_warnings

    for line in config_warnings(notes):
        click.echo(line, err=True)


__all__ = ["say", "say_config_notes"]
