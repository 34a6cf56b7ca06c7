"""Round 76 of the next-step reading: where a next-step word in a heading names no step.

A careful reader takes "### 3.4 Resume" under "## 3. What changed, by area" for one more record
of the finished work (the résumé page that was edited), not for where to resume. Examples written
for these tests (not copied from any labelled file), each beside a near miss that must stay a step.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read
from handoff_audit.markdown.steps import waits_on_someone

_CHANGED = """# Session handoff: portfolio site

Everything below is merged to `main` and deployed; Pages is green.

## 3. What changed, by area

### 3.1 Header

The logo now links to `/` and the nav collapses below 600px (`style.css`).

### 3.2 {title}

Replaced `cv.pdf` at the repository root twice (PR #14, PR #15); the footer link still works.
"""


def test_a_subsection_of_what_changed_is_no_next_step() -> None:
    for title in ("Resume", "Remaining pages", "Next.js config"):
        reading = read(_CHANGED.format(title=title))
        assert not any(e.how == "heading" for e in reading.found["next"]), title


def test_a_next_step_heading_of_its_own_level_stays_one() -> None:
    text = _CHANGED.format(title="Header colours") + (
        "\n## 4. Next steps\n\n- Add the dark theme toggle to `nav.html` and store it in "
        "`localStorage`.\n"
    )
    assert any(e.how == "heading" for e in read(text).found["next"])


def test_an_unnumbered_log_heading_holds_its_subsections_too() -> None:
    text = _CHANGED.replace("## 3. What changed, by area", "## What was done").format(
        title="Remaining tests fixed"
    )
    assert not any(e.how == "heading" for e in read(text).found["next"])


_LOG_END = """# Work log: rate limiter

## 2026-06-03 (token bucket)

- Added the token bucket in `limiter/bucket.c` with per-client refill.
- Validation:
  - `make unit` PASS
  - {last}
"""


def test_a_command_with_its_result_ending_a_log_is_no_next_step() -> None:
    for last in (
        "`make test-integration` PASS",
        "`cargo clippy`: ✅",
        "`pytest -q` passed (41/41)",
    ):
        assert read(_LOG_END.format(last=last)).found["next"] == [], last


def test_a_command_to_run_ending_a_log_stays_a_step() -> None:
    last = "Run `make bench` and add the numbers to `docs/limits.md`."
    assert read(_LOG_END.format(last=last)).found["next"] != []


_LEFT = """# Handoff: control panel revamp

## What shipped

- The new panel is on `feat/panel-revamp` (`a1b2c3d`); all 212 tests pass.

## {heading}

- **Deploy to production:** see the deploy notes. {first}
- **Saved layouts:** a small follow-up if the operator wants them.
"""


def _stepless(heading: str, first: str) -> bool:
    reading = read(_LEFT.format(heading=heading, first=first))
    return reading.found["next"] == [] and reading.stepless_next is not None


def test_a_heading_naming_whose_decisions_they_are_names_no_step() -> None:
    for heading in (
        "What's left (operator decisions)",
        "Remaining (user's call)",
        "Next（owner decision）",
    ):
        assert _stepless(heading, "Ship it when ready."), heading


def test_an_item_the_user_has_not_yet_approved_waits_on_someone() -> None:
    assert waits_on_someone("**Promote to `main`:** the user has not yet approved deployment.")
    assert not waits_on_someone("Promote to `main` once the 212 tests pass.")


def test_a_heading_on_design_decisions_still_holds_steps() -> None:
    text = _LEFT.format(heading="Next steps (design decisions made)", first="Run `make deploy`.")
    assert read(text).found["next"] != []
