"""The canonical renderer: deterministic, escaped, structurally sound on GitHub, and lossless."""

from __future__ import annotations

import re
from typing import Any

import cmarkgfm
import pytest
from hypothesis import example, given, settings

from handoff_audit.markdown import render_packet
from handoff_audit.markdown.compare import compare
from handoff_audit.markdown.parse import META_FIELDS, parse
from handoff_audit.markdown.sections import META, SECTIONS
from twin_packets import EXAMPLES, folded, long_lists, packets

FAST = settings(max_examples=EXAMPLES, deadline=None)

PACKET: dict[str, Any] = {
    "title": "Refunds: make them idempotent",
    "branch": "feat/refunds",
    "last_known_good_commit": "a91c33f",
    "status": "active",
    "summary": "Added an idempotency key to `POST /refunds`.\nThe retry loop is gone.",
    "changed_files": ["src/refunds/api.py", "tests/test_refunds.py"],
    "commands_run": [
        {"cmd": "pytest -q tests/test_refunds.py", "exit": 1, "note": "2 failed"},
        {"cmd": "pytest -q", "exit": 0},
    ],
    "failed_attempts": [{"what": "a lock per refund", "why": "deadlocks under load"}],
    "open_risks": [{"what": "old clients retry without a key", "severity": "high"}],
    "next_action": "Make `test_double_refund` pass, then run the full suite.",
    "verdict_pointer": "reports/junit.xml",
    "decisions": [{"decision": "key in a header", "why": "the body is signed"}],
    "traps": [],
}


def test_layout_puts_the_state_and_next_action_first() -> None:
    md = render_packet(PACKET)
    lines = md.splitlines()
    assert lines[0] == "# Refunds: make them idempotent"
    assert lines[2:5] == [
        "- **Status:** active",
        "- **Branch:** feat/refunds",
        "- **Last known good commit:** a91c33f",
    ]
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[0] == "## Next action"
    assert headings == [
        "## Next action",
        "## Summary",
        "## Open risks",
        "## Failed attempts",
        "## Decisions",
        "## Traps",
        "## Changed files",
        "## Commands run",
        "## Verification",
    ]
    assert "- **high** — old clients retry without a key" in lines
    assert "- `pytest -q tests/test_refunds.py` — exit 1 — 2 failed" in lines
    assert "- **key in a header** — the body is signed" in lines
    assert md.endswith(
        "_(none)_\n\n## Changed files\n\n- `src/refunds/api.py`\n- "
        "`tests/test_refunds.py`\n\n## Commands run\n\n- `pytest -q tests/"
        "test_refunds.py` — exit 1 — 2 failed\n- `pytest -q` — exit 0\n\n"
        "## Verification\n\nreports/junit.xml\n"
    )


def test_same_packet_same_bytes_whatever_the_key_order() -> None:
    reordered = dict(reversed(list(PACKET.items())))
    assert render_packet(reordered) == render_packet(PACKET)


def test_metacharacters_are_escaped() -> None:
    md = render_packet(
        {
            **PACKET,
            "title": "# not | a *heading*",
            "summary": "# h\n- item\n1. one\n> quote\n<script>x</script>\n---\n```\n| a | b |",
            "traps": ["`tick` and ``two``", "[link](http://x) ![img](y)", "&amp; $x$ ~~s~~"],
        }
    )
    html = cmarkgfm.github_flavored_markdown_to_html(md)
    assert html.count("<h1>") == 1
    assert "<script>" not in html
    assert not re.search(r"<(h3|ol|blockquote|pre|hr|table|del|img|em)\b", html)
    assert "&lt;script&gt;" in html
    parsed = parse(md)
    assert parsed.value("traps") == [
        "`tick` and ``two``",
        "[link](http://x) ![img](y)",
        "&amp; $x$ ~~s~~",
    ]
    assert parsed.title == "# not | a *heading*"


@pytest.mark.parametrize(
    ("what", "why"),
    [
        ("# ~", "#~"),  # struck through from the what into the why
        ("a ~~", "b~~"),
        ("_a ~", "b_"),  # emphasis: the ** after " ~" does not close on GitHub
        ("a ~", "~.*"),  # the opening ** paired with the why's *
        ("~ _", "a#_"),  # the ** before "~ " does not open on GitHub
        ("~ _", "~_~"),
    ],
)
def test_a_run_in_the_bold_part_never_pairs_with_one_after_it(what: str, why: str) -> None:
    """GitHub looks past a ``~`` beside a ``**``: after (or before) a space it leaves the bold
    part open, and a ``~``, ``_`` or ``*`` in it paired with one in the text after it."""
    data = {"title": "t", "ruled_out": [{"what": what, "why": why}]}
    md = render_packet(data)
    html = cmarkgfm.github_flavored_markdown_to_html(md)
    assert not re.search(r"<(del|em)>", html), md
    assert parse(md).value("ruled_out") == [{"what": what, "why": why}]


