"""Which file of a series is its current handoff: the order of a series' files by name.

A file whose name holds a full date (``2025-11-23``, ``2025-11-9``, ``20251123``,
``30.11.2025``, ``28-10-2026``, ``28_10_2026``, an optional time after it) goes by that
date; else one whose name holds a number (``session-11.md``) by its numbers, compared as
numbers; else by its last commit (`NameOrder.commit_ordered`). A date outranks a number, and
a number a last commit.
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
_YEAR_LAST = re.compile(
    r"(?<!\d)(?P<first>3[01]|[12]\d|0?[1-9])(?P<sep>[-_.])(?P<second>3[01]|[12]\d|0?[1-9])"
    r"(?P=sep)(?P<year>20\d\d)" + _TIME
)
"""``30.11.2025``, ``1.12.2025``, ``28-10-2026``, ``28_10_2026``: day first, except in a series
whose dashed names are month first (`month_first`); dots are always day first."""
_DIGITS = re.compile(r"(\d+)")

DATED, NUMBERED, COMMITTED = 2, 1, 0
"""How a file's place in its series is decided, the strongest first."""

NameKey = tuple[int, int | tuple[int, ...], tuple[str | int, ...]]
"""A file's place: how it is decided, the date or numbers, then its name in natural order."""


def month_first(names: list[str]) -> bool:
    """True when a series writes its dates month first (``10-28-2026``): one of its names
    can only be read so, and none only day first (``28-10-2026``)."""
    only_month_first = only_day_first = False
    for name in names:
        for match in _YEAR_LAST.finditer(name.rpartition("/")[2]):
            if match["sep"] != ".":
                only_month_first |= int(match["second"]) > 12
                only_day_first |= int(match["first"]) > 12
    return only_month_first and not only_day_first


def date_in(name: str, months_first: bool = False) -> int | None:
    """The date (and time) in a file's name as seconds since the epoch, UTC; ``None``
    without one (or with an impossible one, ``2025-02-30``). ``months_first``: a dashed
    date with the year last is read month first (`month_first`)."""
    base = name.rpartition("/")[2]
    for pattern in (_YEAR_FIRST, _YEAR_LAST):
        for match in pattern.finditer(base):
            parts = match.groupdict()
            if pattern is _YEAR_LAST:
                swap = months_first and parts["sep"] != "."
                parts["day"], parts["month"] = (
                    (parts["second"], parts["first"]) if swap else (parts["first"], parts["second"])
                )
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


def name_key(name: str, months_first: bool = False) -> NameKey | None:
    """The place of ``name`` in its series by name alone; ``None`` when only its last commit
    can tell (no date and no number in the name). ``months_first``: as `date_in`."""
    key = natural(name)
    when = date_in(name, months_first)
    if when is not None:
        return (DATED, when, key)
    numbers = tuple(part for part in key if isinstance(part, int))
    if numbers:
        return (NUMBERED, numbers, key)
    return None


def newest_first(names: list[str], committed: dict[str, int]) -> list[str]:
    """``names`` (one series), newest first: by `name_key`, else by ``committed`` (each
    name's last commit or modification time, seconds)."""

    months_first = month_first(names)

    def key(name: str) -> NameKey:
        return name_key(name, months_first) or (COMMITTED, committed.get(name, 0), natural(name))

    return sorted(names, key=key, reverse=True)
