"""Round 8 of the facet reading: a closing ``Label: value`` line is read by its value.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_BODY = """# Session handoff

## Done

- Moved the exporter to `src/export/csv.py`; the old module is deleted.
- The CI job `export-smoke` runs on every push.

## Last run

{closing}
"""


def test_a_closing_record_whose_label_is_a_verb_is_no_next_step() -> None:
    # "Test result: passed" records what happened; "Test" is the label, not an order.
    reading = read(_BODY.format(closing="Test result: passed"))
    assert not reading.has("next")


def test_a_closing_label_whose_value_is_an_order_is_a_next_step() -> None:
    reading = read(_BODY.format(closing="Owner: run the exporter on the March archive."))
    assert [each.how for each in reading.found["next"]] == ["last paragraph"]


def test_a_closing_order_with_no_label_still_counts() -> None:
    reading = read(_BODY.format(closing="Run the exporter on the March archive, then tag it."))
    assert reading.has("next")


_PLAN = """# Handoff: export service

## Status

- The CSV exporter ships; `src/export/csv.py` holds it.
- {first}
- {second}

## Next

- Add the Parquet writer in `src/export/parquet.py`.
"""


def test_deferred_and_out_of_scope_work_is_not_ruled_out() -> None:
    # The reader's guide: a deferred or out-of-scope item is not an approach that was rejected.
    text = _PLAN.format(
        first="Docker packaging is deferred until the exporter is stable.",
        second="Streaming upload is out of scope for this milestone.",
    )
    assert not read(text).has("ruled_out")


def test_an_approach_tried_and_dropped_is_ruled_out() -> None:
    text = _PLAN.format(
        first="Tried pandas for the writer; it did not work with 2 GB files.",
        second="Streaming upload is out of scope for this milestone.",
    )
    assert read(text).has("ruled_out")


_RULES = """# Handoff: sync worker

## Where it stands

- The worker syncs orders every minute; `worker/sync.py` holds the loop.

## Notes for the next session

- {first}
- {second}

## Next

- Add retries to `worker/sync.py` for HTTP 429.
"""


def test_standing_rules_without_a_reason_are_not_ruled_out() -> None:
    # House rules ("do not", "never") are no approach that was tried or rejected.
    text = _RULES.format(
        first="Do not push to main directly.",
        second="Never edit the generated client in `worker/api/`.",
    )
    assert not read(text).has("ruled_out")


def test_a_dont_with_what_went_wrong_is_ruled_out() -> None:
    text = _RULES.format(
        first="Do not push to main directly.",
        second="Don't go back to polling every second: it got us rate-limited for a day.",
    )
    assert read(text).has("ruled_out")


_WARNINGS = """# Handoff: mobile build

## Done

- The release build of `app/android` passes on CI.

## {heading}

- {item}

## Next

- Add the iOS signing step to `.github/workflows/release.yml`.
"""


def test_a_heading_about_build_warnings_is_not_ruled_out() -> None:
    # "Warnings" a compiler printed are a state, not an approach that was dropped.
    text = _WARNINGS.format(heading="Build warnings", item="Three deprecation notices remain.")
    assert not read(text).has("ruled_out")


def test_a_gotchas_heading_still_names_ruled_out() -> None:
    text = _WARNINGS.format(
        heading="Gotchas", item="Tried R8 full mode: it strips the JSON models, so it stays off."
    )
    assert read(text).has("ruled_out")


_TABLE = """# Handoff: migration tracker

## Status

{body}

## Next

- Port the `orders` table in `db/migrations/0042_orders.sql`.
"""


def test_words_in_a_table_reject_nothing() -> None:
    # A status column holding "reverted" or "abandoned" records rows; no approach was dropped.
    body = (
        "| Migration | State |\n|---|---|\n| 0040_users | applied |\n"
        "| 0041_carts | reverted |\n| 0039_legacy | abandoned |"
    )
    assert not read(_TABLE.format(body=body)).has("ruled_out")


def test_the_same_words_in_prose_are_ruled_out() -> None:
    body = "Reverted 0041_carts: the batched copy locked the table for minutes."
    assert read(_TABLE.format(body=body)).has("ruled_out")


_OPTIONS = """# Handoff: storage

## Where it stands

- Orders are stored in SQLite at `data/orders.db`.

## Options

{body}
"""


def test_a_recommended_option_is_no_decision_yet() -> None:
    # A recommendation waits for someone to choose; nothing was decided, with or without a reason.
    body = "**Option B (Recommended):** move the orders to Postgres.\n\n**Option A:** keep SQLite."
    assert not read(_OPTIONS.format(body=body)).has("decisions")


def test_a_choice_with_its_reason_is_a_decision() -> None:
    body = "Chose Postgres over SQLite because concurrent writers locked the file."
    assert read(_OPTIONS.format(body=body)).has("decisions")
