"""The next file's name in a series whose names put a number before the date,
``handoff-0073-2026-08-22-1044-topic.md`` (gutohuida/AgentWeave's ``.claude/handoffs/``): the
Stop hook asks for ``handoff-0074-<today>-<now>-<topic>.md``, the series' own naming, not a bare
``<today>-<topic>.md``. The date (and time, when the names hold one) still ranks it
(`series_order.name_key`), so it is picked as the series' current handoff.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import UTC, datetime

from handoff_audit.engine.series_order import name_key

_PATTERN = re.compile(
    r"\A(?P<head>[^\W\d]+[-_])(?P<number>\d+)(?P<sep>[-_])(?P<date>20\d\d-\d\d-\d\d)"
    r"(?P<time>[-_][0-2]\d[0-5]\d)?(?=[-_.])"
)
"""``handoff-`` (words, no digit), the number, then an ISO date and, optionally, ``HHMM``."""
_MINUTE = 60


def _shape(name: str) -> tuple[str, int, str, bool] | None:
    """What a series file's name shares with its series' other names: the words before the
    number, the number's width, the separator after it, and whether a time follows the date."""
    match = _PATTERN.match(name)
    if match is None:
        return None
    return match["head"], len(match["number"]), match["sep"], match["time"] is not None


def patterned(
    current: str, known: Collection[str], now: datetime | None = None
) -> tuple[str, str] | None:
    """The next file of ``current``'s series (``known``: its files, from the root) named as
    ``current`` and another of its folder are, ``<topic>`` for its topic: the highest number
    there plus one, its width kept, then today's date (UTC) and, when the names hold one, the
    time; a minute after ``current``'s when that is later (a misdated file is renamed first).
    ``None`` when the series' newest names share no such pattern. With it, why that name is
    the series' current handoff (`series_successor.Successor`'s fields)."""
    folder, _, name = current.rpartition("/")
    shape = _shape(name)
    if shape is None:
        return None
    head, width, sep, timed = shape
    same = [
        int(match["number"])
        for other in known
        if other.rpartition("/")[0] == folder
        and _shape(base := other.rpartition("/")[2]) == shape
        and (match := _PATTERN.match(base)) is not None
    ]
    ahead = name_key(current)
    if len(same) < 2 or ahead is None:
        return None
    moment = int((now or datetime.now(UTC)).timestamp()) // _MINUTE * _MINUTE
    when = max(moment, ahead[1][0] + _MINUTE) if timed else max(moment, ahead[1][0])
    stamp = datetime.fromtimestamp(when, UTC).strftime(
        f"%Y-%m-%d{sep}%H%M" if timed else "%Y-%m-%d"
    )
    number = str(max(same) + 1).zfill(width)
    base = f"{head}{number}{sep}{stamp}{sep}<topic>.md"
    path = f"{folder}/{base}" if folder else base
    why = (
        f"the number {number} follows the series' last, and the date in the name ranks it "
        "above the others, so it is the series' current handoff"
    )
    return path, why
