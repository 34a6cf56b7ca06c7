"""Round 76 of the standing-document reading: a status field that says there is none.

"**Status:** n/a — this is a list of ideas" records no state of any work: a reader takes such a
file (a menu of feature ideas, a reference page) for a standing document, as if the field were
not there. A status with a value ("**Status:** in review") still records where the work stands.
Examples written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

from handoff_audit.markdown.standing import standing

_IDEAS = """# Q3 ideas for the booking widget

**Status:** {status}
**Owner:** the widget team

## Why

Customers asked for these in the spring survey. None is scheduled; each names its size so a
quarter's planning can weigh them against each other and against the support backlog.

## Candidates

### Recurring bookings (M)

A weekly or monthly repeat for one slot, shown as one entry with an edit-all choice in the list.

### Waitlist for full slots (S)

A customer joins a queue for a full slot and gets an email when one opens up again.

### Calendar export (XS)

An `.ics` link per booking, so that the customer can add it to any calendar app they use.
"""


def test_a_status_of_n_a_records_nothing() -> None:
    for status in ("n/a — this is a menu, not a task list", "N/A", "not applicable", "None"):
        assert standing(_IDEAS.format(status=status)) != [], status


def test_a_status_with_a_value_still_records_the_work() -> None:
    assert standing(_IDEAS.format(status="in review with the design lead")) == []
