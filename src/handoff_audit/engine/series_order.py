"""Which file of a series is its current handoff: the order of a series' files by name.

A file whose name holds a full date (``2025-11-23``, ``2025-11-9``, ``20251123``,
``30.11.2025``, an optional time after it) goes by that date; else one whose name holds a
number (``session-11.md``) by its numbers, compared as numbers; else by its last commit
(`NameOrder.commit_ordered`). A date outranks a number, and a number a last commit.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

_TIME = r"(?:[-_T ]?(?P<hour>[01]\d|2[0-3])[-:h]?(?P<minute>[0-5]\d)(?!\d)|(?!\d))"
_YEAR_FIRST = re.compile(
    r"(?<!\d)(?P<year>20\d\d)(?P<sep>[-_.]?)"
    r"(?P<month>1[0-2]|0[1-9]|(?<=[-_.])[1-9])(?P=sep)"
    r"(?P<day>3[01]|[12]\d|0[1-9]|(?<=[-_.])[1-9])" + _TIME
)
"""``2025-11-23``, ``2025-11-9`` (no leading zero only between separators), ``20251123``."""
_DAY_FIRST = re.compile(
    r"(?<!\d)(?P<day>3[01]|[12]\d|0?[1-9])\.(?P<month>1[0-2]|0?[1-9])\.(?P<year>20\d\d)" + _TIME
)
"""``30.11.2025``, ``1.12.2025``."""
_DIGITS = re.compile(r"(\d+)")

DATED, NUMBERED, COMMITTED = 2, 1, 0
"""How a file's place in its series is decided, the strongest first."""

NameKey = tuple[int, int | tuple[int, ...], tuple[str | int, ...]]
"""A file's place: how it is decided, the date or numbers, then its name in natural order."""


def date_in(name: str) -> int | None:
    """The date (and time) in a file's name as seconds since the epoch, UTC; ``None``
    without one (or with an impossible one, ``2025-02-30``)."""
    base = name.rpartition("/")[2]
    for pattern in (_YEAR_FIRST, _DAY_FIRST):
        for match in pattern.finditer(base):
            parts = match.groupdict()
            try:
                when = datetime(
                    int(parts["year"]),
                    int(parts["month"]),
                    int(parts["day"]),
                    int(parts["hour"] or 0),
                    int(parts["minute"] or 0),
                    tzinfo=UTC,
                )
            except ValueError:
                continue
            return int(when.timestamp())
    return None


def natural(name: str) -> tuple[str | int, ...]:
    """A file's name (its folder left out) in natural order: ``session-9`` before
    ``session-10``. Text and numbers alternate, text first, so two keys always compare."""
    stem = name.rpartition("/")[2].lower().removesuffix(".md")
    parts = _DIGITS.split(stem)
    return tuple(int(part) if i % 2 else part for i, part in enumerate(parts))


def name_key(name: str) -> NameKey | None:
    """The place of ``name`` in its series by name alone; ``None`` when only its last commit
    can tell (no date and no number in the name)."""
    key = natural(name)
    when = date_in(name)
    if when is not None:
        return (DATED, when, key)
    numbers = tuple(part for part in key if isinstance(part, int))
    if numbers:
        return (NUMBERED, numbers, key)
    return None


def newest_first(names: list[str], committed: dict[str, int]) -> list[str]:
    """``names`` (one series), newest first: by `name_key`, else by ``committed`` (each
    name's last commit or modification time, seconds)."""

    def key(name: str) -> NameKey:
        return name_key(name) or (COMMITTED, committed.get(name, 0), natural(name))

    return sorted(names, key=key, reverse=True)
