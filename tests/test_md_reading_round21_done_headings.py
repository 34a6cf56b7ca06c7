"""A next-step heading that the file ticks as done at its end ("### Priority medium — all
finished ✅") lists no next step, even with a stray unticked box under it; a heading that only
opens on a check mark as decoration ("### ✅ What to do next") still names the next step."""

from __future__ import annotations

from handoff_audit.markdown.facets import read

RECAP = """# Session recap — invoicing service

## Current state

Sprints 1-4 are merged into `main`; `go test ./...` passes (52 tests).

## What is left to implement

### Priority high — all finished ✅
- [x] PDF invoices with the payment slip ✅ Sprint 3
- [x] `/auth/register` creates a user ✅ Sprint 4

### Priority medium — all finished ✅
- [x] Bank statement import (`POST /statements/import`) ✅ Sprint 4
- [ ] Add the statement export (`POST /statements/export`)

## Commands

```bash
cp .env.example .env
go run ./cmd/server
```
"""


def test_a_next_heading_ticked_done_at_its_end_is_no_step() -> None:
    reading = read(RECAP)
    assert not reading.has("next")


def test_the_same_heading_without_the_mark_keeps_its_step() -> None:
    reading = read(RECAP.replace("Priority medium — all finished ✅", "Priority medium"))
    assert reading.has("next")
    assert any(found.how == "heading" for found in reading.found["next"])


def test_a_check_mark_opening_a_next_heading_is_decoration() -> None:
    opened = RECAP.replace(
        "### Priority medium — all finished ✅", "### ✅ What to do next"
    ).replace("## What is left to implement", "## Plan")
    reading = read(opened)
    assert reading.has("next")
