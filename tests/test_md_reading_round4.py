"""Issue 20, round 4: each new signal fires on a realistic case and stays quiet on its near
miss: a skill's or command's front matter that says when to invoke it, a handoff folder's
README that says so in its first lines, a next-steps list all ticked, Architecture and Rules
headings, bare don'ts, a template's scaffolding, facet headings in more languages."""

from __future__ import annotations

import pytest

from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions


def missing(text: str) -> set[str]:
    return {part.facet for part in missing_parts(text)}


def test_a_skill_that_says_when_to_invoke_it_is_not_a_handoff() -> None:
    skill = (
        "---\n"
        "name: wrap-up\n"
        "description: Quick save-point of the session state for the next agent. Use when the\n"
        "  user says wrap up or the context window is nearly full.\n"
        "---\n\n"
        "Follow `.agents/playbooks/wrap-up.md`; this file is only a pointer to it.\n"
    )
    assert [line for line, _ in instructions(skill)] == [3]
    analyse = skill.replace(
        "Quick save-point of the session state for the next agent. Use when the\n"
        "  user says wrap up or",
        "Analyze the session and write a handoff so a fresh agent can resume;",
    )
    assert [line for line, _ in instructions(analyse)] == [3]


def test_a_handoff_with_a_description_in_its_front_matter_is_still_one() -> None:
    handoff = (
        "---\n"
        "date: 2026-03-02\n"
        "description: Session handoff for the ledger export, where it stopped and why\n"
        "---\n\n"
        "# Ledger export\n\n"
        "- Export writes CSV now (`ledger/export.py`); tests pass.\n"
        "- Next: stream rows instead of building the list.\n"
    )
    assert instructions(handoff) == []


def test_a_folder_readme_is_told_apart_by_its_first_lines_alone() -> None:
    readme = (
        "# docs/handoffs\n\n"
        "This folder contains the handoff notes agents leave between sessions.\n\n"
        "Files are named `YYYY-MM-DD-topic.md`, newest last.\n"
    )
    assert [line for line, _ in instructions(readme)] == [3]
    late = (
        "# Ledger export\n\n"
        "- Export writes CSV now (`ledger/export.py`); tests pass.\n"
        "- Rows are streamed; the list was too big for the 2 GB worker.\n"
        "- Next: the PDF exporter.\n"
        "- The old exporter stays in `legacy/` for one release.\n"
        "- Ask Dana about the fiscal-year boundary.\n\n"
        "This folder contains the handoff notes of the exporter work as well.\n"
    )
    assert instructions(late) == []  # said after the handoff's own content: one stray line
    assert read(late).has("next")


def test_a_next_steps_list_with_every_box_ticked_is_no_next_step() -> None:
    done = (
        "# Ledger export\n\n"
        "## State\n\n- Export writes CSV now (`ledger/export.py`); tests pass.\n\n"
        "## Next steps\n\n"
        "- [x] Stream rows instead of building the list\n"
        "- [x] Add the `--since` flag to `ledger/cli.py`\n\n"
        "### Later\n\n[x] Ran the export against last year's books (2026-02-11).\n"
    )
    assert not read(done).has("next")
    assert "next" in missing(done)
    open_item = done.replace("- [x] Add the", "- [ ] Add the")
    assert read(open_item).has("next")


def test_an_architecture_section_is_no_decision_a_reason_in_it_is() -> None:
    layout = (
        "# Ledger export\n\n"
        "## Architecture\n\n"
        "- `ledger/export.py`: the exporter (CLI entry: `ledger/cli.py`).\n"
        "- `ledger/store.py`: reads the books from Postgres.\n"
    )
    assert not read(layout).has("decisions")
    reasoned = layout + "- We chose to stream rows because the list did not fit in 2 GB.\n"
    assert read(reasoned).has("decisions")


def test_a_rules_heading_is_no_dead_end() -> None:
    rules = (
        "# Card copy\n\n- Drafts for May are in `copy/may.md`; reviewed.\n\n"
        "## Copy rules\n\n- Sentences under 12 words.\n- One emoji per card at most.\n"
    )
    assert not read(rules).has("ruled_out")
    assert read(rules.replace("## Copy rules", "## Pitfalls")).has("ruled_out")


def test_a_template_says_no_facet_whatever_its_scaffolding_says() -> None:
    template = (
        "# Session handoff: [feature name]\n\n"
        "**Date:** YYYY-MM-DD\n\n"
        "## Last session\n\n{What happened. What got done.}\n\n"
        "**Next session should:**\n{What to pick up first.}\n\n"
        "## Files to read first\n\n- [ ] `docs/ARCHITECTURE.md`\n- [ ] [path to the spec]\n"
    )
    assert "next" not in missing(template)  # read alone, its scaffolding names a next step
    parts = missing_parts(template, template_line=3)
    assert [part.facet for part in parts] == ["state", "next", "decisions", "ruled_out", "pointers"]
    assert {part.line for part in parts} == {3}
    assert [part.error for part in parts] == [False, True, False, False, False]


@pytest.mark.parametrize(
    ("heading", "facet"),
    [
        ("Việc tiếp theo", "next"),
        ("Prossimi passi", "next"),
        ("Próximos passos", "next"),
        ("Đang làm / dở dang", "state"),
        ("Stato attuale", "state"),
        ("현재 상태", "state"),
        ("Quyết định gần đây (mới nhất trước)", "decisions"),
        ("Decisões técnicas", "decisions"),
        ("주요 결정", "decisions"),
    ],
)
def test_facet_headings_in_vietnamese_italian_portuguese_and_korean(
    heading: str, facet: str
) -> None:
    assert heading_facet(heading) == facet


def test_one_handoff_in_a_folder_of_its_own_is_no_folder_readme() -> None:
    handoff = (
        "# Auth refactor\n\n"
        "This folder contains the handoff for the auth refactor.\n\n"
        "- Sessions move to `auth/session.py`; tests pass.\n"
        "- Next: port the OAuth callback.\n"
    )
    assert instructions(handoff) == []


def test_an_alternative_passed_over_with_its_reason_is_ruled_out() -> None:
    shipped = (
        "# Subtitles\n\n- Subtitle position ships as presets plus a slider instead of "
        "drag-and-drop, to reduce complexity on mobile.\n"
    )
    assert read(shipped).has("ruled_out")
    bare = "# Subtitles\n\n- Subtitle position ships as presets instead of drag-and-drop.\n"
    assert not read(bare).has("ruled_out")


def test_a_checklists_boxes_and_waiting_for_orders_are_no_next_step() -> None:
    runbook = (
        "# Minutes app: operations\n\n"
        "The app is live at https://minutes.example.org; `sql/init.sql` sets up the tables.\n\n"
        "## Security checklist\n\n"
        "- [ ] `config/config.php` is not committed\n"
        "- [ ] `app_password` is long and random\n"
    )
    assert not read(runbook).has("next")
    assert read(runbook.replace("## Security checklist", "## Still to do")).has("next")
    waiting = (
        "# LEAP\n\n- Fixed the formula rendering in `bluebook/main.py`.\n\n"
        "## Next action\n\nReady for next engineering directive.\n"
    )
    assert not read(waiting).has("next")
    assert read(waiting.replace("Ready for next engineering directive.", "Port it.")).has("next")
