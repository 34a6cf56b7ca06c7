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
    reading = read(_BODY.format(closing="Test the exporter on the March archive, then tag it."))
    assert reading.has("next")
