"""For `show` and `SessionStart`: a running log kept beside the branch's working note
(``SESSION_LOG.md`` beside ``SESSION_HANDOFF.md``) gets a row from any commit that files a debt
or records a sprint, so being changed last says nothing of whose next step is current: the
working note is the branch's handoff, the log is named after it ("also on this branch")."""

from __future__ import annotations

import re
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


__all__ = ["is_running_log", "working_first"]
