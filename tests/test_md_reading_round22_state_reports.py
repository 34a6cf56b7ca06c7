"""Round 22: a task queue kept as a handoff, told apart from a brief of orders.

A queue of work for the next agent run lists, under each area, where the work stands now
("Exports now stream …", "the retry guard is in place", "the legacy path is removed") beside
the orders still to carry out. Read as orders, it was told apart as not-a-handoff, and its
state went unread. Three items that report where the work stands, in the present, make it a
handoff and say its state; a brief of orders whose items ask for a report ("describe what
has changed"), set a condition ("if it is fixed") or leave a box open keeps its reading.
Examples written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import orders

_TASK_QUEUE = """# Work queue for the next agent run

Read `docs/CONTRIBUTING.md` before any task.

## Billing exports

1. **CSV export**
   - The old synchronous export path is removed from the admin panel.
   - Exports now stream from `billing/export.py` in pages of 500 rows.
   - Large accounts now finish in under a minute on staging.
   - Run the export against the March snapshot before the release.
   - Check the totals row against the ledger report.

2. **Retries**
   - The retry guard for duplicate charges is in place in `billing/charge.py`.
   - Keep the backoff at 2, 4 and 8 minutes.
   - Add an alert when a charge is retried more than three times.
   - Do not raise the retry limit without asking finance.

3. **Release**
   - Run `make test` and `make lint`.
   - Update `CHANGELOG.md` with the export change.
   - Tag the release from `main` only.
"""

_BRIEF = """# Continue the billing exports

Read `docs/CONTRIBUTING.md` before any task.

1. **CSV export**
   - Run the export against the March snapshot.
   - Check the totals row against the ledger report.
   - Describe what has changed in the export format.
   - If the old path is removed, note it in `CHANGELOG.md`.
   - Once the retry guard has been merged, the alert goes in `alerts/billing.yaml`.
   - When the export is fixed for large accounts, finance signs it off.
2. **Release**
   - Run `make test` and `make lint`.
   - Keep the backoff at 2, 4 and 8 minutes.
   - Tag the release from `main` only.
"""

_BRIEF_WITH_CRITERIA = """# Brief: billing exports

Read `docs/CONTRIBUTING.md` before any task.
Run the export against the March snapshot.
Check the totals row against the ledger report.
Keep the backoff at 2, 4 and 8 minutes.
Tag the release from `main` only.

## Done when

- [ ] The old synchronous export path is removed.
- [ ] Exports now stream in pages of 500 rows.
- [ ] The retry guard is in place in `billing/charge.py`.
"""


def test_a_task_queue_saying_where_the_work_stands_is_not_orders() -> None:
    assert orders(_TASK_QUEUE) == []


def test_the_same_queue_without_its_state_reports_is_orders() -> None:
    kept = "\n".join(
        line
        for line in _TASK_QUEUE.splitlines()
        if not any(word in line for word in (" now ", "is removed", "is in place"))
    )
    assert len(orders(kept)) >= 5


def test_a_brief_asking_for_reports_is_still_orders() -> None:
    found = orders(_BRIEF)
    assert len(found) >= 5
    assert any("Describe what has changed" in line for _, line in found)


def test_a_brief_whose_acceptance_boxes_are_open_is_still_orders() -> None:
    assert len(orders(_BRIEF_WITH_CRITERIA)) >= 4


def test_the_queue_s_state_reports_say_the_state_of_the_work() -> None:
    found = read(_TASK_QUEUE).found["state"]
    assert [evidence.how for evidence in found] == ["state report"] * 4
    assert "now stream" in found[1].text


def test_two_state_reports_are_an_aside_not_the_state() -> None:
    dropped = ("Large accounts now finish", "The old synchronous export path is removed")
    text = "\n".join(
        line for line in _TASK_QUEUE.splitlines() if not any(part in line for part in dropped)
    )
    assert read(text).found["state"] == []
