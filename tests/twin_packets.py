"""Hypothesis strategies for the markdown twin tests: packets full of markdown's sharp edges."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import strategies as st

from handoff_audit.markdown.sections import fold

EXAMPLES = int(os.environ.get("TWIN_EXAMPLES", "50"))
"""Examples per property test: modest by default (CI shares two cores); raise it to hunt bugs."""

# Pieces that mean something to markdown, so that generated text hits them often.
_SHARP = [
    "#",
    "# ",
    "## x",
    "|",
    "*",
    "**",
    "_",
    "`",
    "```",
    "~~~",
    "<",
    "<b>",
    "</div>",
    ">",
    "[",
    "](x)",
    "![a](b)",
    "&amp;",
    "&",
    "$",
    "\\",
    "- ",
    "+ ",
    "1. ",
    "2) ",
    "---",
    "===",
    "\n",
    "\n\n",
    "\r\n",
    "    ",
    "\t",
    " — ",
    " — exit 3",
    ":",
    "Status: archived",
    "http://example.com/a_b_",
    "(none)",
    "\u00a0",
    "é",
    "日本",
    "🙂",
    "__",
    "~",
    "~~",
    "a_",
    "_b",
    "x*",
    ":-",
    "-|-",
    "[ ] ",
    "&#35;",
    "<!--",
    "www.example.io",
]

text = st.lists(
    st.one_of(st.sampled_from(_SHARP), st.text(max_size=6)),
    max_size=8,
).map("".join)
"""Any text, markdown metacharacters and newlines over-represented."""

nonblank = text.filter(lambda s: bool(fold(s))).filter(lambda s: fold(s) != "(none)")
"""Text with something to say (what the schema's minLength fields hold)."""

severity = st.sampled_from(["low", "medium", "high", "critical"])

_lists = {
    "changed_files": st.lists(nonblank, max_size=4),
    "commands_run": st.lists(
        st.fixed_dictionaries(
            {"cmd": nonblank, "exit": st.integers(-1, 255)},
            optional={"note": nonblank},
        ),
        max_size=4,
    ),
    "failed_attempts": st.lists(
        st.one_of(nonblank, st.fixed_dictionaries({"what": nonblank, "why": nonblank})),
        max_size=3,
    ),
    "open_risks": st.lists(
        st.fixed_dictionaries({"what": nonblank, "severity": severity}), max_size=3
    ),
}
_optional_lists = {
    "decisions": st.lists(
        st.fixed_dictionaries({"decision": nonblank, "why": nonblank}), max_size=3
    ),
    "ruled_out": st.lists(st.fixed_dictionaries({"what": nonblank, "why": nonblank}), max_size=3),
    "traps": st.lists(nonblank, max_size=3),
    "pointers": st.lists(nonblank, max_size=3),
    "assumptions_to_validate": st.lists(nonblank, max_size=2),
    "questions_for_the_human": st.lists(nonblank, max_size=2),
}

packets: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {
        "branch": nonblank,
        "last_known_good_commit": st.text("0123456789abcdef", min_size=7, max_size=40),
        "status": st.sampled_from(["active", "superseded", "archived"]),
        "summary": nonblank,
        "next_action": nonblank,
        "verdict_pointer": nonblank,
        **_lists,
    },
    optional={
        "title": nonblank,
        "topic": st.sampled_from(["default", "refund", "a.b/c-d"]),
        "superseded_by": nonblank,
        **_optional_lists,
    },
)
"""Schema-shaped packets whose every string is hostile to markdown."""

long_lists = st.fixed_dictionaries(
    {
        "branch": st.just("feat/long"),
        "last_known_good_commit": st.just("abcdef1"),
        "status": st.just("active"),
        "summary": nonblank,
        "next_action": nonblank,
        "verdict_pointer": st.just("reports/junit.xml"),
        "changed_files": st.lists(nonblank, min_size=30, max_size=60),
        "commands_run": st.just([]),
        "failed_attempts": st.just([]),
        "open_risks": st.just([]),
        "traps": st.lists(nonblank, min_size=20, max_size=40),
    }
)
"""Packets with long lists."""


def folded(value: Any) -> Any:
    """``value`` with every string whitespace-folded: what the markdown keeps of it."""
    if isinstance(value, str):
        return fold(value)
    if isinstance(value, list):
        return [folded(v) for v in value]
    if isinstance(value, dict):
        return {k: folded(v) for k, v in value.items()}
    return value
