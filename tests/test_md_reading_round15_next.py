"""Round 15 of the next-step reading: a next-step heading whose every item is no step.

A careful reader finds no next step under a "Next steps" heading when every item is only a
check to run ("Verify the deploy at …"), parked for later ("(later)", "optional", "待安排") or
says there is nothing ("None currently"). Examples written for these tests (not copied from any
labelled file), each beside a near miss that must stay a step.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_FILE = """# Handoff: invoice export

## Done

- Moved the PDF renderer to `src/invoices/render.py`; the 58 tests pass.

## Next steps

{items}
"""


def _heading_step(items: str) -> bool:
    return any(e.how == "heading" for e in read(_FILE.format(items=items)).found["next"])


def test_only_checks_to_run_are_no_step() -> None:
    items = (
        "- Verify the rendered totals at https://staging.example.org/invoices/42\n"
        "- Re-run `pytest tests/invoices` once more on a clean checkout.\n"
        "- Confirm the footer shows the VAT number.\n"
    )
    assert not _heading_step(items)


def test_checks_in_other_languages_are_no_step() -> None:
    items = "- 验证 `staging` 上的发票总额\n- Vérifier le pied de page sur la facture 42.\n"
    assert not _heading_step(items)


def test_a_check_that_asks_for_work_is_a_step() -> None:
    items = "- Test the rounding of totals and fix `round_total()` in `src/invoices/money.py`.\n"
    assert _heading_step(items)


def test_one_real_step_beside_checks_is_a_step() -> None:
    items = (
        "- Verify the rendered totals on staging.\n"
        "- Add the credit-note template to `templates/credit_note.html`.\n"
    )
    assert _heading_step(items)


def test_items_parked_for_later_are_no_step() -> None:
    items = (
        "- Multi-currency invoices (later, after the Q3 launch)\n"
        "- Optional: a dark print theme\n"
        "- 批量导出（待安排）\n"
    )
    assert not _heading_step(items)


def test_none_currently_is_no_step() -> None:
    assert not _heading_step("- None currently\n")


def test_a_dated_step_is_not_parked() -> None:
    # "update" and "latest" must not read as a deferral: only whole words like "later" park.
    items = "- Update `render.py` to the latest template API (see `docs/templates.md`).\n"
    assert _heading_step(items)
