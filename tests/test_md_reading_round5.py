"""Issue 20, round 5: a file written as orders to its reader (an agent's prompt, a brief for a
step not yet taken, a standing style brief) that records no session is not a handoff, whatever
words it uses; a handoff whose next steps are orders, or that gives a few orders beside its
record of the session, still is one."""

from __future__ import annotations

from typing import Any

from conftest import GitRepo
from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.prompts import instructions, orders

BRIEF = """\
# Step 4 — move the invoice PDFs to object storage

**Goal:** Serve invoice PDFs from the bucket instead of the app server's disk.

## Read first

- `billing/pdf.py`
- `infra/bucket.tf`

## What to build

1. Add a `store_pdf(invoice)` helper in `billing/storage.py` that uploads and returns the key.
2. Keep the old disk path as a fallback for one release.
3. Use signed URLs that expire after ten minutes.
4. Write a migration script for the 40,000 existing files.

## Rules

- Do not change the invoice numbering.
- Do not delete the files on disk; ops does that after the release.
- Run `pytest billing` before you commit.

Commit as `feat(billing): invoice PDFs in object storage`.
"""

STYLE_BRIEF = """\
# Newsletter writing brief

- Audience: small-shop owners who read on their phone.
- Keep each issue under 600 words.
- Start from one concrete customer problem.
- Use one screenshot per tip, cropped to the relevant part.
- Avoid jargon; explain any acronym the first time.
- Put the call to action in the last line, never in the subject.
"""

HANDOFF = """\
# Session handoff 2026-02-11 — invoice PDFs

## State
- Moved the upload to `billing/storage.py`; `pytest billing` passes (84 tests).
- Signed URLs were added; expiry is ten minutes.
- The migration script is written but was not run on production.

## Next steps
1. Run `scripts/migrate_pdfs.py --dry-run` against staging and compare the counts.
2. Remove the disk fallback once staging serves every PDF.
3. Add an alert on upload failures.
4. Update the ops runbook (`docs/ops/billing.md`).
5. Ask ops when the disk can be cleaned.

## Decisions
- Kept the disk fallback for one release because old emails link to disk URLs.
"""


def test_a_brief_for_a_step_not_yet_taken_is_not_a_handoff() -> None:
    assert instructions(BRIEF) == []  # it never speaks of writing a handoff
    lines = [line for line, _ in orders(BRIEF)]
    assert lines == [12, 13, 14, 15, 19, 20, 21, 23]
    assert [line for line, _ in orders(STYLE_BRIEF)] == [4, 5, 6, 7, 8]


def test_a_handoff_whose_next_steps_are_orders_is_still_one() -> None:
    assert orders(HANDOFF) == []
    assert "next" not in {part.facet for part in missing_parts(HANDOFF)}


def test_orders_beside_a_record_of_the_session_leave_it_a_handoff() -> None:
    # the same orders, but the file says what happened: past tense, ticked boxes, dates
    record = BRIEF.replace(
        "## What to build",
        "## Done 2026-02-11\n\n"
        "- [x] Added the bucket in `infra/bucket.tf`, applied on staging.\n"
        "- [x] Moved `render_pdf` out of the request handler.\n"
        "- [x] Fixed the content type, which was `octet-stream`.\n"
        "- Found that 312 PDFs on disk were empty; listed in `notes/empty.txt`.\n"
        "- Tests were green after the move.\n\n"
        "## What to build",
    )
    assert orders(record) == []


def test_a_brief_at_a_handoffs_place_gets_one_not_a_handoff_warning(
    run_cli: Any, git_repo: GitRepo
) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat/pdfs")
    git_repo.write("SESSION_HANDOFF.md", BRIEF)
    git_repo.commit("brief")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 0
    findings = result.json()["findings"]
    assert [f["rule"] for f in findings] == ["not-a-handoff"]
    assert findings[0]["line"] == 12
    assert "written as orders to its reader" in findings[0]["message"]


def test_what_is_out_of_scope_is_no_dead_end() -> None:
    def facets(heading: str) -> set[str]:
        text = (
            "# Session handoff\n\n"
            "Payments retry now; `pytest payments` passes.\n\n"
            f"## {heading}\n\n"
            "- Multi-currency payouts: a separate project next quarter.\n"
        )
        return {"state", "next", "decisions", "ruled_out", "pointers"} - missing(text)

    for deferred in ("Out of scope", "Non-goals", "Future enhancements (out of scope)"):
        assert "ruled_out" not in facets(deferred), deferred
    # the near miss: what was tried and did not work is what the next session must not retry
    assert "ruled_out" in facets("What did not work")


def missing(text: str) -> set[str]:
    return {part.facet for part in missing_parts(text)}
