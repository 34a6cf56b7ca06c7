"""Whether a handoff is current, read from the place where a file says it is not.

A careful reader does not take a step from a file that retires itself: a file that declares
itself no longer current in its title or its opening block ("> Superseded by `docs/PLAN.md`",
"# Deploy notes (archived)", "This document is historical") has no current next step, whatever
its "Next steps" section lists. Only the declaration's place counts: "archived" further down
(or "Prior handoff archived at …", "Supersedes the morning handoff") retires nothing.

A log of dated entries moves on past its own steps: when a file's headings carry dates at one
level ("## Update (2026-03-13 14:58)", "### TASK-7（2026-06-20）") and every step the reading
found lies inside an older entry of a log written downward, the newest entry is where
things stand and only what it says (or what follows it) counts. A log of numbered sessions
("## Session 12", "## Session 13", "## Sitzung 4") is read so by its numbers: the highest is the
newest entry, wherever it sits.

A careful reader judges a long running log on its newest entry: a dead end, a step or a path
that only an older entry records is history, not where the next session starts. The newest entry is
the log's first entry when it is written newest-first ("## Latest Session (January 28, 2026)"
over "## Previous Session (January 27, 2026)"), its last when written downward; the older entries
are those at that level dated before it (`older_entries`). Sections outside the entries (a "Next
TODOs" list between them, an undated addendum) still count, and a short log is read whole.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from importlib import resources

from handoff_audit.markdown.outline import Section

_MARK = (
    r"(?:superseded|archived|deprecated|obsolete|outdated|historical|retired|"
    r"no longer (?:current|maintained|valid|accurate|in use|used|active)|"
    r"replaced by|已归档|已废弃|已过时|已失效|历史归档)"
)
_TITLE_MARK = re.compile(
    r"[(\[（【]\s*" + _MARK + r"\b[^)\]）】\n]{0,40}[)\]）】]|[—–-]\s*" + _MARK + r"\s*$",
    re.IGNORECASE,
)
"""A title that tags itself retired: "Deploy notes (archived)", "Plan — superseded"."""
_BANNER = re.compile(
    r"^\s*(?:(?:>|\*\*|__|[⚠🚫❌📦])[\s>*_⚠️🚫❌📦!:-]{0,10}|)"
    r"(?:(?:status|note|notice|warning|important|attention)\s*[:：]\s*[*_\s]{0,4})?"
    r"(?<=[>*_⚠️🚫❌📦!:：\s])" + _MARK + r"\b",
    re.IGNORECASE,
)
"""An opening block that starts on the mark: "> **Superseded as working guidance by …**"."""
_SELF = re.compile(
    r"\bthis (?:file|document|doc|handoff|handover|note|page|plan)\b[^.\n]{0,30}?\b"
    r"(?:is|was|has been|is now|are)\s+(?:now\s+|kept\s+(?:only\s+)?as\s+(?:an?\s+)?|"
    r"only\s+)?" + _MARK + r"|\bdo not (?:follow|use) this (?:file|document|handoff|plan)\b",
    re.IGNORECASE,
)
"""The file as the subject: "This document is superseded", "do not follow this file"."""
OPENING = 2
"""Blocks after the title read for a declaration (a banner sits right under the title)."""


def declared_retired(sections: Sequence[Section]) -> bool:
    """The file says, in its title or its opening block, that it is no longer current."""
    titled = [section for section in sections if section.level > 0][:1]
    if titled and _TITLE_MARK.search(titled[0].heading):
        return True
    opening: list[str] = []
    for section in sections[: 1 + len(titled)]:
        opening.extend(text for _, text, code in section.texts if not code)
    return any(_BANNER.match(text) or _SELF.search(text[:300]) for text in opening[:OPENING])


_DATE = re.compile(
    r"(?<!\d)(20\d\d)[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)(?:[^\d\n]{0,12}?(\d{1,2}):(\d\d))?"
)
"""A date in a heading, with the time of day when it follows ("2026-03-13 14:58 ET")."""
ENTRIES = 2
"""Dated headings at one level that make a log of entries."""
LONG_LOG = 20
"""Entries that make a log long: a reader reads a short log whole, a long one from its newest
entry (over the labelled sets, dead ends in older entries of logs of 4-14 entries still counted
for the readers; in logs of 27-89 entries they did not)."""


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?"
_NAMED_DATE = re.compile(
    r"\b" + _MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2})?,?\s+(20\d\d)\b"
    r"|\b(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+(20\d\d)\b",
    re.IGNORECASE,
)
"""A date with the month's name ("January 28, 2026", "Jan 15-16, 2026", "3 March 2026")."""


