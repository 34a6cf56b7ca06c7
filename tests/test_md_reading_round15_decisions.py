"""Round 15 of the facet reading (issue 20): a decision's reason given as what it prevents.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_HANDOFF = """# Handoff: photo uploads

## Done

- {line}
- The upload form posts to `api/upload.py`; tests pass.

## Next

- [ ] Resize the thumbnails in `api/thumbs.py`.
"""


def _decisions(line: str) -> list[str]:
    return [each.how for each in read(_HANDOFF.format(line=line)).found["decisions"]]


def test_a_clause_saying_what_a_change_prevents_is_its_reason() -> None:
    line = "Uploads now go through one queue. This prevents two workers writing the same file."
    assert _decisions(line) == ["a consequence that justifies"]


def test_a_reason_after_a_dash_saying_what_it_avoids() -> None:
    line = "**Stored sizes in the database** — avoids reading every image on each page load."
    assert _decisions(line) == ["a consequence that justifies"]


def test_a_participle_after_a_comma_is_the_same_reason() -> None:
    line = "The API trims the EXIF block on upload, preventing GPS positions from leaking."
    assert _decisions(line) == ["a consequence that justifies"]


def test_a_bug_that_prevents_something_is_no_decision() -> None:
    # The subject is the bug, not a choice: a state, with no reason for anything.
    line = "A missing CORS header prevents the upload form from posting on Safari."
    assert _decisions(line) == []


def test_what_a_component_ensures_is_no_decision() -> None:
    line = "**UploadGuard** — ensures each user can only see their own photos."
    assert _decisions(line) == []


def test_a_choice_then_so_and_what_it_lets_happen() -> None:
    line = "Thumbnails deliberately keep their old file names so existing links still resolve."
    assert _decisions(line) == ["a choice with its reason"]


def test_so_far_after_a_choice_is_no_reason() -> None:
    line = "We use the local disk for uploads so far; S3 comes later."
    assert _decisions(line) == []
