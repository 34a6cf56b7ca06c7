"""`show` never quotes a heading as the next action: it quotes the lines under it ("## Immediate
Next Steps", "## Proposed change", "### MEDIUM (upgrade path existuje)"), from a "**Next:** …"
line when the section opens on the state ("## Start here next session"); a step in a section
headed as history ("## Historical C4 R1 delta") is passed over for one outside it; a count's
"next" ("6 next to rule") makes no next-step heading; a step wrapped over several lines is
quoted whole, and a long one is cut at a sentence's end. Shapes of real handoffs (relay's
SESSION_HANDOFF.md, OxReplay's observation-seam handoff, SVJ-RALF's HANDOFF.md, roadtripper's
SESSION_HANDOFF.md, reviewgate's NEXT_SESSION.md, usegin's dated handoff)."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, next_action, shown_on_branch

RELAY = """# Session Handoff - NPM Package Extraction Project

## Current State Summary

### In Progress - NEEDS ATTENTION
- **Phase 5B** (Staff): Dashboard-server extraction
  - Status: APPEARS IDLE - no updates for 15+ minutes

### Queued
- Phase 6C: CLI extraction (FullStack, after 6B)

## Critical Reminders

### Build Order
Trajectory and Hooks MUST build BEFORE Memory

## Immediate Next Steps

1. Ping Staff: Phase 5B dashboard-server status?
2. Ping FullStack: What is blocking Phase 6B daemon extraction?
3. Unblock both agents
"""

SEAM = """# HANDOFF_OBS_001_OBSERVATION_SEAM

## Header
1. handoff id: `HANDOFF_OBS_001`
2. date: `2026-03-20`
3. from repo: `Replay`
4. to repo: `ObsTool`

## Purpose
State the initial contract for spreadsheet observation artifacts entering the replay appliance.

## Proposed change
`ObsTool` should target replay-ready observation artifact emission from the start.

The preferred order is:
1. direct canonical replay-bundle emission,
2. otherwise a declared observation bundle plus narrow projection contract.

## Requested response
1. acknowledge whether `ObsTool` will target direct canonical bundle emission first
2. confirm the first emitted provenance fields and observation surfaces
"""

TODO = """# HANDOFF – SVJ Správa v2.0

## Implementované features

### Fáze 1: Základ + Evidence
- Import vlastníků z Excelu

## Known Issues / TODO

### MEDIUM (upgrade path existuje)
- **pip-audit: 6+ vulnerabilities** v 4 balíčcích:
  - `starlette 0.38.6` → upgrade FastAPI na 0.119+
- **CSRF ochrana** chybí — pro produkci přidat CSRF token middleware

### LOW (minor)
- Rate limiting na login endpoint chybí
"""

START_HERE = """# Session Handoff

## Start here next session

**Current branch: `main`**. No open PRs. Local in sync with origin.

