"""A next action of one long paragraph is cut inside it in the PR comment, where it came back
empty ("**Next action:**" and blank lines) because the comment only cut between lines."""

from __future__ import annotations

import pytest

from action_runner import PR, Runner
from action_support import assert_safe_markdown, packet_data
from handoff_audit.action.comment import ELSEWHERE, LIMIT
from handoff_audit.formats.inert import ZWJ
from handoff_audit.formats.markdown_report import size, truncate
from handoff_audit.markdown import render_packet

# Words that the comment escapes (*, _, `, #1), links (@), and measures as two units (emoji).
WORDS = ["fix", "the_*rounding*", "in", "`refund.py`", "ask", "@team", "about", "#12", "😀👍🏽"]


def one_paragraph(chars: int) -> str:
    words: list[str] = []
    length = 0
    while length < chars:
        words.append(f"{WORDS[len(words) % len(WORDS)]}{len(words)}")
        length += len(words[-1]) + 1
    return " ".join(words)


def commit_next_action(runner: Runner, next_action: str) -> None:
    data = packet_data(branch="feat/refunds", next_action=next_action)
    data["last_known_good_commit"] = runner.repo.head()
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    runner.head = runner.repo.commit("a long next action")


@pytest.mark.parametrize("chars", [40_000, 100_000])
def test_a_long_one_paragraph_next_action_is_cut_inside_it(runner: Runner, chars: int) -> None:
    next_action = one_paragraph(chars)
    commit_next_action(runner, next_action)
    runner.run("pull_request", runner.pull_request())
    [comment] = runner.fake.ours(PR)
    text = comment["body"]
    assert size(text) <= LIMIT
    tags = assert_safe_markdown(text)
    shown = "".join(tags.text_in["blockquote"]).strip().replace(ZWJ, "")
    assert shown.endswith("…")
    shown = shown.removesuffix("…")
    assert len(shown) > 5_000, "the next action is shown, not an empty quote"
    assert next_action.startswith(shown)
    assert next_action[len(shown)] == " ", "cut between words"
    after = text.split("**Next action:**", 1)[1].split("<details>", 1)[0]
    assert f"*The next action is cut short here. {ELSEWHERE}*" in after


def test_a_long_first_line_keeps_code_spans_closed_and_characters_whole() -> None:
    # The packet's fields are lines of code spans and escapes: a cut inside a line closes what it
    # opened and never splits an escape, a mention's joiner or an emoji with its modifier.
    line = "- " + " ".join(f"`a{i}` \\* @{ZWJ}b 👍🏽 \\\\x1b" for i in range(2_000))
    for budget in range(40, 400, 7):
        cut, was_cut = truncate(line, budget)
        assert was_cut and 0 < size(cut) <= budget
        assert cut.endswith("…") and cut.count("`") % 2 == 0
        kept = cut.removesuffix("…")
        assert line.startswith(kept) and line[len(kept)] == " ", (budget, kept[-20:])
        assert_safe_markdown(cut)


def test_a_long_code_span_is_closed_after_the_cut() -> None:
    line = "- ``" + "x` " * 5_000 + "``"
    cut, _ = truncate(line, 300)
    assert size(cut) <= 300
    assert cut.endswith("``…") and not cut.endswith("```…")
    tags = assert_safe_markdown(cut + "\n\nafter")
    assert "after" not in "".join(tags.text_in.get("code", []))
