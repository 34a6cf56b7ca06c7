"""Issue 20, round 12: a briefing for the next agent that opens on fields saying where the work
stands ("**Current branch:** `x`", "**Current task:** …") records a session, however much of it
is written as orders; the same orders without those fields are still a brief. Examples written
for these tests.

A guide that quotes the handoff to write in a ```markdown block of three headings or more, with
no real date, ticked box or session record outside it, is a how-to, not a handoff."""

from __future__ import annotations

from handoff_audit.markdown.prompts import instructions, orders

BRIEFING_ORDERS = """\
## What to do right now

Run `make migrate` against the staging database first.

## The changes

- Create `src/billing/invoice_lines.py` with the line-item registry.
- Replace the hard-coded VAT rate in `src/billing/totals.py` with a lookup.
- Add a test for zero-rated items in `tests/test_totals.py`.
- Check that `ruff check src` stays clean.
- Update `docs/billing.md` with the new registry.
"""

CURRENT_FIELDS = """\
# Briefing for next agent

**Current branch:** `fix/vat-lookup`
**Current task:** Replace the hard-coded VAT rate (issue #212)

"""


def test_a_briefing_with_current_branch_and_task_fields_records_a_session() -> None:
    assert not orders(CURRENT_FIELDS + BRIEFING_ORDERS)


def test_the_same_orders_without_those_fields_are_a_brief() -> None:
    assert orders("# Briefing for next agent\n\n" + BRIEFING_ORDERS)


def test_a_current_field_left_blank_records_nothing() -> None:
    blank = CURRENT_FIELDS.replace("`fix/vat-lookup`", "<branch-name>").replace(
        "Replace the hard-coded VAT rate (issue #212)", "[describe the task]"
    )
    assert orders(blank + BRIEFING_ORDERS)


GUIDE = """\
# Handoff

## When to write HANDOFF.md

Whenever a session ends with a change in progress, or before a `/clear` with uncommitted work.

## Format

```markdown
# Handoff

## In Progress

- what is being done, and where it stopped

## Blocked

- what blocks it, and what is needed to go on

## Next Steps

1. what to do next, in order
```

## Lifecycle

The file is session-scoped: the next session reads it, acts on it, then empties it.
"""

LOG_QUOTING_A_JOURNAL = """\
# Agent handoff

**Generated**: 2026-02-12 02:08

```markdown
# Journal

## 01:56 growth proposal

## 01:58 growth proposal

## 02:08 fatal error in the queue worker
```

The worker crashed at 02:08; restart it after fixing `worker/queue.py`.
"""


def test_a_guide_quoting_a_whole_handoff_in_a_markdown_block_is_a_how_to() -> None:
    found = instructions(GUIDE)
    assert found and found[0][0] == GUIDE.splitlines().index("```markdown") + 1


def test_a_dated_file_quoting_a_document_is_no_guide() -> None:
    assert not instructions(LOG_QUOTING_A_JOURNAL)


def test_a_sample_with_two_headings_is_no_whole_document() -> None:
    two = GUIDE.replace("## Blocked\n\n- what blocks it, and what is needed to go on\n\n", "")
    assert not instructions(two.replace("# Handoff\n\n## In Progress", "## In Progress"))
