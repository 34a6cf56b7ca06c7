"""Round 17 of the next-step reading: a dated log that moved on past its own steps.

A careful reader of a session log written downward ("## 2026-05-02 — …", one entry per
session) reads where things stand in the newest entry: a "Next" list inside an older entry is
history once a later entry follows it, and the newest entry names no step. Examples written for
these tests (not copied from any labelled file), each beside a near miss that must keep its step.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_LOG = """# Session log: payment webhooks

## Project

Stripe webhooks for the shop backend, handled in `app/webhooks/stripe.py`.

## 2026-05-02 — signature checks

- Added the signature check to `app/webhooks/stripe.py`; 14 tests pass.

### Next

- Add the retry queue for failed deliveries in `app/webhooks/queue.py`.

## 2026-05-04 — delivery back-off

- The retry queue landed in `app/webhooks/queue.py` with exponential back-off.
- Deployed to staging; the Stripe dashboard shows deliveries acknowledged.
{newest}"""


def _next(text: str) -> list[int]:
    return [evidence.line for evidence in read(text).found["next"]]


def test_a_step_in_an_older_entry_is_history() -> None:
    assert _next(_LOG.format(newest="")) == []


def test_the_newest_entry_s_own_step_counts() -> None:
    newest = "\n### Next\n\n- Write the dead-letter report in `app/webhooks/report.py`.\n"
    text = _LOG.format(newest=newest)
    assert text.splitlines().index("### Next", 12) + 1 in _next(text)


def test_a_step_said_in_the_newest_entry_s_prose_is_found_where_it_stands() -> None:
    newest = "\n- [ ] Write the dead-letter report in `app/webhooks/report.py`\n"
    text = _LOG.format(newest=newest)
    assert _next(text) == [text.splitlines().index(newest.strip()) + 1]


def test_the_newest_entry_s_step_counts_in_explain_mode_too() -> None:
    newest = "\n### Next\n\n- Write the dead-letter report in `app/webhooks/report.py`.\n"
    assert read(_LOG.format(newest=newest), every=True).found["next"]


def test_entries_of_one_day_do_not_retire_each_other() -> None:
    text = _LOG.format(newest="").replace("2026-05-04", "2026-05-02")
    assert _next(text)


def test_newest_first_notes_are_not_a_log_written_downward() -> None:
    text = (
        _LOG.format(newest="")
        .replace("2026-05-02", "2026-05-09")
        .replace("## 2026-05-04", "## 2026-05-01")
    )
    assert _next(text)


def test_a_standing_next_section_beside_the_entries_keeps_its_step() -> None:
    text = _LOG.format(newest="").replace("### Next", "## Next steps")
    assert _next(text)


def test_one_dated_heading_is_no_log() -> None:
    text = _LOG.format(newest="").replace(
        "## 2026-05-04 — delivery back-off", "## Delivery back-off"
    )
    assert _next(text)