_RU_MONTHS = (
    "январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр", "октябр",
    "ноябр", "декабр",
)  # fmt: skip
_RU_DATE = re.compile(
    r"(?<!\d)(\d{1,2})\s+(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|"
    r"октября|ноября|декабря)\s+(20\d\d)(?!\d)(?:[^\d\n]{0,12}?(\d{1,2}):(\d\d))?",
    re.IGNORECASE,
)
"""A Russian date, the month in the genitive ("17 июля 2025, 19:30")."""


def _dated(heading: str) -> tuple[int, ...] | None:
    found = _DATE.search(heading)
    if found is not None:
        return tuple(int(part) if part else 0 for part in found.groups())
    russian = _RU_DATE.search(heading)
    if russian is not None:
        day, month, year, hour, minute = russian.groups()
        number = next(i for i, stem in enumerate(_RU_MONTHS, 1) if month.lower().startswith(stem))
        return (int(year), number, int(day), int(hour or 0), int(minute or 0))
    named = _NAMED_DATE.search(heading)
    if named is None:
        return None
    month, day, year = named.group(1, 2, 3) if named.group(1) else named.group(5, 4, 6)
    return (int(year), _MONTHS.index(month[:3].lower()) + 1, int(day), 0, 0)


_SHIPPED = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?\s*(?:what\s+(?:shipped|landed|was done|got done|happened)|"
    r"shipped|completed|done|merged)\b[^:：\n]{0,40}[:：]",
    re.IGNORECASE,
)
"""A label over what a session finished: "**What shipped (merged):**", "Completed:"."""


def shipped_entry(heading: str, body: Sequence[str]) -> bool:
    """A dated log entry that reports what a session finished ("### 2026-05-01 — Sprint 23",
    then "**What shipped:**"): its heading is the entry's title, not a next step, whatever
    words ("plan", "resume") it carries."""
    return _dated(heading) is not None and any(_SHIPPED.match(line) for line in body)


_NUMBERED = re.compile(
    r"^[^\w#]*(?:session|sitzung|sesi[oó]n|sess[aã]o|sessione|s[ée]ance)\s*(?:#|no\.?|nr\.?)?\s*"
    r"(\d{1,5})(?:\.(\d{1,3}))?(?!\d)",
    re.IGNORECASE,
)
"""A numbered session heading, its number first ("Session 12", "Sitzung 3:", "Sesión #4",
"Session 20.1 — guide"). Only sessions: "Day 3", "Phase 2", "Step 4" or "#12" head a plan's
parts or an issue as often as a log's entries."""


def entry_date(heading: str) -> tuple[int, ...] | None:
    """The date a log entry's heading carries, as `log_entries` orders the entries by it
    (year, month, day, hour, minute); ``None`` for a heading with no date."""
    return _dated(heading)


def _numbered(heading: str) -> tuple[int, ...] | None:
    found = _NUMBERED.match(heading)
    if found is None:
        return None
    return (int(found.group(1)), int(found.group(2) or 0))


def newest_entry(sections: Sequence[Section], lines: Sequence[int]) -> int | None:
    """The line of the newest entry of a dated log written downward (of a log of numbered
    sessions, the highest number's, wherever it sits), when every one of ``lines`` lies inside
    an older entry (the log moved on past them), else ``None``."""
    entries, numbered = _entries(sections)
    keys = [key for _, key in entries]
    if not lines or len(entries) < ENTRIES:
        return None
    if numbered:
        newest, key = max(entries, key=lambda entry: entry[1])
    elif keys != sorted(keys):
        return None  # not a log written downward: a plan's dates, newest-first notes
    else:
        newest, key = entries[-1]
    level = sections[newest].level
    older = {index for index, earlier in entries if earlier < key}
    if all(_entry_of(sections, level, line) in older for line in lines):
        return sections[newest].line
    return None


def older_entries(sections: Sequence[Section]) -> list[tuple[int, int]]:
    """The line ranges (first, end) of the entries a long dated log has moved on from: every
    entry dated before its newest date, when that date heads the log or ends it; none when the
    file is no such log (short, one date, or the newest date at both ends or in the middle)."""
    if len(_entries(sections)[0]) < LONG_LOG:
        return []
    log = log_entries(sections)
    return log[1] if log is not None else []