@pytest.mark.parametrize(
    ("what", "why"),
    [
        ("~ a", "b"),
        ("a ~", "b"),
        ("~~ a", "b"),
        ("a ~~", "b~~ c*d"),
        ("~ a ~", "~ z"),
        ("~ _", "a#_"),
        ("# ~", "#~"),
        ("drop the cache ~", "~ it was the lock"),
    ],
)
def test_a_bold_part_beside_a_spaced_tilde_is_bold_on_github(what: str, why: str) -> None:
    """GitHub looks past a ``~`` beside a ``**``: ``**~ a**`` and ``**a ~**`` showed their
    ``**`` as they are. The ``~`` there is escaped, the bold part shows bold, and the text is
    the packet's, verbatim."""
    data = {
        "title": "t",
        "ruled_out": [{"what": what, "why": why}],
        "decisions": [{"decision": what, "why": why}],
    }
    md = render_packet(data)
    html = cmarkgfm.github_flavored_markdown_to_html(md)
    items = re.findall(r"<li>(.*?)</li>", html, re.DOTALL)
    assert items == [f"<strong>{_html(what)}</strong> — {_html(why)}"] * 2, md
    assert "**" not in html, md
    assert parse(md).value("ruled_out") == [{"what": what, "why": why}]


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _expected_structure(data: dict[str, Any]) -> tuple[int, int, int, int]:
    """(h2 count, <li> count, <ul> count, "(none)" markers) the rendering must have."""
    h2 = sum(1 for spec in SECTIONS if spec.field in data)
    meta = sum(1 for name, _ in META if data.get(name) is not None)
    items = [len(data[s.field]) for s in SECTIONS if s.kind == "list" and s.field in data]
    empty = sum(1 for n in items if n == 0)
    return h2, meta + sum(items), (meta > 0) + sum(1 for n in items if n), empty


@FAST
@given(packets)
@example({"ruled_out": [{"what": "# ~", "why": "#~"}]})  # a ~ pairing with one past the **
def test_github_renders_the_structure_whatever_the_text(data: dict[str, Any]) -> None:
    html = cmarkgfm.github_flavored_markdown_to_html(render_packet(data))
    h2, li, ul, empty = _expected_structure(data)
    assert html.count("<h1>") == 1
    assert html.count("<h2>") == h2
    assert html.count("<li>") == li
    assert html.count("<ul>") == ul
    assert html.count("<em>(none)</em>") == empty
    assert not re.search(r"<(h[3-6]|ol|blockquote|pre|hr|table|del|img|input)\b", html)


@FAST
@given(packets)
def test_parse_gives_back_every_field_the_markdown_carries(data: dict[str, Any]) -> None:
    md = render_packet(data)
    assert render_packet(data) == md
    parsed = parse(md)
    if "title" in data:
        assert parsed.title == folded(data["title"])
    for name in META_FIELDS:
        assert folded(parsed.value(name)) == folded(data.get(name))
    for spec in SECTIONS:
        if spec.field in data:
            assert folded(parsed.value(spec.field)) == folded(data[spec.field]), spec.field
        else:
            assert not parsed.has(spec.field)


@FAST
@given(packets)
def test_a_rendered_twin_never_mismatches_even_off_the_fast_path(data: dict[str, Any]) -> None:
    md = render_packet(data)
    assert compare(data, md) == []
    # A trailing blank line defeats the byte-for-byte fast path: the parser must agree too.
    assert compare(data, md + "\n") == []


@settings(max_examples=10, deadline=None)
@given(long_lists)
def test_long_lists_render_one_item_each(data: dict[str, Any]) -> None:
    md = render_packet(data)
    html = cmarkgfm.github_flavored_markdown_to_html(md)
    assert html.count("<li>") == 3 + len(data["changed_files"]) + len(data["traps"])
    assert compare(data, md + "\n") == []


def test_non_schema_values_still_render() -> None:
    odd: dict[str, Any] = {
        "branch": 7,
        "open_risks": "lots",
        "commands_run": [{"exit": "x"}, 3],
        "summary": None,
        "decisions": [{"why": "w"}],
        "title": ["t"],
    }
    md = render_packet(odd)
    assert "- **Branch:** 7" in md
    assert compare(odd, md + "\n") == []
