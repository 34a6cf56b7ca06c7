"""Facets read from content as people write it: a next step in the last paragraph, reasons in
running prose, bold lead-ins, "what looked broken and was not"; a heading over placeholders is no
facet; templates and instructions told apart line by line."""

from __future__ import annotations

import pytest

from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.prompts import instructions
from handoff_audit.markdown.template import is_placeholder_text, placeholders


def missing(text: str) -> set[str]:
    return {part.facet for part in missing_parts(text)}


@pytest.mark.parametrize(
    "ending",
    [
        "Run the migration on staging, then flip the flag in `config/flags.yml`.",
        "The webhook retry still has to be wired into the queue worker.",
        "Those remain integrator work: the tracker and the backlog row.",
    ],
)
def test_a_next_step_written_as_the_last_paragraph_counts(ending: str) -> None:
    text = f"# Refund rounding\n\nEUR refunds round half-even now; tests pass.\n\n{ending}\n"
    assert "next" not in missing(text)


def test_a_last_paragraph_that_looks_back_is_no_next_step() -> None:
    text = "# Refund rounding\n\nEUR refunds round half-even now; tests pass.\n\nIt went well.\n"
    assert "next" in missing(text)


def test_a_last_paragraph_under_known_issues_is_no_next_step() -> None:
    text = "# Notes\n\nTests pass.\n\n## Known issues\n\nThe exporter should be faster.\n"
    assert "next" in missing(text)


@pytest.mark.parametrize(
    "prose",
    [
        "Swapped the model from large to small.en to cut the install-time download.",
        "We prefer sibling repositories rather than growing the core one.",
        "Kept integer cents in the ledger because floats drifted by a cent.",
    ],
)
def test_a_decision_in_running_prose_counts(prose: str) -> None:
    assert "decisions" not in missing(f"# Session\n\n{prose}\n")


def test_a_change_described_with_instead_is_not_something_ruled_out() -> None:
    text = (
        "# Session\n\n- Fixed the call (`.scrape()` instead of `.hunt()`).\n\n"
        "- Tables now size dividers to the header instead of a fixed width.\n"
    )
    assert "ruled_out" in missing(text)


def test_what_looked_broken_and_was_not_is_ruled_out() -> None:
    text = (
        "# Session\n\n## What looked broken and was not\n\n"
        "- Escape reaches the window even with the list focused.\n"
    )
    assert "ruled_out" not in missing(text)


def test_a_bold_lead_in_names_its_facet() -> None:
    text = "# Session 254\n\n**What got done.** The model is smaller and shipped as v0.1.51.\n"
    assert "state" not in missing(text)


def test_a_heading_over_placeholders_is_no_facet() -> None:
    text = (
        "# Handoff\n\n## Next Steps\n\n1. [ ] [Most important next task]\n"
        "2. [ ] Unit tests for [component]\n\n## Current State\n\n[2-3 sentences]\n"
    )
    assert {"next", "state"} <= missing(text)
    assert is_placeholder_text("- [ ] Unit tests for [component]")
    assert not is_placeholder_text("- [ ] Unit tests for the refund webhook")


def test_links_checkboxes_and_dates_are_no_placeholders() -> None:
    text = (
        "# Handoff 2025-11-23\n\n- [x] Done: see [the runbook](docs/runbook.md)\n"
        "- [ ] Port `<Refund>` to the v2 API [^1]\n- Shipped on 2025-11-23, ~40% faster\n"
    )
    assert placeholders(text) == []


def test_a_real_handoff_that_mentions_the_handoff_is_no_instructions() -> None:
    text = (
        "# Handoff\n\nUpdated the handoff after the deploy. The handoff was written by the last "
        "session.\n\n## Next\n\n1. Run `make deploy`.\n"
    )
    assert instructions(text) == []


