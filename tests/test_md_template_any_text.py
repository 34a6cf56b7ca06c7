"""The template, instruction, order, stub and standing-document readings on any text: they
never raise, and every line they name is a line of the text, quoted from it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit.markdown.prompts import instructions, orders
from handoff_audit.markdown.standing import standing
from handoff_audit.markdown.stub import stub
from handoff_audit.markdown.template import placeholders

# Pieces each reading keys on (templates' blanks, writer instructions, agent orders, front
# matter, fences, labels in other scripts), mixed with arbitrary text so that they meet in
# every order and at every line boundary.
_PIECES = [
    "# ",
    "## ",
    "- ",
    "- [ ] ",
    "- [x] ",
    "1. ",
    "2) ",
    "> ",
    "---\n",
    "```md\n",
    "```\n",
    "[2-3 sentences]",
    "YYYY-MM-DD",
    "~XX%",
    "TBD",
    "<describe>",
    "{{ next }}",
    "path/to/file1.h",
    "Goal 1",
    "Goal 2",
    "agent: AGENT",
    "Create or update a HANDOFF.md with:",
    "You must run the tests.",
    "Run `make test`.",
    "Next: ",
    "下一步：",
    "Status:",
    "2026-11-30",
    "handoff",
    "The service is deployed with the worker and the queue.\n",
    "description: write a handoff\n",
    "|",
    ":",
    "\n",
    "\n\n",
]

soup = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=8)), max_size=40).map("".join)
"""Markdown-ish text: the readings' cues over-represented, any other character possible."""


def _named_lines_are_real(found: list[tuple[int, str]], text: str) -> None:
    lines = text.splitlines()
    for number, quoted in found:
        assert 1 <= number <= len(lines), (number, len(lines))
        # A quote is the line shortened: its start (ellipsis aside) is in the line.
        start = quoted.rstrip("…").split()[0] if quoted.split() else ""
        assert start in lines[number - 1], (quoted, lines[number - 1])


@settings(max_examples=400, deadline=None)
@given(soup)
def test_readings_of_any_text_name_only_its_own_lines(text: str) -> None:
    for reading in (instructions, orders, stub, standing):
        _named_lines_are_real(reading(text), text)
    _named_lines_are_real([(place.line, place.text) for place in placeholders(text)], text)
