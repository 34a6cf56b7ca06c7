"""Round 22: headings that carry their own values are a filled-in note, not an empty form.

A resume point written as five `#` lines ("# File target: scripts/build.py", "# Next action:
…") has nothing under any heading, and the empty-form reading took it for a template nobody
filled in: a good handoff failed with a placeholder error. Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read
from handoff_audit.markdown.template import placeholders

_RESUME_POINT = """# RESUME POINT: step 4, related products block
# File target: scripts/render_pages.py
# Current state: header, footer, styles and scripts already use page_fragments.*
# NEXT ACTION: replace ONLY the related-products block in render_page (IT/EN)
# CRITICAL RULE: RELATED_CARD holds CSS braces, so use str.replace(), never .format() on it
"""

_EMPTY_FORM = """# Session handoff

## Step 1: Summary

## Step 2: Files changed

## Step 3: Decisions

## Step 4: Next steps
"""


def test_headings_with_their_values_are_not_an_empty_form() -> None:
    assert placeholders(_RESUME_POINT) == []


def test_label_headings_with_nothing_under_them_are_still_a_form() -> None:
    assert [place.line for place in placeholders(_EMPTY_FORM)] == [3, 5, 7, 9]


def test_a_note_written_in_heading_lines_is_read_as_its_lines() -> None:
    reading = read(_RESUME_POINT)
    assert reading.has("state") and reading.has("pointers")


def test_headings_over_sections_are_still_headings() -> None:
    text = "# Handoff\n\n## State: parsers\n\nAll three parsers merged in `src/parse.py`.\n"
    assert [e.line for e in read(text).found["pointers"]] == [5]
