"""What a writer did, for `cli/` to print: the writers in `authoring/` print nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from handoff_audit.errors import EXIT_OK, InputError


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a writing command ended and what it has to say."""

    code: int = EXIT_OK
    """The command's exit code."""
    out: str = ""
    """Text for standard output, printed as it is (no newline added)."""
    notes: tuple[str, ...] = ()
    """Lines for standard error, in order: notes, then the status line (``PATH: wrote ...``)."""


@contextmanager
def notes_kept_on_error(notes: list[str]) -> Iterator[None]:
    """Hand the ``notes`` said so far to an `InputError` that ends the command, so that they
    are printed before its error line, as they would have been without it."""
    try:
        yield
    except InputError as error:
        error.notes = (*notes, *error.notes)
        raise


__all__ = ["Outcome", "notes_kept_on_error"]