**Main is at `8e321ea`** (last merged: PR #35 — persona-aware ranking, Session 24).

**Next: choose from Someday.** Highest-impact candidates:
1. "Optimize stop order" toggle — `optimizeWaypointOrder` Routes API flag
2. Map polygon rendering for neighborhoods

**Known dirty files (not a blocker):** `.harness/session_state.json` is dirtied on every commit.

---

## Historical log

### Session 24 (2026-05-09) — PRs #34, #35
- PR #34: Arrival mode V2 — dynamic `startDate` re-derivation as stops are added.

### Session 22 (2026-05-02) — PRs #28, #29
- PR #28: neighborhood drill-down.
"""

REVIEW = """# ReviewGate — Next-Session Handoff

## One-line state

Task 12 passed its final contract and security gates; nothing is staged.

## Historical C4 R1 delta

- Current residual focus is schema **25 pass / 0 fail / 73 expects** plus pipeline **18 pass /
  0 fail**; the prior broader C2/C3 focus remains **100 pass / 0 fail**.
- Next: conduct only the limited C4-R3 delta review of the preregistered Rig anchor, its two
  permanent guards, source-closure side effects, and the disclosed composite timing limitation. Do
  not stage, commit, push, merge, or run a full suite before direction.

## Portable publication contract

The implemented fail-closed protocol is:

1. assemble and validate fully before any final output;
2. build a private sibling stage;
3. reserve final `out` exclusively via non-recursive `mkdir(0700)`.

## Immediate next task — measurement input preparation (no paid run yet)

Task 12 passed. Prepare and dry-validate the 15 real stateful scenarios, accrue/freeze the complete
Dogfood audit/trace inventory, obtain the TTY human attestation, and then choose/cost the concrete
provider roster. Only after those inputs exist should one attempt-specific preregistration be
written and reviewed.

## Traps that still hold

- Never `git add -A`; stage exact paths only.
"""

PENDING = """# Handoff: Fathom Integration — UX Fixes & Remaining Bugs

## Context
Continued meeting integration hardening; two new bugs came up in user testing.

## What's Done
- **Poll rule match counts** (`0ba176304`): added `fetchRules()` to both polls.

## What's Pending

These are **active bugs** reported by the user during testing. They should be the priority.

### 1. Apply rule during sync — emails disappear + spinner stuck

**What the user reported:**
- Clicking Apply while sync is running keeps the spinner spinning

### 2. Stale rule match count (31 at top, 6 next to rule)

**What the user reported:**
- The per-rule match count next to the rule still showed "6" for a while

## Notes

### Bug #1 is the most impactful
It blocks users from configuring rules during their first sync.
"""


@pytest.mark.parametrize(
    ("text", "heading", "opening"),
    [
        pytest.param(
            RELAY,
            "Immediate Next Steps",
            "Next action: 1. Ping Staff: Phase 5B dashboard-server status?\n"
            "  2. Ping FullStack: What is blocking Phase 6B daemon extraction?\n",
            id="a_next_steps_heading",
        ),
        pytest.param(
            SEAM,
            "Proposed change",
            "Next action: `ObsTool` should target replay-ready observation artifact emission "
            "from the start.\n  The preferred order is:\n",
            id="a_section_heading",
        ),
        pytest.param(
            TODO,
            "MEDIUM (upgrade path existuje)",
            "Next action: - **pip-audit: 6+ vulnerabilities** v 4 balíčcích:\n"
            "  - `starlette 0.38.6` → upgrade FastAPI na 0.119+\n",
            id="a_priority_heading",
        ),
    ],
)
def test_a_heading_is_not_the_next_action(
    git_repo: GitRepo, run_cli: Run, text: str, heading: str, opening: str
) -> None:
    """The lines under ``heading`` are quoted, from ``opening``, never the heading itself."""
    shown = shown_on_branch(git_repo, run_cli, text)
    assert shown.startswith(opening), shown
    assert heading not in next_action(shown), shown


def test_a_start_here_section_opens_on_its_next_line(git_repo: GitRepo, run_cli: Run) -> None:
    step = next_action(shown_on_branch(git_repo, run_cli, START_HERE))
    assert step == (
        "Next action: choose from Someday. Highest-impact candidates:\n"
        '  1. "Optimize stop order" toggle — `optimizeWaypointOrder` Routes API flag\n'
        "  2. Map polygon rendering for neighborhoods"
    ), step


def test_a_step_in_a_historical_section_is_passed_over(git_repo: GitRepo, run_cli: Run) -> None:
    shown = shown_on_branch(git_repo, run_cli, REVIEW)
    first = shown.split("\n", 1)[0]
    assert first == (
        "Next action: Task 12 passed. Prepare and dry-validate the 15 real stateful scenarios, "
        "accrue/freeze the complete Dogfood audit/trace inventory, obtain the TTY human "
        "attestation, and then choose/cost the concrete provider roster. Only after those "
        "inputs exist should one attempt-specific preregistration be written and reviewed."
    ), shown
    assert "C4-R3" not in shown.split("\nAs written:", 1)[0], shown


def test_a_wrapped_next_label_is_quoted_whole(git_repo: GitRepo, run_cli: Run) -> None:
    only_history = REVIEW.split("## Portable publication contract", 1)[0]
    shown = shown_on_branch(git_repo, run_cli, only_history)
    assert shown.startswith(
        "Next action: conduct only the limited C4-R3 delta review of the preregistered "
        "Rig anchor, its two permanent guards, source-closure side effects, and the disclosed "
        "composite timing limitation. Do not stage, commit, push, merge, or run a full suite "
        "before direction.\n("
    ), shown


def test_a_long_step_is_cut_at_a_sentence_end(git_repo: GitRepo, run_cli: Run) -> None:
    sentence = "Rebuild the ledger index for shard {n}, then verify its checksum against the dump."
    steps = " ".join(sentence.format(n=n) for n in range(40))
    shown = shown_on_branch(git_repo, run_cli, f"# Handoff\n\n## Next steps\n\n{steps}\n")
    first = shown.split("\n", 1)[0]
    assert first.startswith("Next action: Rebuild the ledger index for shard 0,"), shown
    assert first.endswith("against the dump.…"), first


def test_a_count_next_to_a_rule_makes_no_next_heading(git_repo: GitRepo, run_cli: Run) -> None:
    step = next_action(shown_on_branch(git_repo, run_cli, PENDING))
    assert step.startswith(
        "Next action: These are **active bugs** reported by the user during testing. They "
        "should be the priority.\n  ### 1. Apply rule during sync — emails disappear + spinner "
        "stuck\n"
    ), step
    assert not step.startswith("Next action: 2. Stale rule match count"), step
