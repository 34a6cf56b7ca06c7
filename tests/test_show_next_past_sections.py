"""Where `show` and the SessionStart brief find a hand-written handoff's next step: a numbered
heading under a section headed as the work done ("## What Was Built" over "### 6. Job Queue")
is never the step; a "Recommendations for Next Phase" section is."""

from __future__ import annotations

from conftest import GitRepo
from show_support import Run, briefs_on_branch

BUILT = """# Backend - Phase 5 Handoff

## Executive Summary

Phase 5 built the backend; 311 of 328 tests pass.

## What Was Built

### 5. Workflow Execution Engine

Runs the workflow graph step by step.

### 6. Job Queue (BullMQ)

| Component | Description | Files |
|-----------|-------------|-------|
| Queue Setup | BullMQ with Redis | `src/queue/index.ts` |

## Known Issues and Limitations

### 1. Failing Tests (17 of 328)

Integration tests need a database.

**Recommended Fix:**
- Seed a test database in `jest.setup.ts`

## Recommendations for Next Phase

### High Priority

1. **Fix Integration Test Setup**
   - Add proper test database seeding
"""


def test_a_numbered_heading_under_what_was_built_is_not_the_next_step(
    git_repo: GitRepo, run_cli: Run
) -> None:
    for text in briefs_on_branch(git_repo, run_cli, BUILT):
        assert text.startswith(
            "Next action: 1. **Fix Integration Test Setup**\n  - Add proper test database seeding"
        ), text
        assert "Job Queue" not in text.split("(HANDOFF.md")[0], text
