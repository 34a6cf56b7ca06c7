"""Round 19 of the facet reading (issue 20): a ``Next steps:`` label whose value is no step.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_CLOSING = """# Session summary: checkout redesign

## Done

- The checkout page now uses the new address form (`web/checkout/AddressForm.tsx`).
- Shipping rates are cached for ten minutes in `api/shipping/cache.py`.

---

**Session length:** ~3 hours
**Deployment:** live on staging
**{label}:** {value}
"""


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Next Steps", "Monitor conversion data and customer feedback"),
        ("Next steps", "Verify the staging deploy on a phone"),
        ("Remaining items", "**0**"),
    ],
)
def test_a_next_label_holding_only_a_check_or_zero_is_no_step(label: str, value: str) -> None:
    # watching a metric or checking a deploy is a check, and "0 remaining" is nothing left
    assert not read(_CLOSING.format(label=label, value=value)).has("next")


@pytest.mark.parametrize(
    "value",
    [
        "Add the gift-card field to `web/checkout/PaymentForm.tsx`",
        "Test and fix the rate cache expiry in `api/shipping/cache.py`",
        "3 (see the list in `docs/checkout.md`)",
    ],
)
def test_a_next_label_naming_work_is_still_a_step(value: str) -> None:
    # a work word ("fix") after the check verb, or work that is left, keeps the step
    assert read(_CLOSING.format(label="Next Steps", value=value)).has("next")
