"""Round 78 of the next-step reading: a heading over someone else's list ("Remaining Tasks
(User)", "What the OWNER does next") and an item that opens on a role ("Owner: decide …") are
their turn, not a step the next session can start. Examples written for these tests (not
copied from any labelled file), each beside a near miss that must stay a step."""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read
from handoff_audit.markdown.steps import no_step_item, waits_on_someone

_SUBMITTED = """# Session notes: hackathon entry

The demo runs end to end on `main` (`a1b2c3d`); `pytest -q` passes, 42 tests.

## {heading}

1. [ ] Record the two-minute demo video from `docs/VIDEO_SCRIPT.md`
2. [ ] Upload it and link it in the submission form
3. [ ] Fill in the team page before Sunday
"""


@pytest.mark.parametrize(
    "heading",
    ["Remaining Tasks (User)", "What the OWNER does next", "Tasks for the client", "Owner actions"],
)
def test_a_list_for_someone_else_is_no_next_step(heading: str) -> None:
    assert waits_on_someone(heading), heading
    assert not read(_SUBMITTED.format(heading=heading)).has("next"), heading


@pytest.mark.parametrize("heading", ["Remaining Tasks", "Next steps", "User settings page"])
def test_the_same_list_under_our_own_heading_stays_a_step(heading: str) -> None:
    assert not waits_on_someone(heading), heading
    assert read(_SUBMITTED.format(heading=heading)).has("next"), heading


def test_an_item_that_opens_on_a_role_is_their_turn() -> None:
    assert no_step_item("Owner: decide whether to delete the `audit-state` branch.")
    assert no_step_item("**User:** confirm the staging URL works")
    assert not no_step_item("User settings: add the `timezone` field to `settings.py`")
    text = (
        "# Handoff\n\nThe clock widget builds and `npm test` passes.\n\n## Next actions\n\n"
        "1. Owner: decide whether to delete the `audit-state` local and remote branch.\n"
    )
    assert not read(text).has("next")
