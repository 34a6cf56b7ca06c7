"""Whether a handoff is current, read from the place where a file says it is not.

A careful reader does not take a step from a file that retires itself: a file that declares
itself no longer current in its title or its opening block ("> Superseded by `docs/PLAN.md`",
"# Deploy notes (archived)", "This document is historical") has no current next step, whatever
its "Next steps" section lists. Only the declaration's place counts: "archived" further down
(or "Prior handoff archived at …", "Supersedes the morning handoff") retires nothing.

A running log is judged on its newest entry: when the file's entries are headings carrying a
date, a step found only inside older entries is not the file's next step. Whether the newest
entry comes first or last is read from the dates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

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


class Blocks(Protocol):
    """A section as `markdown.facets` cuts it."""

    @property
    def line(self) -> int:
        """The heading's line (1 for the text before the first heading)."""

    @property
    def heading(self) -> str:
        """The heading's text, plain."""

    @property
    def level(self) -> int:
        """The heading's level (0 before the first heading)."""

    @property
    def texts(self) -> list[tuple[int, str, bool]]:
        """Each block's first line, its text, and whether it is code."""


def declared_retired(sections: Sequence[Blocks]) -> bool:
    """The file says, in its title or its opening block, that it is no longer current."""
    titled = [section for section in sections if section.level > 0][:1]
    if titled and _TITLE_MARK.search(titled[0].heading):
        return True
    opening: list[str] = []
    for section in sections[: 1 + len(titled)]:
        opening.extend(text for _, text, code in section.texts if not code)
    return any(_BANNER.match(text) or _SELF.search(text[:300]) for text in opening[:OPENING])


_DATE = re.compile(
    r"(?<!\d)(20\d\d)[-/.年](0?[1-9]|1[0-2])[-/.月](0?[1-9]|[12]\d|3[01])(?!\d)"
    r"(?:[^\d\n]{0,12}?(\d{1,2})[:：](\d\d))?"
)
"""A date in a heading ("2026-06-02", "2026/6/2", "2026年6月2日"), with an optional time."""
ENTRIES_NEEDED = 2
"""Dated headings at one level that make the file a running log."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One dated entry of a running log."""

    start: int
    """The line of its heading."""
    end: int
    """The line where the next heading of its level or above starts (exclusive)."""
    when: tuple[int, ...]
    """Its date (and time, when the heading gives one), comparable."""


def older_entries(sections: Sequence[Blocks]) -> list[Entry]:
    """The dated entries of a running log other than its newest; empty when the file is no
    log, or its dates run neither forward nor backward (no newest entry can be told)."""
    entries = _entries(sections)
    if len(entries) < ENTRIES_NEEDED:
        return []
    dates = [entry.when for entry in entries]
    if dates == sorted(dates) and dates[0] != dates[-1]:
        newest = len(entries) - 1
    elif dates == sorted(dates, reverse=True) and dates[0] != dates[-1]:
        newest = 0
    else:
        return []
    return [entry for index, entry in enumerate(entries) if index != newest]


def _entries(sections: Sequence[Blocks]) -> list[Entry]:
    """The dated headings at the level that has the most of them, each to its section's end."""
    dated = [
        (section.level, index, _when(found))
        for index, section in enumerate(sections)
        if section.level > 0 and (found := _DATE.search(section.heading)) is not None
    ]
    if not dated:
        return []
    levels = [level for level, _, _ in dated]
    level = max(set(levels), key=lambda each: (levels.count(each), -each))
    entries: list[Entry] = []
    for heading_level, index, when in dated:
        if heading_level != level:
            continue
        end = next(
            (later.line for later in sections[index + 1 :] if 0 < later.level <= level),
            1 << 30,
        )
        entries.append(Entry(sections[index].line, end, when))
    return entries


def _when(found: re.Match[str]) -> tuple[int, ...]:
    return tuple(int(part) for part in found.groups() if part is not None)


def in_older_entry(line: int, older: Sequence[Entry]) -> bool:
    """The line lies inside one of the log's older entries."""
    return any(entry.start <= line < entry.end for entry in older)


__all__ = ["Entry", "declared_retired", "in_older_entry", "older_entries"]
