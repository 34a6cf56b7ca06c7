"""The Stop hook's word on a newer note beside the one it asks to update: a file named as a
handoff that the audit does not read (`stray_handoffs`, ``SESSION_HANDOFF_2025-11-10.md``
beside ``docs/development/SESSION_HANDOFF.md``) whose last commit is newer than the note's,
named as `show` names it (`newer_line`), before the note's own fix: the work's latest state may
be there, and a fix to the older note alone would leave it behind. One ``git log``, only for a
note the hook asks to mend."""

from __future__ import annotations

from collections.abc import Callable, Collection
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


def newer_note(
    root: Path,
    config: Config,
    note: str,
    uncommitted: Collection[str],
    path_of: Callable[[str], str],
) -> Advice | None:
    """The advice naming the files named as handoffs, not audited, that changed after the
    hand-written handoff ``note`` (from the top folder ``root``): read them first, and if the
    work goes on in one, write the new state there as well as in ``note``, which the hook
    judges. ``None`` when there is none, or ``note`` is among the ``uncommitted`` files (it is
    being written now). ``path_of``: a path as the agent's folder sees it, quoted."""
    strays = stray_handoffs(root, config)[:DATED_AT_MOST]
    if not strays:
        return None
    changes = last_changes(root, [note, *strays])
    shown = ((note,), uncommitted)
    newer = newer_strays(shown, changes, strays)
    line = newer_line(root, config, shown, changes, strays)
    if not newer or line is None:
        return None
    it = "it" if len(newer) == 1 else "the newest"
    return Advice(
        line,
        f"cat -- {' '.join(path_of(name) for name in newer[:SHOWN])}",
        f"if the work goes on in {it}, write the new state there too, not only in {note}, the "
        "note this hook judges (its fix follows)",
    )
