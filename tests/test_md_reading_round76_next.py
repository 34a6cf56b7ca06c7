"""Round 76 of the next-step reading: where a next-step word in a heading names no step.

A careful reader takes "### 3.4 Resume" under "## 3. What changed, by area" for one more record
of the finished work (the résumé page that was edited), not for where to resume. Examples written
for these tests (not copied from any labelled file), each beside a near miss that must stay a step.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

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
