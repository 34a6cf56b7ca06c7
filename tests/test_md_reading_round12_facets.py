"""Round 12 of the facet reading (issue 20): calibration measured over every labelled set.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_ONE_WARNING = """# Handoff: invoice export

## Done

- The CSV export writes one row per invoice line (`export/csv.py`).

## Notes

- {first}

## Next

- [ ] Add the PDF export beside it in `export/pdf.py`.
"""


def test_one_warning_with_a_reason_is_no_dead_end() -> None:
    # "Don't X — Y" alone reads as a house rule as often as a rejected path; one is not enough.
    text = _ONE_WARNING.format(first="Don't run the export on the live database — it locks it.")
    assert not read(text).has("ruled_out")


def test_one_trap_word_is_no_dead_end() -> None:
    text = _ONE_WARNING.format(first="Be careful with time zones in the invoice dates.")
    assert not read(text).has("ruled_out")


def test_warnings_in_two_places_are_dead_ends() -> None:
    text = _ONE_WARNING.format(
        first="Don't run the export on the live database — it locks it."
    ).replace(
        "- The CSV export writes",
        "- Excel reads the file as Latin-1 without a BOM, so watch out when opening it.\n"
        "- The CSV export writes",
    )
    reading = read(text)
    assert reading.has("ruled_out")
    assert {each.how for each in reading.found["ruled_out"]} == {
        "a trap",
        "a warning with its reason",
    }


def test_a_warning_backed_by_what_went_wrong_counts_alone() -> None:
    text = _ONE_WARNING.format(
        first="Never run the export on the live database: it crashed the API for an hour."
    )
    reading = read(text)
    assert [each.how for each in reading.found["ruled_out"]] == ["a warning with what went wrong"]


def test_a_tried_approach_still_counts_alone() -> None:
    text = _ONE_WARNING.format(first="Tried streaming with pandas; it ran out of memory at 2 GB.")
    assert read(text).has("ruled_out")


_HEADED = """# Handoff: invoice export

## Done

- The CSV export writes one row per invoice line (`export/csv.py`).

## {heading}

- Editing the generated client in `export/api/` by hand.

## Next

- [ ] Add the PDF export beside it in `export/pdf.py`.
"""


def test_a_heading_of_things_to_avoid_names_no_dead_end() -> None:
    # Over the labelled sets, "Avoid" / "Watch out" / "Anti-patterns" headed house rules more
    # often than approaches that were tried and dropped.
    for heading in ("Things to avoid", "Watch out", "Anti-patterns"):
        assert not read(_HEADED.format(heading=heading)).has("ruled_out"), heading


def test_a_heading_of_what_was_tried_still_names_one() -> None:
    reading = read(_HEADED.format(heading="What we tried"))
    assert [each.how for each in reading.found["ruled_out"]] == ["heading"]
