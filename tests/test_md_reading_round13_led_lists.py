"""Issue 20, round 13: an end-session command spells out what to gather in lists an order
introduces ("Review the conversation and identify:" over "- What was finished"). The past
tense of those items asks for a record, it keeps none, so the file is still a page of orders.
A real handoff whose record sits under a sentence that is not an order stays a handoff.
Examples written for these tests."""

from __future__ import annotations

from handoff_audit.markdown.prompts import orders

END_SESSION_COMMAND = """\
# Wrap-up command

Save what this session did so a fresh session can pick it up.

## Steps

Run `git status --short` and `git log --oneline -5` first.

Read back through the conversation and list:
- What was finished and merged
- What was started but not finished
- Which files were changed
- Which errors were hit and how they were handled

Write `NEXT_SESSION.md` with a summary, the open tasks and the files to read.
Keep every section short and name real paths.
Commit the file with the message `chore: session notes`.
Tell the user the notes were saved and how to resume.
Do not push anything.
"""

HANDOFF_QUOTING_ORDERS = """\
# Handoff 2026-04-02

The reviewer asked us to check these before merging, and we did:
- Fixed the retry loop in `src/sync/queue.py`; `pytest tests/test_queue.py` passes.
- Removed the dead `legacy_push` path; nothing imported it.
- Renamed `cfg.timeout` to `cfg.read_timeout` across `src/sync/`.

Review the migration notes and confirm:
- Was the index on `events.created_at` created on staging? Yes, on 2026-04-01.

Run `make e2e` before the release.
Update the changelog with the rename.
"""


def test_an_end_session_command_with_past_tense_checklists_is_a_page_of_orders() -> None:
    found = orders(END_SESSION_COMMAND)
    assert [line for line, _ in found] == [3, 7, 9, 15, 16, 17, 18, 19]


def test_a_handoff_whose_record_follows_no_order_still_records_a_session() -> None:
    assert orders(HANDOFF_QUOTING_ORDERS) == []
