"""Issue 20, round 3: each new signal fires on a realistic case and stays quiet on its near
miss: lines about handoffs in general (a prompt to paste, a slash command's ``$ARGUMENTS``, a
handoff folder's README), a dead end that is an approach rejected (not an input a check
rejects), a warning that is no dead end, next-step headings in more languages."""

from __future__ import annotations

import pytest

from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.prompts import instructions


def missing(text: str) -> set[str]:
    return {part.facet for part in missing_parts(text)}


def test_a_reusable_prompt_to_paste_is_not_a_handoff() -> None:
    prompt = (
        "# CONTINUE: the advance-one-roadmap-item prompt\n\n"
        "This is the copy-paste prompt to start a fresh session.\n"
        "Paste the block below as your first message.\n\n"
        "> You are continuing work on the billing service.\n"
        "> Read `docs/ROADMAP.md` and pick the top unblocked item.\n"
    )
    assert [line for line, _ in instructions(prompt)] == [3, 4, 6]


def test_a_handoff_that_carries_a_prompt_to_paste_is_still_a_handoff() -> None:
    handoff = (
        "# Session handoff: refund rounding\n\n"
        "Paste this into a new session to bootstrap it.\n\n"
        "## Done\n\n- Refunds round half-even now (`billing/refund.py`); tests pass.\n\n"
        "## Next\n\n- Port the exporter to the v2 API.\n"
    )
    assert instructions(handoff) == []


def test_a_slash_command_is_known_by_its_arguments() -> None:
    command = (
        "End a session with a summary for the next person.\n\n"
        "Topic: $ARGUMENTS\n\n"
        "## Step 1\n\n**Trigger:** `$ARGUMENTS` is empty (the user ran a bare command).\n\n"
        "Write the handoff file with the topic as its title.\n"
    )
    assert [line for line, _ in instructions(command)] == [3, 7, 9]
    shell = command.replace("$ARGUMENTS", "$ARGS")
    assert instructions(shell) == []


def test_a_handoff_folders_readme_is_not_a_handoff() -> None:
    readme = (
        "# handoffs/\n\n"
        "This directory holds structured handoff files exchanged between sessions.\n\n"
        "## When to create a handoff\n\n"
        "- When to create a handoff: the session ends mid-task.\n"
        "- Write the handoff under `session-NN/` with the date in its name.\n"
    )
    assert [line for line, _ in instructions(readme)] == [3, 7, 8]
    notes = readme.replace("holds structured handoff files", "holds the exporter's fixtures")
    assert instructions(notes) == []  # two lines of instructions: under the bar


def test_an_approach_rejected_is_ruled_out_an_input_rejected_is_not() -> None:
    rejected = "# Refunds\n\nTests pass.\n\nA float amount was rejected: it drifts by a cent.\n"
    assert read(rejected).has("ruled_out")
    checked = "# Refunds\n\nTests pass.\n\nA negative amount is rejected by the validator.\n"
    assert not read(checked).has("ruled_out")


def test_a_warning_in_a_sentence_is_no_dead_end() -> None:
    warned = "# Refunds\n\nTests pass.\n\nThe header carries a warning: session not resumed.\n"
    assert not read(warned).has("ruled_out")
    trap = "# Refunds\n\nTests pass.\n\nThe header carries a gotcha: session not resumed.\n"
    assert not read(trap).has("ruled_out")  # one trap word alone is weak (round 12)
    traps = trap + "\nAnother gotcha: the refund id is reused after a retry.\n"
    assert read(traps).has("ruled_out")


@pytest.mark.parametrize(
    "heading",
    ["남은 작업", "Próximo objetivo", "Prossimi passi", "交接建议", "Open threads"],
)
def test_next_step_headings_in_more_languages(heading: str) -> None:
    text = f"# Refund\n\nTests pass.\n\n## {heading}\n\n- The exporter for the v2 API.\n"
    assert "next" not in missing(text)
    assert "next" in missing(text.replace(heading, "Notes"))
