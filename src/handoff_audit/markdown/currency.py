"""Whether a handoff is current, read from the place where a file says it is not.

A careful reader does not take a step from a file that retires itself: a file that declares
itself no longer current in its title or its opening block ("> Superseded by `docs/PLAN.md`",
"# Deploy notes (archived)", "This document is historical") has no current next step, whatever
its "Next steps" section lists. Only the declaration's place counts: "archived" further down
(or "Prior handoff archived at …", "Supersedes the morning handoff") retires nothing.

A log of dated entries moves on past its own steps: when a file's headings carry dates at one
level ("## Update (2026-03-13 14:58)", "### TASK-7（2026-06-20）") and every step the reading
found lies inside an older entry of a log written downward, the newest entry is where
things stand and only what it says (or what follows it) counts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
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
    r"(?<!\d)(20\d\d)[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)(?:[^\d\n]{0,12}?(\d{1,2}):(\d\d))?"
)
"""A date in a heading, with the time of day when it follows ("2026-03-13 14:58 ET")."""
ENTRIES = 2
"""Dated headings at one level that make a log of entries."""


def _dated(heading: str) -> tuple[int, ...] | None:
    found = _DATE.search(heading)
    if found is None:
        return None
    return tuple(int(part) if part else 0 for part in found.groups())


def newest_entry(sections: Sequence[Blocks], lines: Sequence[int]) -> int | None:
    """The line of the newest entry of a dated log written downward, when every one of
    ``lines`` lies inside an older entry (the log moved on past them), else ``None``."""
    dated = {
        index: key
        for index, section in enumerate(sections)
        if section.level > 0 and (key := _dated(section.heading)) is not None
    }
    levels = Counter(sections[index].level for index in dated)
    if not lines or not levels:
        return None
    level, count = levels.most_common(1)[0]
    entries = sorted((index, key) for index, key in dated.items() if sections[index].level == level)
    keys = [key for _, key in entries]
    if count < ENTRIES or keys != sorted(keys):
        return None  # not a log written downward: a plan's dates, newest-first notes
    newest, key = entries[-1]
    older = {index for index, earlier in entries if earlier < key}
    if all(_entry_of(sections, level, line) in older for line in lines):
        return sections[newest].line
    return None


def _entry_of(sections: Sequence[Blocks], level: int, line: int) -> int:
    """The index of the section at ``level`` that holds ``line`` (or -1 above that level)."""
    index = max((i for i, section in enumerate(sections) if section.line <= line), default=0)
    while index > 0 and sections[index].level > level:
        index -= 1  # up to the ancestor at the entries' level
    return index if sections[index].level == level else -1


__all__ = ["declared_retired", "newest_entry"]
