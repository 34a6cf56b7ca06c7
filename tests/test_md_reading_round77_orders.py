"""Round 77: a handoff written mostly as orders for the next session is still a handoff when a
phase field says what the last session completed ("**Phase:** plan COMPLETE and committed"),
and its "Resume instructions" section is read as its next steps (orders by nature), not as
orders that make the whole file a prompt. Each example sits beside a near miss that keeps
today's reading."""

from __future__ import annotations

from handoff_audit.markdown.prompts import orders

PLANNED_THEN_HANDED_OFF = """\
# Handoff: search page rewrite

> Temporary file. Delete it once the rewrite is merged.

## Where we are

**Goal:** Rewrite the search page on the new grid components.
**Phase:** {phase}

## Build order

1. Read the plan: `docs/plans/2026-03-02-search-page.md`, six tasks with code per step.
2. Start with task 1: move `SearchResults` onto `Grid` in `web/src/search/Results.tsx`.
3. Run `npm test -- search` after each task.

## Settled

- Keep the old query parser: the mobile app still calls it.
- Use `react-window` for the result list (approved in review).

## After the rewrite

- Verify the page with `npm run build` and a manual pass at 390 px.
- Delete this file.
"""


def test_a_phase_field_saying_it_is_done_records_a_session() -> None:
    done = PLANNED_THEN_HANDED_OFF.format(phase="Brainstorm + plan COMPLETE and committed.")
    assert orders(done) == []


def test_a_phase_field_naming_the_phase_to_come_records_nothing() -> None:
    upcoming = PLANNED_THEN_HANDED_OFF.format(phase="Implementation, six tasks.")
    assert orders(upcoming) != []


RESUME_INSTRUCTIONS = """\
# {title}

Nothing is built yet.

## {heading}

1. Read `notes/session_log.md`, newest entry first.
2. Read the plan in `docs/plans/importer.md`.
3. Write the CSV reader in `importer/read.py` with a test per column type.
4. Wire the reader into `importer/cli.py` behind `--csv`.
5. Run `pytest tests/importer` and fix what fails.

## Decided

- CSV before XLSX: every sample the client sent is CSV.
"""


def test_resume_instructions_are_a_handoffs_next_steps_not_its_orders() -> None:
    text = RESUME_INSTRUCTIONS.format(title="Importer handoff", heading="Resume instructions")
    assert orders(text) == []


def test_an_ordinary_heading_over_the_same_steps_stays_orders() -> None:
    text = RESUME_INSTRUCTIONS.format(title="Importer brief", heading="How to build it")
    assert orders(text) != []
