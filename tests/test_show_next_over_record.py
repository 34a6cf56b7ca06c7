"""`show` and `md-incomplete` take the next step from the handoff's own next-step section, not
from a label in a record before it: a finished "**Priority 1: …**: … purged" bullet in a "What
happened" log (Codevena/toolprime's NEXT_SESSION.md), or a "Recommendation:" line under "Current
state" (Quantum-Impact-Ltd/castflow's HANDOFF.md)."""

from __future__ import annotations

from conftest import GitRepo, handoff_on_branch
from test_brief_show import Run

LOG_THEN_NEXT = """# Shop — Next Session

## What happened

**Session 7 (2026-03-29):**
- **Priority 1: Post-Deploy SEO**: Sitemap cache purged, GSC resubmitted
- Added 11 new tools in `src/components/tools/`

## Current state

- 4320 pages, 0 TypeScript errors, deployed to production
- Chose Cloudflare Pages because Workers lacked Node 22 support

## Ruled out

- Vercel — build limits too low for 4000 pages

## What to do next (Session 8)

### Priority 1: Verify deploy
- Spot-check the upgraded pages on the live site
- Resubmit the sitemap to Bing

## Key files

- `src/data/tools.ts`
"""

STATE_THEN_PLAN = """# CastFlow — Session Handoff (Backend Test Pass)

## 1. Read these first

- `apps/api/src/payments/payment.service.ts`

## 2. Current state

### What ships green right now
- `pnpm test` passes: 41 unit tests, 3 e2e smoke tests.

### Stripe in tests
Two ways: mock the SDK, or run `stripe-mock` in Docker.

Recommendation: **option 1** for unit/integration tests. The test
double keeps CI fast because stripe-mock needs Docker on every runner.

## 3. Test plan — coverage gaps in priority order

### Tier A — money flows (do first)
1. Cover `PaymentService.releaseEscrow` when payouts are not enabled.
2. Cover the refund path in `apps/api/src/payments/refund.ts`.

### Tier B — flow correctness
1. Cover booking cancellation after payment.

## 4. Ruled out

- Recording live Stripe traffic: it leaks card data into fixtures.
"""


def _next_places(run_cli: Run, git_repo: GitRepo, name: str) -> str:
    out = run_cli(["explain", "md-incomplete", "--file", name], cwd=git_repo.root).out
    return out.split("  next: ", 1)[1].split("\n  decisions:", 1)[0]


TOOLS = ("src/data/tools.ts", "export const tools = [];\n")


def test_a_finished_item_in_a_log_is_no_next_step(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "NEXT_SESSION.md", LOG_THEN_NEXT, base=TOOLS)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith("Next action: - Spot-check the upgraded pages"), shown
    places = _next_places(run_cli, git_repo, "NEXT_SESSION.md")
    assert "Post-Deploy SEO" not in places, places
    assert "line 20 (heading): Priority 1: Verify deploy" in places, places


def test_a_recommendation_in_the_state_is_no_next_step(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", STATE_THEN_PLAN, base=TOOLS)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith(
        "Next action: 1. Cover `PaymentService.releaseEscrow` when payouts are not enabled.\n"
    ), shown
    places = _next_places(run_cli, git_repo, "HANDOFF.md")
    assert "Recommendation" not in places, places
