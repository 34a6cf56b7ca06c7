"""Issue 20, round 6: next steps written where a careful reader finds them and the reading did
not (a heading that opens on "What needs …"), each beside its near miss."""

from __future__ import annotations

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions
from handoff_audit.markdown.template import placeholders

WHAT_NEEDS_BUILDING = """\
# Next session: offline sync

## What's already built

- The local queue in `app/sync/queue.ts` stores edits while offline.

## What Needs Building

### 1. Conflict resolution
- Compare the server's `updated_at` with the queued edit's before replaying it
- Keep the newer edit and log the other one to `sync_conflicts`
"""


def test_a_heading_opening_on_what_needs_doing_is_a_next_step() -> None:
    assert heading_facet("What Needs Building") == "next"
    assert read(WHAT_NEEDS_BUILDING).has("next")


def test_a_setup_heading_that_mentions_the_next_session_stays_setup() -> None:
    # near miss: the setup phrase opens the heading, the next-step word only follows it
    assert heading_facet("Quick start for the next AI") == "setup"
    assert heading_facet("Building the app") == "setup"
    assert heading_facet("Remaining next steps") == "next"
    # hedged, it heads a wish list (round 54): "Potential next steps"
    assert heading_facet("Potential next steps") == "ideas"


def test_next_step_headings_in_french_and_hebrew_are_read() -> None:
    assert heading_facet("Codex — priorités") == "next"
    assert heading_facet("מה דורש פעולה ידנית ממך (2 דברים)") == "next"  # what needs your action
    assert heading_facet("הצעדים הבאים") == "next"  # next steps
    # near miss: what is already running needs nothing ("no action needed") and is no step
    assert heading_facet("מה כבר רץ אוטומטית") is None
    assert heading_facet("Progression RU") is None


def test_carried_forward_and_traditional_chinese_pending_headings_are_next_steps() -> None:
    assert heading_facet("Carried forward") == "next"
    assert heading_facet("其他待辦（與上面任務獨立）") == "next"  # other to-dos
    assert heading_facet("Para futuras sesiones (informe semanal)") == "next"
    # near miss: what was done and what was checked are no next step
    assert heading_facet("已實跑的檢查") is None  # checks already run
    assert heading_facet("Qué se hizo") is None  # what was done


ONE_PARAGRAPH = """\
# Current handoff

The billing design now lives in `docs/billing-v2/`. No production code has changed yet.
Before implementation, run the schema audit and write up what the old tables really hold.
Refund handling stays out of this phase.
"""

ONE_PARAGRAPH_RECORD = """\
# Current handoff

The billing design now lives in `docs/billing-v2/`. No production code has changed yet.
Before the audit, the build took forty minutes; it takes six now.
Refund handling stays out of this phase.
"""


def test_an_order_inside_the_closing_paragraph_is_a_next_step() -> None:
    assert read(ONE_PARAGRAPH).has("next")
    # near miss: the same place tells what happened before, and orders nothing
    assert not read(ONE_PARAGRAPH_RECORD).has("next")


SLASH_COMMAND = """\
---
description: 세션 종료 — 다음 에이전트를 위한 상태 기록
---

# /wrap-up — end the session

1. Summarise the finished work in three lines.
2. Run `./scripts/wrap_up.sh "<agent>" "<summary>"`.
3. Update `state.md` with the new assets.
"""

PATH_TITLE = """\
# /api/users rate limiting

Added a token bucket in `api/limits.py`; the 429 test passes.

## Next

- Add the limit headers to the response in `api/users.py`.
"""


def test_a_file_titled_with_a_slash_command_is_that_command() -> None:
    assert instructions(SLASH_COMMAND)[0][0] == 5
    # near miss: a title that starts with a URL path is a handoff about that endpoint
    assert instructions(PATH_TITLE) == []


def _template_body(header: str) -> str:
    sections = "".join(
        f"## {name}\n\nDescribe the {name.lower()} in two or three sentences, and link the spec.\n"
        f"Say what could not be verified locally and why, so the next session knows.\n\n"
        for name in ("Context", "Changes", "Verified", "Setup", "Risks", "Open questions")
    )
    return f"# Handoff: payments sync\n\n{header}\n{sections}"


def test_a_template_whose_header_fields_are_blanks_is_a_template() -> None:
    header = (
        "- **Date:** YYYY-MM-DD\n- **From:** <originating session>\n"
        "- **Branch:** <git branch holding the changes>\n"
    )
    assert len(placeholders(_template_body(header))) == 3
    assert placeholders("") == []


def test_one_blank_left_in_a_filled_header_is_no_template() -> None:
    # near miss: the date was left as the template's, the rest of the header is filled in
    header = "- **Date:** YYYY-MM-DD\n- **From:** laptop session\n- **Branch:** `feat/sync`\n"
    assert placeholders(_template_body(header)) == []


def test_what_was_learned_is_no_dead_end_by_its_heading_alone() -> None:
    # patterns that worked are knowledge, not an approach ruled out
    assert heading_facet("Learned patterns") != "ruled_out"
    assert heading_facet("Key learnings") != "ruled_out"
    # near miss: lessons (what went wrong and is not to be repeated) still name one
    assert heading_facet("Lessons learned") == "ruled_out"
