"""What a series file's name says it is, whatever dates or numbers it holds: the live file
(``current.md``, ``current-session.md``, ``CURRENT_HANDOFF.md``) or history (``archive-…``,
``old-…``). `engine.series_order` puts it before the order by date; the rules word their advice
by it (a live file is added to, never followed by a dated one).
"""

from __future__ import annotations

import re

CURRENT_NAMES = frozenset({"current", "latest", "now"})
"""Names (``.md`` left out, any case) that say a file is its series' current handoff."""
_LIVE = re.compile(
    r"(?:current|latest)[-_. ]?(?:session|handoff|state|status|notes|context|work)", re.IGNORECASE
)
"""Whole names that say the file is the live one: ``current`` or ``latest`` and one word of
what it holds (``current-session``, ``CURRENT_HANDOFF``, ``latest-notes``). Not a topic
(``current-bugs``, ``latest-news-2026-01-02``): a dated write-up must not outrank dates."""
_ARCHIVED = re.compile(r"^(?:archived?|old)(?:[-_. ]|$)", re.IGNORECASE)
"""Names (``.md`` left out) that say a file is history by their first word: ``archive-s215-s219``,
``old-notes``; not ``older-plan``, ``archiver``, nor a topic's word after a date or another
word (``2026-03-01-archive-export-feature``, ``2026-12-05-export-archive``, ``fix-old-login``)."""
_ARCHIVE_END = re.compile(r"[-_. ]archived?$", re.IGNORECASE)
"""A last word that says a name with no date and no number is history (``handoffs-archive``,
``sessions_archived``). In a dated or numbered name it is the topic's
(``2026-12-05-export-archive``): the Stop hook asks for the next file by its date alone."""
_DIGIT = re.compile(r"\d")
_DATE_FOLDER = re.compile(
    r"20\d\d(?P<sep>[-_.]?)(?:0[1-9]|1[0-2])(?P=sep)(?:0[1-9]|[12]\d|3[01])", re.ASCII
)
"""A folder named by a date alone (``20241212``, ``2024-12-12``): one folder per session."""


def series_home(folder: str) -> str:
    """The folder of the series a file in ``folder`` belongs to: ``folder``'s parent when
    ``folder`` is named by a date alone (`_DATE_FOLDER`: ``docs/sessions/20241215``, one folder
    per session, its file dated by the folder's name), else ``folder`` itself."""
    parent, _, name = folder.rpartition("/")
    return parent if parent and _DATE_FOLDER.fullmatch(name) else folder


def dated_folder(folder: str) -> bool:
    """True when a series keeps ``folder`` as one session's (`series_home`)."""
    return series_home(folder) != folder


def name_says(name: str) -> int:
    """What the name of ``name`` (a file's name or path) says of its place in its series:
    -1 for history (`_ARCHIVED`, `_ARCHIVE_END`; it outranks a live name), 1 for the
    current one (`CURRENT_NAMES`, `_LIVE`), else 0."""
    stem = name.rpartition("/")[2]
    stem = stem[: -len(".md")] if stem.lower().endswith(".md") else stem
    if _ARCHIVED.search(stem) or (_ARCHIVE_END.search(stem) and not _DIGIT.search(stem)):
        return -1
    return 1 if stem.lower() in CURRENT_NAMES or _LIVE.fullmatch(stem) else 0