@pytest.mark.parametrize(
    "heading",
    [
        "下一步",
        "后续顺序",
        "Следующие шаги",
        "Prochaines étapes",
        "Próximos pasos",
        "Nächste Schritte",
    ],
)
def test_a_next_step_heading_counts_in_other_languages(heading: str) -> None:
    text = f"# Refund\n\nTests pass.\n\n## {heading}\n\n- The exporter for the v2 API.\n"
    assert "next" not in missing(text)
    assert "next" in missing(text.replace(heading, "Notes"))


def test_a_compound_heading_names_the_facet_of_any_part() -> None:
    text = (
        "# Refund\n\nRefunds round half-even now; tests pass.\n\n"
        "## Known limitations / backlog\n\n- Port the exporter to the v2 API.\n"
    )
    assert "next" not in missing(text)
    alone = text.replace("Known limitations / backlog", "Known limitations")
    assert "next" in missing(alone)


def test_a_reason_in_another_language_keeps_a_decision_heading() -> None:
    decided = "# 交接\n\n## 架构决策\n\n- 金额用整数分存储，因为浮点数会累积误差。\n"
    assert "decisions" not in missing(decided)
    bare = "# 交接\n\n## 架构决策\n\n- 金额用整数分存储。\n"
    assert "decisions" in missing(bare)


def test_a_pasted_prompt_in_an_unlabelled_fence_is_read_as_text() -> None:
    prompt = "\n".join(
        [
            "We are building the invoice exporter for the billing service today.",
            "The CSV writer and the PDF renderer both work and their tests pass.",
            "Secrets live only in the local env file and are never committed.",
            "The staging deploy was checked by hand after the last migration.",
            "WHAT'S LEFT / GOOD NEXT STEPS:",
            "- Wire the exporter into the nightly job and add its alert rule.",
        ]
    )
    text = f"# Continue the exporter\n\n```\n{prompt}\n```\n"
    assert "next" not in missing(text)
    code = "\n".join(f"x{n} = run(step={n})  # next step" for n in range(6))
    assert "next" in missing(f"# Notes\n\nTests pass.\n\n```python\n{code}\n```\n")


def test_braced_blanks_and_blank_fields_make_a_template() -> None:
    braced = (
        "# {TEAM} Handoff\n\n**Updated:** {DATE}\n\n## Current State\n\n"
        "{What is built and working today.}\n\n## Lessons\n\n- {Lesson 1}\n- {Lesson 2}\n"
    )
    assert len(placeholders(braced)) >= 3
    assert {"state"} <= missing(braced)
    fields = (
        "# Handoff\n\n## Repository\n\n- Branch:\n- Last commit:\n- Current HEAD:\n"
        "- Environment: staging\n\n## Current task\n\n- Task:\n- Why now:\n"
    )
    assert [p.what for p in placeholders(fields)].count("a blank field") == 5
    filled = "# Handoff\n\n- Files changed:\n  - `src/refund.py`\n- Branch: feat/refunds\n"
    assert placeholders(filled) == []
    said = "# Handoff\n\n- Blockers: (none)\n- Decisions: (none yet)\n- Ruled out: (n/a)\n"
    assert placeholders(said) == []
    blank = "# Handoff\n\n- Author: (your name)\n- Commit: (hash or message)\n- Branch: (e.g. x)\n"
    assert len(placeholders(blank)) == 3


def test_an_agent_command_is_known_by_its_front_matter() -> None:
    command = (
        "---\ndescription: Generate a session summary for the next session\n"
        "allowed-tools:\n  - Bash\n  - Read\n---\n\n# Session summary\n\n"
        "## Phase 1\n\n1. Review recent activity and the todo list.\n"
    )
    assert instructions(command)[0][0] == 2
    notes = (
        "---\ndate: 2026-11-23\ndescription: Refund rounding, session 3\n---\n\n"
        "# Refund rounding\n\nRefunds round half-even now.\n"
    )
    assert instructions(notes) == []
    task = "---\ndescription: Fix the refund rounding\nagent: claude\n---\n\n# Refunds\n\nDone.\n"
    assert instructions(task) == []
