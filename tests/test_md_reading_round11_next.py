"""Round 11 of the next-step reading: a next-step heading over nothing a session can start.

A careful reader finds no next step under a "Next steps" heading when every item is an open
question ("Whether to persist state?") or a hedge ("Consider adding …"). Examples written for
these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_QUESTIONS = """# Handoff: export pipeline

## Done

- Moved the CSV export to `src/export/csv.py`; all 41 tests pass.

## Next steps

{items}
"""


def test_only_open_questions_under_next_steps_are_no_step() -> None:
    items = (
        "- Whether to keep the export job in the web worker or move it to cron.\n"
        "- How much of the XLSX path belongs in this release?\n"
    )
    reading = read(_QUESTIONS.format(items=items))
    assert not any(e.how == "heading" for e in reading.found["next"])


def test_only_hedged_ideas_under_next_steps_are_no_step() -> None:
    items = (
        "- Consider adding a progress bar to the export dialog.\n"
        "- Maybe cache the column metadata between runs.\n"
    )
    reading = read(_QUESTIONS.format(items=items))
    assert not any(e.how == "heading" for e in reading.found["next"])


def test_one_real_step_beside_a_question_is_a_next_step() -> None:
    items = (
        "- Whether to keep the export job in the web worker or move it to cron.\n"
        "- Wire `export_xlsx()` into the download button in `src/ui/ExportDialog.tsx`.\n"
    )
    assert any(e.how == "heading" for e in read(_QUESTIONS.format(items=items)).found["next"])


def test_a_conditional_step_stays_a_next_step() -> None:
    # "If …, do …" names work to do once the condition holds: a step, not a wish.
    items = "- If the staging export passes, merge `feature/xlsx` and tag v2.3.\n"
    assert any(e.how == "heading" for e in read(_QUESTIONS.format(items=items)).found["next"])
