"""The Stop hook's word on a newer note beside the one it asks to update: a file named as a
handoff that the audit does not read (`stray_handoffs`, ``SESSION_HANDOFF_2025-11-10.md``
beside ``docs/development/SESSION_HANDOFF.md``) whose last commit is newer than the note's,
named as `show` names it (`newer_line`), before the note's own fix: the work's latest state may
be there, and a fix to the older note alone would leave it behind. One ``git log`` for all the
notes the hook asks to mend, however many."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from handoff_audit.authoring.advice import Advice
from handoff_audit.config import Config
from handoff_audit.engine.stray_handoffs import (
    DATED_AT_MOST,
    SHOWN,
    newer_line,
    newer_strays,
    stray_handoffs,
)
from handoff_audit.git.freshness import last_changes


def newer_notes(
    root: Path,
    config: Config,
    notes: Sequence[str],
    uncommitted: Collection[str],
    path_of: Callable[[str], str],
) -> dict[str, Advice]:
    """For each of the hand-written handoffs ``notes`` (from the top folder ``root``) that
    files named as handoffs, not audited, changed after: the advice naming them (read them
    first, and if the work goes on in one, write the new state there as well as in the note,
    which the hook judges). None for a note among the ``uncommitted`` files (it is being
    written now). One ``git log`` for all the notes. ``path_of``: a path as the agent's folder
    sees it, quoted."""
    strays = stray_handoffs(root, config)[:DATED_AT_MOST] if notes else []
    if not strays:
        return {}
    changes = last_changes(root, [*notes, *strays])
    said = {}
    for note in notes:
        shown = ((note,), uncommitted)
        newer = newer_strays(shown, changes, strays)
        line = newer_line(root, config, shown, changes, strays)
        if newer and line is not None:
            said[note] = _advice(note, newer, line, path_of)
    return said


def _advice(note: str, newer: list[str], line: str, path_of: Callable[[str], str]) -> Advice:
    it = "it" if len(newer) == 1 else "the newest"
    return Advice(
        line,
        f"cat -- {' '.join(path_of(name) for name in newer[:SHOWN])}",
        f"if the work goes on in {it}, write the new state there too, not only in {note}, the "
        "note this hook judges (its fix follows)",
    )
