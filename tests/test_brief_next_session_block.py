"""`show` and the session-start hook on a handoff whose explicit next-session block sits above a
dated log of what earlier sessions shipped: the next action quoted is the block ("## Start here
next session", "## 🎯 Next Session Pickup"), not the newest log entry's dated heading, whose words
("plan locked", "Remote Resume") `md-incomplete` may read as a next step but whose body says what
shipped."""

from __future__ import annotations

import pytest

from agent_support import run_hook
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

HANDOFF = """# Session Handoff

## Start here next session

**Current branch:** `main`.

**Immediate next actions (in order):**
1. **Check PR #68 review** and merge it if the review passes.
2. **Fix TOV% in `ml/features.py`** and add a unit test.

---

## Historical session log

### 2026-05-01 — Sprint 23 — plan locked + debt sweep close-out

**What shipped (merged):**
- PR #67 `plan(phase7)` merged at `635e826`.

**Key decisions:**
- Postseason out of scope — too few games.

### 2026-04-26 — Sprint 14

**What shipped:**
- Debt #35 closed.
"""

SESSION_LOG = """# Sportsdata Session Log

Chronological record of all sprints, decisions and deferred work.

---

## 🧭 Remote Resume — 2026-04-26 (Sprint 10.14 — Debt #35 CLOSED)

**What shipped this session:**
1. Debt #35 closed in PR #60 (`a1b2c3d`).

---

## 🎯 Next Session Pickup

**Status as of 2026-04-22:** Sprint 10.10 shipped. Zero open PRs.

### Priority queue for next session

1. **Debt #31 — home-favored bias in `getCalibration()`.** Port the fix into `resolve.ts`.
2. **Shadow-analysis CLI.** Build it once pairs accumulate.

## Sprint-by-Sprint Log

### Sprint 10.10 — 2026-04-22

- Debt #28 closed (PR #36).

### Sprint 10.9 — 2026-04-20

- NBA home-adv recalibrated (PR #34).
"""


@pytest.mark.parametrize(
    ("name", "text", "step"),
    [
        ("SESSION_HANDOFF.md", HANDOFF, "1. **Check PR #68 review**"),
        ("SESSION_LOG.md", SESSION_LOG, "1. **Debt #31"),
    ],
)
def test_the_next_session_block_wins_over_a_dated_entry_of_what_shipped(
    repo: GitRepo, run_cli: Run, name: str, text: str, step: str
) -> None:
    repo.write(name, text)
    repo.commit("handoff: the session handoff")
    shown = show(run_cli, repo, name)
    assert shown.code == 0, shown.err
    # the block's heading and its label name it: the step under them is the next action
    assert shown.out.startswith(f"Next action: {step}"), shown.out[:300]
    action = shown.out.split("\n(", 1)[0]
    assert step in action
    assert "shipped" not in action.split("\n", 1)[0]
    assert "What shipped" not in action

    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.startswith(f"Next action: {step}"), context[:300]
    assert step in context.split("\n(", 1)[0]
    assert "What shipped" not in context.split("\n(", 1)[0]
