"""Copy-pasteable twins: a backslash only where CommonMark needs one, in that position; what
cmark-gfm (GitHub) shows is exactly the packet's text."""

from __future__ import annotations

import html
import re
from typing import Any

import cmarkgfm
import pytest
from hypothesis import assume, example, given, settings

from handoff_audit.markdown import render_packet
from handoff_audit.markdown.escape import escape_text
from handoff_audit.markdown.sections import fold, paragraphs_of
from twin_packets import EXAMPLES, nonblank, text

FAST = settings(max_examples=EXAMPLES * 2, deadline=None)

BASE: dict[str, Any] = {
    "title": "T",
    "branch": "feat/x",
    "last_known_good_commit": "abcdef1",
    "status": "active",
    "summary": "s",
    "next_action": "n",
    "verdict_pointer": "reports/junit.xml",
    "changed_files": [],
    "commands_run": [],
    "failed_attempts": [],
    "open_risks": [],
}


@pytest.mark.parametrize(
    "plain",
    [
        "tests/test_refund.py::test_partial",
        "pytest -k 'not slow' tests/unit_tests/",
        "src/refund_v2/api.py:42",
        "~/.config/handoff_audit/cache",
        "https://ci.example.com/runs/1_2?a=b&c=d",
        "C:\\Users\\me\\file_name.txt",
        "a < b and c > d, x <= y, 1 | 2",
        "snake_case_name and CONSTANT_NAME",
        "2 * 3 = 6",
        "--verbose flag",
        "#123 is the issue",
        "[link text] without a target",
        "$HOME/bin",
        "one `tick only",
        "R&D",
    ],
)
def test_plain_text_stays_byte_for_byte(plain: str) -> None:
    assert escape_text(plain) == plain
    md = render_packet({**BASE, "next_action": plain, "pointers": [plain]})
    assert f"## Next action\n\n{plain}\n" in md
    assert f"- {plain}\n" in md


@pytest.mark.parametrize(
    ("raw", "escaped"),
    [
        ("__init__.py", "\\_\\_init\\_\\_.py"),
        ("*not* emphasis", "\\*not\\* emphasis"),
        ("a `code` span", "a \\`code\\` span"),
        ("<script>", "\\<script>"),
        ("see [docs](http://x)", "see [docs\\](http://x)"),
        ("&amp; stays literal", "\\&amp; stays literal"),
        ("- not a list", "\\- not a list"),
        ("1. not a list", "1\\. not a list"),
        ("# not a heading", "\\# not a heading"),
        ("> not a quote", "\\> not a quote"),
        ("costs $5 or $6", "costs \\$5 or \\$6"),
        ("~~not struck~~", "\\~\\~not struck\\~\\~"),
        ("ends in a backslash\\", "ends in a backslash\\\\"),
        ("\\* is a star", "\\\\* is a star"),
        ("\\*a*", "\\\\\\*a\\*"),
        ("[ ] a task box", "\\[ ] a task box"),
        ("[label]: http://x", "\\[label]: http://x"),
        ("a <b", "a \\<b"),
        ("x*~a*", "x\\*~a\\*"),  # GitHub's strikethrough makes ~ a letter next to *
    ],
)
def test_what_would_change_the_document_is_escaped(raw: str, escaped: str) -> None:
    assert escape_text(raw) == escaped


def test_commands_and_changed_files_are_byte_for_byte() -> None:
    command = "pytest -q tests/test_refund.py::test_partial -k 'a_b or c*d'"
    md = render_packet(
        {
            **BASE,
            "changed_files": ["src/__init__.py", "docs/*.md"],
            "commands_run": [{"cmd": command, "exit": 0, "note": "see __main__"}],
        }
    )
    assert "- `src/__init__.py`\n- `docs/*.md`\n" in md
    assert f"- `{command}` — exit 0 — see \\_\\_main\\_\\_\n" in md


_URL = re.compile(r"https?://|www\.")


def _visible(fragment: str) -> str:
    """The text a browser shows for an HTML fragment (tags gone, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _same(shown: str, text: str) -> bool:
    """GitHub turns a bare URL into a link as it is written, backslashes included, where
    CommonMark (and the parser that reads the twin back) reads them as escapes: an escape a
    URL needs for CommonMark (``http://x/_a_`` is emphasis there) shows on GitHub. Text with a
    URL is compared without backslashes; everything else exactly."""
    if _URL.search(text):
        return shown.replace("\\", "") == text.replace("\\", "")
    return shown == text


_URL_THEN_TAG = re.compile(r"(?:https?://|www\.)[^\s<]*?(?:<|&#?[A-Za-z0-9]+;)")
"""GitHub's bare-URL links run up to a ``<`` or an entity and take the backslash before it
along, so a ``<tag`` or ``&amp;`` right after a URL shows as markup there whatever the escaping
(a known limit of GitHub's extension; CommonMark and the twin's parser read it right)."""


@FAST
@given(nonblank, text, text)
@example("a", "`\n```", "")  # an escaped fence's backticks paired with a lone one
def test_github_shows_exactly_the_text(item: str, paragraph: str, title: str) -> None:
    assume(not any(_URL_THEN_TAG.search(fold(t)) for t in (item, paragraph, title)))
    data: dict[str, Any] = {**BASE, "traps": [item], "summary": paragraph}
    if fold(title):
        data["title"] = title
    shown = cmarkgfm.github_flavored_markdown_to_html(render_packet(data))
    [trap] = re.findall(r"<h2>Traps</h2>\n<ul>\n<li>(.*?)</li>", shown, re.DOTALL)
    assert _same(_visible(trap), fold(item))
    if fold(title):
        [heading] = re.findall(r"<h1>(.*?)</h1>", shown, re.DOTALL)
        assert _same(_visible(heading), fold(title))
    summary = shown.split("<h2>Summary</h2>\n", 1)[1].split("<h2>", 1)[0]
    blocks = re.findall(r"<p>(.*?)</p>", summary, re.DOTALL)
    expected = ["\n".join(lines) for lines in paragraphs_of(paragraph)] or ["(none)"]
    assert len(blocks) == len(expected)
    for block, want in zip(blocks, expected, strict=True):
        assert _same(_visible(block), want)
