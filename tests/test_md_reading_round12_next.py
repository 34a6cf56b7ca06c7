"""Issue 20, round 12: a briefing for the next agent that opens on fields saying where the work
stands ("**Current branch:** `x`", "**Current task:** …") records a session, however much of it
is written as orders; the same orders without those fields are still a brief. Examples written
for these tests."""

from __future__ import annotations

from handoff_audit.markdown.template import orders

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
