"""A running log kept beside the branch's working note (``SESSION_LOG.md`` beside
``SESSION_HANDOFF.md``) gets a row from any commit that files a debt or records a sprint, so
being changed last says nothing of whose next step is current: the working note is the branch's
handoff. `show` and `SessionStart` name the log after it ("also on this branch"); `check` asks
no next step of it (`kept_records`) and the Stop hook judges the working note alone
(`beside_working_note`). A running log alone is judged as the handoff it then is."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from handoff_audit.model.packet import Packet
from handoff_audit.rules.base import Hit

_LOG_NAME = re.compile(r"(?i)(?:^|[\W_])(?:session|work|dev)?log(?:s|book)?$|(?:^|[\W_])journal$")
"""A file name's stem that names a running log ("SESSION_LOG", "worklog", "dev-journal")."""


def is_running_log(path: str) -> bool:
    """``path`` is named as a running log, not a note rewritten for the next session."""
    return _LOG_NAME.search(PurePosixPath(path).stem) is not None


def working_first(candidates: list[Packet]) -> list[Packet]:
    """The hand-written ``candidates`` but the running logs, when any other is left."""
    notes = [p for p in candidates if not is_running_log(p.path)]
    return notes or candidates


def beside_working_note(paths: Sequence[str]) -> set[str]:
    """The running logs among ``paths``, the work tree's hand-written handoffs, with a working
    note (a hand-written handoff that is no running log) in their folder: the project's
    record, whose next step the working note carries."""
    notes = {PurePosixPath(p).parent for p in paths if not is_running_log(p)}
    return {p for p in paths if is_running_log(p) and PurePosixPath(p).parent in notes}


def kept_records(hits: list[Hit], packets: Sequence[Packet]) -> list[Hit]:
    """``hits`` but ``md-incomplete``'s "no next step" on a running log beside a working note
    (`beside_working_note`); its other findings stay."""
    logs = beside_working_note([p.path for p in packets if p.kind == "markdown" and not p.ref])
    if not logs:
        return hits
    return [
        hit
        for hit in hits
        if not (hit.path in logs and hit.rule.id == "md-incomplete" and hit.facet == "next")
    ]


__all__ = ["beside_working_note", "is_running_log", "kept_records", "working_first"]
