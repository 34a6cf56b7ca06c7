"""`show` opens on the handoff's plan, not on something before it that only looks like one: a
heading on the state of the roadmap ("3. Current state on the 8-phase roadmap", over a progress
table), a phase's inventory label ("**Tasks**: N1, N2" under a phase marked PREPARED), or a status
table row parked as "⏸️ Deferred | Not implemented"; and a "Resume Points" section's first goal
("### To complete decoder") is its first step, not its third. Shapes of real handoffs
(infraveritas-energy's continuation brief, wizardsofts-megabuild's hardening handoff, siren's
packages/core/HANDOFF.md)."""

from __future__ import annotations

from conftest import GitRepo, handoff_on_branch
from test_brief_show import Run

ROADMAP = """# Continuation Brief

## 3. Current state on the 8-phase roadmap

| Phase | Name | Progress |
|---|---|---|
| 0 | Honest baseline | ~70% |
| 1 | App logic security | ~80% |

## 4. Closed in the last session

- Aggregator implementation, all closed (see `aggregator/README.md`)

## 9. Plan forward — next scenarios

### Option A — Phase 2 closure
1. Wire the ATECC608B into `edge/secure_element.py` once the hardware arrives.
"""

HARDENING = """# Server Hardening - Handoff Document

## Executive Summary
All 6 hardening phases are prepared and tested in `hardening/scripts/`. Execution is blocked on \
sudo.

## Phases Overview

### Phase 1: SSH & Network Hardening - PREPARED
**Status**: Ready to execute
**Tasks**: N1, N2
**Key Changes**:
- UFW firewall: restrict SSH to 10.0.0.0/24

### Phase 2: File System Hardening - PREPARED
**Status**: Ready to execute
**Tasks**: F1, F2

## Handoff Notes

### What's Blocking Execution
- Password-protected sudo; needs an interactive SSH terminal

### Recommendations
1. **Execute with Option 1** (interactive `ssh -t`) because it keeps sudo password-protected
2. **Verify each phase** with `hardening/verify.sh` before the next one
"""

RESUME = """# Handoff: Tree-sitter Grammar & Type System

**Status**: Grammar + parser working, 39 tests passing, ready for decoder implementation

## Current State

| Feature | Status | Notes |
|---|---|---|
| Grammar | ✅ Done | 8 corpus tests |
| Position tracking | ⏸️ Deferred | Not implemented |

## Resume Points

### To complete decoder (post-demo):
1. Create `packages/core/src/decoder/index.ts` with `decode(cst)`
2. Strip quotes from string literals

### To add validation:
1. Detect cycles in `depends_on` and emit a warning

### To wire up app adapters:
1. Copy `test/helpers/node-adapter.ts` into `apps/cli/src/parser/adapter.ts`
"""


BASE = ("a.txt", "a\n")


def _next_places(run_cli: Run, git_repo: GitRepo) -> str:
    out = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root).out
    return out.split("  next: ", 1)[1].split("\n  decisions:", 1)[0]


def test_a_state_heading_on_the_roadmap_is_no_next_step(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", ROADMAP, base=BASE)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith("Next action: 1. Wire the ATECC608B into"), shown
    assert "Current state" not in _next_places(run_cli, git_repo)
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 0


def test_a_list_of_task_ids_is_no_next_step(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", HARDENING, base=BASE)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith("Next action: 1. **Execute with Option 1** (interactive `ssh -t`)"), (
        shown
    )
    places = _next_places(run_cli, git_repo)
    assert "N1, N2" not in places and "F1, F2" not in places, places


def test_resume_points_open_on_their_first_goal(git_repo: GitRepo, run_cli: Run) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", RESUME, base=BASE)
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert shown.startswith(
        "Next action: 1. Create `packages/core/src/decoder/index.ts` with `decode(cst)`\n"
    ), shown
    places = _next_places(run_cli, git_repo)
    assert "Deferred" not in places, places
    assert "line 14 (heading): To complete decoder (post-demo):" in places, places
