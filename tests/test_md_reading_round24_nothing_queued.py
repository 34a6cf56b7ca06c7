"""Round 24 of the next-step reading: "Nothing queued" under a next-step heading is an empty list.

A status file kept up to date session by session often leaves its next-step heading in place and
writes "Nothing queued" or "None planned yet" under it: a careful reader finds no next step there.
The item's shape says so: "nothing" or "none", then one bare participle and nothing it acts on.
Examples written for these tests (not copied from any labelled file), each beside a near miss
that must stay a step.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_FILE = """# STATUS: ticket sync

## Last completed

- Ticket sync writes `closed_at` and `state` in one update (`sync/tickets.py`, commit `4be91c2`).

## In progress

- Nothing active

## Next up

{items}
"""


def _heading_step(items: str) -> bool:
    return any(e.how == "heading" for e in read(_FILE.format(items=items)).found["next"])


def test_nothing_queued_is_no_step() -> None:
    assert not _heading_step("- Nothing queued\n")


def test_none_planned_yet_is_no_step() -> None:
    assert not _heading_step("- None planned yet.\n")


def test_nothing_with_an_object_stays_a_step() -> None:
    items = "- Nothing queued in `jobs/`: wire the scheduler to `jobs/queue.py` first.\n"
    assert _heading_step(items)


def test_a_real_step_beside_nothing_queued_is_a_step() -> None:
    items = "- Nothing queued for the UI\n- Add the retry limit to `sync/tickets.py`.\n"
    assert _heading_step(items)
