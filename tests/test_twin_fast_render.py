"""The twin rule's fast path: `fast_render` writes `render_packet`'s bytes or gives up."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit.markdown import render_packet
from handoff_audit.markdown.fast_render import fast_render
from twin_packets import EXAMPLES, packets

FAST = settings(max_examples=EXAMPLES * 4, deadline=None)

PLAIN: dict[str, Any] = {
    "schema_version": "1",
    "title": "Task 12: refund flow",
    "topic": "area12/task-12",
    "branch": "feat/t12",
    "last_known_good_commit": "a91c33f",
    "status": "superseded",
    "superseded_by": "area12/task-12-next",
    "summary": "Worked on refund flow in src/pkg0/module_012.py; the tests pass.",
    "changed_files": ["src/pkg0/module_012.py", "tests/test_refunds.py"],
    "commands_run": [
        {"cmd": "pytest -q tests/test_12.py", "exit": 1, "note": "flaky"},
        {"cmd": "ruff check . && echo **ok**", "exit": 0},
    ],
    "failed_attempts": [{"what": "caching the parsed config", "why": "stale values"}],
    "open_risks": [{"what": "retry storm under load", "severity": "medium"}],
    "next_action": "Run pytest -q tests/test_12.py and fix the flake.",
    "verdict_pointer": "reports/verdict-2.txt",
    "decisions": [],
    "ruled_out": [{"what": "a thread pool", "why": "the GIL makes it no faster"}],
    "traps": None,
    "pointers": ["src/pkg0/module_012.py:12", "docs/architecture.md"],
}

# Words near the edge of "plain": underscores inside and at the ends of words, digits and
# block markers that matter only at a line's start, spaces, one special character now and then.
_word = st.sampled_from(
    ["a", "Run", "test_x", "_b", "c_", "a__b", "1.", "42", "#", "x#", "-", "+", ">", "[x]",
     ":", "|", "é", "—", "*", "`", "$", "&amp;", "<b>", "]", "~", "\\", "(none)", "a b", " "]
)  # fmt: skip
_text = st.lists(_word, min_size=1, max_size=5).map(" ".join) | _word
_item = st.one_of(
    _text,
    st.fixed_dictionaries({"what": _text, "why": _text, "severity": _text}),
    st.fixed_dictionaries({"decision": _text, "why": _text}),
    st.fixed_dictionaries({"cmd": _text, "exit": st.integers(-1, 3) | st.booleans()}),
    st.fixed_dictionaries({"cmd": _text, "exit": st.integers(0, 1), "note": _text | st.none()}),
)
_FIELDS = [
    "summary", "next_action", "verdict_pointer", "changed_files", "commands_run",
    "failed_attempts", "open_risks", "decisions", "ruled_out", "traps", "pointers",
]  # fmt: skip
near_plain = st.fixed_dictionaries(
    {"title": _text, "status": _text, "branch": _text},
    optional={
        "topic": _text,
        "superseded_by": _text,
        **{name: st.none() | _text | st.lists(_item, max_size=3) for name in _FIELDS},
    },
)


def test_a_plain_packet_takes_the_fast_path_with_the_canonical_bytes() -> None:
    fast = fast_render(PLAIN)
    assert fast is not None
    assert fast == render_packet(PLAIN)


def test_text_that_needs_escaping_or_folding_is_left_to_the_renderer() -> None:
    for field, value in [
        ("title", "Fix __init__.py"),
        ("summary", "two\nlines"),
        ("summary", "double  space"),
        ("next_action", "1. first"),
        ("branch", "feat/*x*"),
        ("title", "C# #"),
        ("pointers", ["- item"]),
        ("commands_run", [{"cmd": "echo `x`", "exit": 0}]),
        ("commands_run", [{"cmd": "true", "exit": True}]),
        ("open_risks", [{"what": "x", "severity": 3}]),
    ]:
        assert fast_render({**PLAIN, field: value}) is None, (field, value)
        render_packet({**PLAIN, field: value})  # the long way still renders it


@FAST
@given(near_plain)
def test_the_fast_path_writes_the_renderers_bytes_or_nothing(data: dict[str, Any]) -> None:
    fast = fast_render(data)
    assert fast is None or fast == render_packet(data)


@settings(max_examples=EXAMPLES, deadline=None)
@given(packets)
def test_hostile_packets_never_get_other_bytes(data: dict[str, Any]) -> None:
    fast = fast_render(data)
    assert fast is None or fast == render_packet(data)
