"""Round 23: a section whose heading says its work is done holds a record, not orders.

A status file lists its finished work as noun phrases under "## Completed Steps" (one of
which, "Request ID and panic-recovery …", opens on a word that is also a verb) and the
commands it ran under "## Recent Verified Commands" ("- `make check`"). Read as orders,
those lines made the file a brief and it was told apart as not-a-handoff. Under a heading
saying the work is completed, done, finished or verified, lines are not counted as orders;
the same lines under a heading of work to do ("## Checks to run") still are.
Examples written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

from handoff_audit.markdown.prompts import orders

_STATUS = """# Coding status

## Current Phase

Closeout finished for the scheduler service.

## Current Goal

Keep this service small and focused on job scheduling.

## Completed Steps

1. Config loading unified behind one settings object.
2. Request ID middleware and panic recovery.
3. Retry policy for failed jobs with capped backoff.
4. Test containers for Postgres in the integration suite.

## Recent Verified Commands

- `make check`
- `make integration`
- `make db-up`
- `make db-down`

## Risks

- The queue is not meant for more than a few thousand jobs a minute.
"""

_CHECKS = _STATUS.replace("## Completed Steps", "## Steps to take").replace(
    "## Recent Verified Commands", "## Checks to run"
)


def test_a_status_file_with_done_sections_is_not_read_as_orders() -> None:
    assert orders(_STATUS) == []


def test_the_same_lines_under_headings_of_work_to_do_are_orders() -> None:
    found = orders(_CHECKS)
    assert any("make check" in line for _, line in found)
    assert any("Request ID" in line for _, line in found)


def test_a_done_when_heading_is_criteria_not_a_record() -> None:
    brief = _CHECKS.replace("## Checks to run", "## Done when")
    assert any("make check" in line for _, line in orders(brief))
