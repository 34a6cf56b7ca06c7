"""Issue 20, round 23: an unticked box that says what a check must find still counts.

A verification brief handed to the next agent lists the checks it must run as unticked boxes
("- [ ] Retry: old card removed, new one completes"). Each box names an outcome in the past
participle, and those lines are the brief's record of the work it hands over: read as checks
still to do, never as a record, they leave the brief with nothing recorded, and a file its
readers judged a good handoff is told apart as a manual. This test pins that reading (measured
on rounds 1-21: ignoring open boxes moved no missed non-handoff and told one good handoff apart).

Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.standing import standing

VERIFICATION_BRIEF = """\
# Photo Booth: Agent Handoff for verification

Scope: verify the Photo Booth desktop app end to end before the release build.
Keep the project folder read-only and never print the user's API key.
Write any harness or report to a scratch directory outside the project.

## Context

- Project: `~/src/photo-booth` (read-only for you).
- Release build: `dist/PhotoBooth.app`, signed with the team certificate.
- Settings live in `~/Library/Application Support/PhotoBooth/settings.json`.

## Headless checks

- [ ] `codesign --verify --deep --strict` on the bundle exits 0.
- [ ] Catalog invariants: every filter has a preview and a default strength.
- [ ] Gallery items round-trip through JSON with their ISO-8601 dates.

## Interactive walkthrough

- [ ] Window opens with the camera panel on the left and an empty gallery on the right.
- [ ] **Capture**: press Space three times, three cards appear, all completed in order.
- [ ] **Retry**: on a failed card, new placeholder shown, old card removed, completes.
- [ ] **Export**: one PNG strip written, four frames stacked, gallery card updated.

## Report

Reply with one line per check: the check, pass or fail, and what you saw when it failed.
"""


def test_unticked_checks_with_outcomes_keep_a_verification_brief_a_handoff() -> None:
    assert standing(VERIFICATION_BRIEF) == []


def test_the_same_sections_without_the_checklist_read_as_a_manual() -> None:
    without_checks = "\n".join(
        line for line in VERIFICATION_BRIEF.splitlines() if not line.startswith("- [ ]")
    )
    assert standing(without_checks) != []