def log_entries(
    sections: Sequence[Section],
) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """The line range (first, end) of a dated log's newest entry and those of the entries
    dated before it, long log or short, when the newest date heads the log or ends it; ``None``
    when the file is no such log (one date, or the newest date at both ends or in the middle).
    A log of numbered sessions ("## Session 13") is read by the numbers: its newest entry is the
    one highest number, wherever it sits."""
    entries, numbered = _entries(sections)
    keys = [key for _, key in entries]
    if len(set(keys)) < ENTRIES:
        return None
    top = max(keys)
    if numbered:
        if keys.count(top) > 1:
            return None  # "Session 13" twice: no newest to tell
        newest = entries[keys.index(top)][0]
    elif (keys[0] == top) == (keys[-1] == top):
        return None  # the newest date at both ends, or in the middle: no order to read
    else:
        newest = entries[0][0] if keys[0] == top else entries[-1][0]
    older = [(sections[index].line, _end(sections, index)) for index, key in entries if key < top]
    return (sections[newest].line, _end(sections, newest)), older


def _entries(sections: Sequence[Section]) -> tuple[list[tuple[int, tuple[int, ...]]], bool]:
    """The dated headings at the level most of them share, in order, with their dates; when
    they hold fewer than two dates, the numbered session headings so, with their numbers (and
    True: numbered)."""
    dated = _headed(sections, _dated)
    if len({key for _, key in dated}) >= ENTRIES:
        return dated, False
    numbered = _headed(sections, _numbered)
    return (numbered, True) if numbered else (dated, False)


def _headed(
    sections: Sequence[Section], key_of: Callable[[str], tuple[int, ...] | None]
) -> list[tuple[int, tuple[int, ...]]]:
    """The headings ``key_of`` reads a key from, at the level most of them share, in order."""
    dated = {
        index: key
        for index, section in enumerate(sections)
        if section.level > 0 and (key := key_of(section.heading)) is not None
    }
    levels = Counter(sections[index].level for index in dated)
    if not levels:
        return []
    level = levels.most_common(1)[0][0]
    return sorted((index, key) for index, key in dated.items() if sections[index].level == level)


def _end(sections: Sequence[Section], index: int) -> int:
    """The line where the section at ``index`` and its subsections end (the next heading at
    its level or above), or a line past any text."""
    level = sections[index].level
    following = (section.line for section in sections[index + 1 :] if section.level <= level)
    return next(following, 1 << 30)


def _entry_of(sections: Sequence[Section], level: int, line: int) -> int:
    """The index of the section at ``level`` that holds ``line`` (or -1 above that level)."""
    index = max((i for i, section in enumerate(sections) if section.line <= line), default=0)
    while index > 0 and sections[index].level > level:
        index -= 1  # up to the ancestor at the entries' level
    return index if sections[index].level == level else -1


def _log_heading() -> re.Pattern[str]:
    """`LOG_HEADING` from its phrases (package data, ``markdown/cues/logs.json``), each a
    whole word but in Chinese and Japanese, which write no spaces between words."""
    text = resources.files("handoff_audit.markdown").joinpath("cues", "logs.json")
    phrases = json.loads(text.read_text("utf-8"))
    words = [re.escape(p) + ("" if _UNSPACED.search(p) else r"\b") for p in phrases]
    return re.compile(rf"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:{'|'.join(words)})", re.IGNORECASE)


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
LOG_HEADING = _log_heading()
"""A heading over a log of what was done that names no facet of its own ("## What happened",
"## Verlauf", "## 履歴")."""


def _under_log(sections: list[Section], n: int) -> bool:
    """``sections[n]`` is a subsection of a log's heading ("### 3.8 Resume" under "## 3. What
    changed, by area"): one more record of what was done, whatever its own title says. A
    file's title ("# Session log") is the whole file, not a log section in it."""
    level = sections[n].level
    for section in reversed(sections[:n]):
        if 0 < section.level < level:
            if section.level > 1 and LOG_HEADING.match(section.heading):
                return True
            level = section.level
    return False


def unread_log_titles(sections: list[Section]) -> list[Section]:
    """``sections`` with no next-step facet for a log entry's title ("### Session 2026-09-03 —
    Phase 0: Plan" under "## History"): it records a session, and the labels in it ("**Cần làm
    tiếp:**") say what to do, as anywhere else."""
    return [
        replace(s, facet=None) if s.facet == "next" and _under_log(sections, n) else s
        for n, s in enumerate(sections)
    ]


__all__ = [
    "LOG_HEADING",
    "declared_retired",
    "entry_date",
    "log_entries",
    "newest_entry",
    "older_entries",
    "shipped_entry",
    "unread_log_titles",
]
