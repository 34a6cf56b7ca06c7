"""Round 15 of the template reading: slots a generator left, read from their shape.

A session template that nobody filled in names its slots in two shapes no bracket reveals:
numbered items that only count ("- [ ] Requirement 1", "- [ ] Requirement 2") and fields whose
value is their own name in capitals ("agent: AGENT"). Examples written for these tests (not
copied from any labelled file), each beside a filled-in file that must stay a handoff.
"""

from __future__ import annotations

from handoff_audit.markdown.template import placeholders

_TEMPLATE = """---
ticket: TICKET
owner: OWNER
state: open
---

# TICKET

## Goal

What this ticket delivers and for whom.

## Acceptance

- [ ] Criterion 1
- [ ] Criterion 2
- [ ] Criterion 3

## Files

- Relevant modules and the tests that cover them.

## Log

**Owner**: OWNER
Summary of the session in two or three sentences.
"""

_FILLED = """---
ticket: BILL-212
owner: dana
state: open
---

# BILL-212: monthly invoice export

## Goal

Finance needs a CSV of the month's invoices; the export lives in `src/billing/export.py`.

## Acceptance

- [x] One row per invoice, totals in cents
- [ ] Phase 1
- [ ] Phase 2: stream rows instead of building the list (memory on the 80k-row month)

## Log

**Owner**: dana
Wrote the exporter and its 12 tests; the streaming rewrite is next, see `tests/test_export.py`.
"""


def test_numbered_slots_and_self_named_fields_make_a_template() -> None:
    found = placeholders(_TEMPLATE)
    kinds = {place.what for place in found}
    assert {"a numbered slot", "a field naming itself"} <= kinds
    assert any("Criterion 2" in place.text for place in found)
    assert any("owner: OWNER" in place.text for place in found)


def test_a_filled_in_ticket_is_no_template() -> None:
    assert placeholders(_FILLED) == []


def test_a_value_in_capitals_that_is_not_its_own_name_is_no_slot() -> None:
    text = _TEMPLATE.replace("owner: OWNER", "owner: DANA")
    text = text.replace("ticket: TICKET", "ticket: BILL")
    assert not any(place.line in (2, 3) for place in placeholders(text))
