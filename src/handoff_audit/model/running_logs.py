"""A running log kept beside the branch's working note (``SESSION_LOG.md`` beside
``SESSION_HANDOFF.md``) gets a row from any commit that files a debt or records a sprint, so
being changed last says nothing of whose next step is current: the working note is the branch's
handoff. `show` and `SessionStart` name the log after it ("also on this branch"); `check` asks
no next step of it (`note_beside`, which `md-incomplete` and `handoff-outdated` ask with the
audit's working notes, `AuditContext.working_notes`) and the Stop hook judges the working note
alone (`beside_working_note`). A running log alone is judged as the handoff it then is; either
way a log is kept, added to, not deleted."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

from handoff_audit.model.packet import Packet

_LOG_NAME = re.compile(r"(?i)(?:^|[\W_])(?:session|work|dev)?log(?:s|book)?$|(?:^|[\W_])journal$")
"""A file name's stem that names a running log ("SESSION_LOG", "worklog", "dev-journal")."""


def is_running_log(path: str) -> bool:
    """``path`` is named as a running log, not a note rewritten for the next session."""
    return _LOG_NAME.search(PurePosixPath(path).stem) is not None


def working_first(candidates: list[Packet]) -> list[Packet]:
    """The hand-written ``candidates`` but the running logs, when any other is left."""
    notes = [p for p in candidates if not is_running_log(p.path)]
    return notes or candidates


def working_notes(paths: Iterable[str]) -> frozenset[str]:
    """The working notes among ``paths``, hand-written handoffs: those that are no running log."""
    return frozenset(path for path in paths if not is_running_log(path))


def note_beside(path: str, notes: Iterable[str]) -> str | None:
    """The working note of ``notes`` (`working_notes`) in the folder of ``path`` when ``path``
    is a running log: then the log is the project's record, whose next step that note carries;
    ``None`` otherwise (the first in path order when there are several)."""
    if not is_running_log(path):
        return None
    folder = PurePosixPath(path).parent
    return min((note for note in notes if PurePosixPath(note).parent == folder), default=None)


def beside_working_note(paths: Sequence[str]) -> set[str]:
    """The running logs among ``paths``, the work tree's hand-written handoffs, with a working
    note (a hand-written handoff that is no running log) in their folder."""
    notes = working_notes(paths)
    return {p for p in paths if note_beside(p, notes) is not None}


__all__ = ["beside_working_note", "is_running_log", "note_beside", "working_first", "working_notes"]
