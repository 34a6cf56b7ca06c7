"""Issue references and commit ids in packet text are inert in the comment (issue 21, item 10),
like mentions: GitHub links ``#123``, ``owner/repo#1``, ``GH-5`` and commit ids in text
outside code; a joiner breaks each, and code is left exactly as written."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from action_support import packet_data
from handoff_audit.action import comment
from handoff_audit.formats import inert
from handoff_audit.model.findings import PacketInfo, Report
from test_action_inert import elements

LIVE = re.compile(
    r"(?<![A-Za-z0-9_])#\d|(?<![A-Za-z0-9])GH-\d|(?<![0-9A-Za-z])[0-9a-fA-F]{7,40}(?![0-9A-Za-z])",
    re.IGNORECASE,
)
REFERENCES = [
    "#123",
    "owner/repo#1",
    "GH-5",
    "gh-42",
    "a91c33f0d",
    "0123456789abcdef" * 2 + "01234567",
]


def _text(markdown: str) -> str:
    return "".join(elements(markdown).text)


@given(
    st.lists(
        st.sampled_from(REFERENCES) | st.text("ab#GH-0123456789f/ .", max_size=8), max_size=8
    ).map(" ".join)
)
def test_no_reference_survives_in_text_or_html(value: str) -> None:
    for markdown in (
        inert.text(value),
        inert.paragraphs(value),
        f"<b>{inert.html_text(value)}</b>",
    ):
        assert not LIVE.search(_text(markdown)), markdown
    assert inert.code(value).strip("`").strip() == " ".join(value.split())


def test_the_comment_links_nothing_from_the_packet() -> None:
    summary = "Fixes " + ", ".join(REFERENCES) + "."
    data = packet_data(summary=summary)
    info = PacketInfo("handoff.json", "json", "handoff.md", "feat/x", "default", "active",
                      "a91c33f", 1, data)  # fmt: skip
    body = comment.body(Report(packets=(info,), findings=(), head="f" * 40, branch="feat/x"))
    text = _text(body)
    assert "Fixes" in text
    for reference in REFERENCES:
        assert reference not in text
    assert not re.search(r"#\d|GH-\d", text, re.IGNORECASE)
