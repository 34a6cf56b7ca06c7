"""A resume command (agent-tool front matter over numbered orders) is not a handoff, even when it
quotes a session's shape ("Last session we …", a ticked box in a sample); a handoff with the same
front matter but a real date stays one."""

from __future__ import annotations

from handoff_audit.markdown.prompts import instructions

RESUME_COMMAND = """---
description: How to resume work on the billing service after a break
---

# Resume

1. **Read the plan** in `docs/PLAN.md` and the newest file in `docs/sessions/`.
2. **Check the current state**: run `git log --oneline -10` and `make test`.
3. **Read the open issues** labelled `next` and pick the first one.
4. **Summarise** for the user what was done and what you will do next.

## What to say

> Last session we [X]. The status is [Y].
> - [x] what is done
> - [ ] what is left

**Status**: Foundation phase
"""

DATED_HANDOFF = """---
description: Handoff for the billing service
---

# Handoff 2026-05-14

- [x] Moved invoices to the new `ledger` table
- [x] Fixed the rounding bug in `tax.py` (cents were truncated)

1. Add the migration for refunds
2. Write the test for partial refunds
3. Deploy to staging and watch the error rate
"""


def test_a_resume_command_of_numbered_orders_is_told_apart() -> None:
    found = instructions(RESUME_COMMAND)
    assert found and found[0][0] == 2


def test_fewer_than_three_numbered_orders_keep_the_record_reading() -> None:
    two_steps = RESUME_COMMAND.replace(
        "3. **Read the open issues** labelled `next` and pick the first one.\n", ""
    ).replace("4. **Summarise**", "- **Summarise**")
    assert instructions(two_steps) == []


def test_a_dated_handoff_with_tool_front_matter_is_not_told_apart() -> None:
    assert instructions(DATED_HANDOFF) == []
