"""Issue 20, round 11: telling apart agent files that record no session. A command whose front
matter carries an agent tool's key (``agent:``, ``inclusion:``) beside a ``description:``, or
whose description says when to invoke it ("Use when …"), is an agent's file; a page of orders
("Mark any completed items …") is not a session record because its orders mention finished
work. Examples written for these tests, each beside a near miss that keeps today's reading."""

from __future__ import annotations

from handoff_audit.markdown.prompts import instructions, orders

OPENCODE_COMMAND = """\
---
description: Squash the conversation into a note another agent can continue from
agent: build
---

Read the conversation so far and squash it into a note the next agent can continue from.
"""

HANDOFF_WITH_AGENT_KEY = """\
---
agent: claude-code
date: 2026-03-14
---

# Handoff

- Fixed the off-by-one in `src/pager.py`; `pytest tests/test_pager.py` passes.
- Next: add the `--page-size` flag to `cli.py`.
"""


def test_front_matter_with_an_agent_key_beside_a_description_is_a_command() -> None:
    assert instructions(OPENCODE_COMMAND)


def test_an_agent_key_without_a_description_keeps_a_handoff() -> None:
    assert not instructions(HANDOFF_WITH_AGENT_KEY)


STEERING = """\
---
inclusion: manual
description: Use when choosing what to build next or onboarding a new agent to the repository.
---

# Roadmap steering

Read `ROADMAP.md` and `CHANGELOG.md` before planning a change.
"""


def test_a_description_saying_when_to_use_the_file_is_a_skill() -> None:
    assert instructions(STEERING.replace("inclusion: manual\n", ""))


END_OF_SESSION_COMMAND = """\
Look over this session's work and bring ROADMAP.md up to date:

1. Read ROADMAP.md (create one from the project layout if it is missing).
2. Mark every completed item with ✅ and a one-line note of what was done.
3. Add new topics that came up as unchecked items; note which ones were dropped.
4. Commit with the message "docs: roadmap after session".
5. Push the commit.

Keep each note to one line. Do not rewrite items nobody touched.
"""

SESSION_RECORD = """\
# Session notes

Fixed the retry loop in `sync/worker.py`; the flaky test was a shared temp dir.
Moved the cache to `~/.cache/syncer` and updated the README.
Tested on Linux and macOS: both green.
Read `docs/queue.md` before touching the worker again.
Keep the retry limit at 5: 10 hammered the API.
"""


def test_orders_about_completed_items_still_record_no_session() -> None:
    assert orders(END_OF_SESSION_COMMAND)


def test_a_session_record_with_a_few_orders_is_no_page_of_orders() -> None:
    assert not orders(SESSION_RECORD)
