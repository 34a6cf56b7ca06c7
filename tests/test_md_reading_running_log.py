"""A long running log is judged on its newest entry: a dead end, a step or a path only an older
entry records is history, not where the next session starts.

The log's shape decides (dated entry headings at one level, their order, how many there are):
the newest entry heads a log written newest-first and ends one written downward. A short log
is read whole, and a dead end outside the dated entries still counts. Examples written for
these tests (not copied from any labelled file).
"""

from __future__ import annotations

from handoff_audit.markdown.currency import LONG_LOG, older_entries
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.outline import outline

_DEAD_END = (
    "- Tried caching the rendered tiles in Redis; it failed because the tiles are keyed by "
    "viewport and the hit rate stayed under 5 %.\n"
)


def _entry(day: int, *, dead_end: bool = False) -> str:
    return (
        f"## 2026-03-{day:02d} — map tiles, session {day}\n\n"
        f"- Rendered the zoom level {day % 7 + 3} tiles for `tiles/render.py`; 41 tests pass.\n"
        + (_DEAD_END if dead_end else "")
        + f"- Next: render zoom level {day % 7 + 4} with `make tiles ZOOM={day % 7 + 4}`.\n\n"
    )


def _log(days: list[int], dead_end_day: int, *, extra: str = "") -> str:
    body = "".join(_entry(day, dead_end=day == dead_end_day) for day in days)
    return "# Tile server — handoff log\n\nOne entry per session.\n\n" + body + extra


_DOWNWARD = list(range(1, LONG_LOG + 3))


def test_a_dead_end_only_in_an_older_entry_of_a_long_log_is_history() -> None:
    reading = read(_log(_DOWNWARD, dead_end_day=2))
    assert not reading.has("ruled_out")
    assert reading.has("next")


def test_a_dead_end_in_the_newest_entry_counts() -> None:
    assert read(_log(_DOWNWARD, dead_end_day=_DOWNWARD[-1])).has("ruled_out")


def test_a_log_written_newest_first_is_judged_on_its_first_entry() -> None:
    newest_first = _DOWNWARD[::-1]
    assert not read(_log(newest_first, dead_end_day=3)).has("ruled_out")
    assert read(_log(newest_first, dead_end_day=newest_first[0])).has("ruled_out")


def test_a_short_log_is_read_whole() -> None:
    assert read(_log([1, 2, 3, 4, 5], dead_end_day=2)).has("ruled_out")


def test_a_dead_end_outside_the_entries_still_counts() -> None:
    standing = "## Known dead ends\n\n" + _DEAD_END
    assert read(_log(_DOWNWARD, dead_end_day=0, extra=standing)).has("ruled_out")


def test_entries_of_the_newest_date_are_all_current() -> None:
    days = [*range(LONG_LOG + 2, 1, -1)]
    text = _log(days, dead_end_day=0).replace(
        "# Tile server — handoff log\n\nOne entry per session.\n\n",
        "# Tile server — handoff log\n\n## 2026-03-30 (b) — evening\n\n"
        + _DEAD_END
        + "\n## 2026-03-30 (a) — morning\n\n- Merged the tile cache PR.\n\n",
    )
    assert read(text).has("ruled_out")


def test_dates_with_the_month_named_order_a_log() -> None:
    sessions = "".join(
        f"## Previous Session (January {day}, 2026)\n\n- Refreshed the dashboard data.\n"
        + (_DEAD_END if day == 3 else "")
        + "\n"
        for day in range(LONG_LOG + 2, 0, -1)
    )
    text = (
        "# Session resume\n\n## Latest Session (February 2, 2026)\n\n- Shipped v2.\n\n" + sessions
    )
    assert older_entries(outline(text)[0])
    assert not read(text).has("ruled_out")


def test_a_plan_with_its_newest_date_in_the_middle_is_no_log() -> None:
    days = [*range(1, 11), 28, *range(11, 26)]
    text = _log(days, dead_end_day=2)
    assert not older_entries(outline(text)[0])
    assert read(text).has("ruled_out")


def test_steps_and_paths_only_in_older_entries_are_history() -> None:
    newest = (
        "## 2026-04-30 16:05 — lower the tile budget while panning\n\n"
        "- Made the renderer use a coarser detail level while the camera moves.\n"
        "- Not verified yet on a device; the 41 unit tests pass.\n\n"
    )
    older = "".join(_entry(day) for day in range(LONG_LOG + 2, 0, -1))
    text = "# Tile server — session log\n\nAppend new entries at the top.\n\n" + newest + older
    reading = read(text)
    assert reading.has("state")
    assert not reading.has("next")
    assert not reading.has("pointers")
    short = "# Tile server — session log\n\n" + newest + "".join(_entry(day) for day in (3, 2, 1))
    assert read(short).has("pointers")
