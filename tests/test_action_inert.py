"""Packet text is inert in the PR comment, the job summary and ``--format markdown``, as GitHub
renders them (cmark-gfm with its extensions, raw HTML kept so that any leak would show).

The property: the HTML element structure of each document does not depend on the packet's text.
The same report with every untrusted character replaced by ``a`` (whitespace kept, so that the
shape of the text is the same) renders to the same elements with the same attributes; on top of
that, ``<details>`` is balanced, no mention is live outside code, and the marker is the tool's own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import cmarkgfm
from cmarkgfm.cmark import Options
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from action_support import packet_data
from handoff_audit.action import comment
from handoff_audit.formats import FormatOptions, inert
from handoff_audit.formats import markdown_report as md
from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity

MARKER = comment.MARKER

FRAGMENTS = [
    "`", "``", "```", "````", "~~~", "```js`x\n", "``` a`b\n", "~~~ `\n", "\n", "\n\n", " ",
    "    ", "\t", "|", "\\|", "\\", "x|<img src=https://evil.example/i.png>|", "</details>",
    "<details open>", "</details></details><h1>PWNED</h1>", "<img src=x onerror=alert(1)>",
    "<script>1</script>",
    "@octocat", "@org/team", "a@b.co", "www.evil.com", "https://evil.example/x", "<https://e.x>",
    "[x](https://evil.example/`a`)", "[x](<https://e.x/`>)", "[x]: https://e.x", "![i](https://e.x)",
    "&lt;img&gt;", "&#60;img&#62;", "&amp;", "&#64;octocat", "<!--", "-->", MARKER,
    "handoff-audit-comment", "HANDOFF-AUDIT-COMMENT", "*", "**", "_", "#", "- ", "1. ", "> ", "[",
    "]", "(", ")", "---", "===", "| a | b |\n|---|---|\n", ":smile:", "\r", "\x00", "\x1b[31m",
    "\u0085", "\u2028", "<", ">", "[^1]", "- [ ] ", "$x$", "~~s~~",
]  # fmt: skip

untrusted = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)), max_size=10).map(
    "".join
)
short = st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=4).map("".join)


def benign(text: str) -> str:
    """The same shape of text with nothing in it that markdown could act on."""
    return "".join(c if c.isspace() else "a" for c in text)


@st.composite
def reports(draw: Callable[..., Any]) -> tuple[Report, Report]:
    """An adversarial report and its benign twin (same shape, harmless text)."""
    texts: list[str] = []

    def t(strategy: Any = untrusted) -> int:
        texts.append(draw(strategy))
        return len(texts) - 1

    shape = {
        "title": t(),
        "summary": t(),
        "next_action": t(),
        "branch": t(short),
        "topic": t(short),
        "decisions": [(t(), t()) for _ in range(draw(st.integers(0, 2)))],
        "failed_attempts": [t() for _ in range(draw(st.integers(0, 2)))],
        "traps": [t() for _ in range(draw(st.integers(0, 2)))],
        "commands": [(t(), t()) for _ in range(draw(st.integers(0, 2)))],
        "changed": [t(short) for _ in range(draw(st.integers(0, 2)))],
        "pointers": [t() for _ in range(draw(st.integers(0, 2)))],
        "verdict": t(),
        "risk": t(),
        "path": t(short),
        "markdown": t(short),
        "findings": [(t(short), t()) for _ in range(draw(st.integers(0, 3)))],
        "head_branch": t(short),
        "target": t(short),
    }
    blocked = draw(st.booleans())

    def build(text: Callable[[int], str]) -> Report:
        data = packet_data(
            title=text(shape["title"]),
            summary=text(shape["summary"]),
            next_action=text(shape["next_action"]),
            branch=text(shape["branch"]),
            topic=text(shape["topic"]),
            decisions=[{"decision": text(a), "why": text(b)} for a, b in shape["decisions"]],
            failed_attempts=[text(i) for i in shape["failed_attempts"]],
            traps=[text(i) for i in shape["traps"]],
            commands_run=[
                {"cmd": text(a), "exit": 1, "note": text(b)} for a, b in shape["commands"]
            ],
            changed_files=[text(i) for i in shape["changed"]],
            pointers=[text(i) for i in shape["pointers"]],
            verdict_pointer=text(shape["verdict"]),
            open_risks=[{"what": text(shape["risk"]), "severity": "high"}],
        )
        packet = PacketInfo(
            path=text(shape["path"]),
            kind="json",
            markdown=text(shape["markdown"]),
            branch=data["branch"],
            topic=data["topic"],
            status="active",
            last_known_good_commit="a91c33f",
            commits_behind=2,
            data=data,
        )
        findings = tuple(
            Finding("schema", Severity.ERROR, text(p), text(m), line=3, column=1)
            for p, m in shape["findings"]
        )
        if blocked:
            findings += (Finding("handoff-in-merge", Severity.ERROR, text(shape["path"]), "x"),)
        return Report(
            packets=(packet,),
            findings=findings,
            head="0123456789abcdef0123456789abcdef01234567",
            branch=text(shape["head_branch"]),
            target_branch=text(shape["target"]),
            blocking_rules=frozenset({"handoff-in-merge"}) if blocked else frozenset(),
        )

    return build(lambda i: texts[i]), build(lambda i: benign(texts[i]))


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, tuple[tuple[str, str | None], ...]]] = []
        self.closed: list[str] = []
        self.comments: list[str] = []
        self.code_depth = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, tuple(attrs)))
        if tag in ("code", "pre"):
            self.code_depth += 1

    def handle_endtag(self, tag: str) -> None:
        self.closed.append(tag)
        if tag in ("code", "pre"):
            self.code_depth -= 1

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)

    def handle_data(self, data: str) -> None:
        if not self.code_depth:
            self.text.append(data)


def to_html(markdown: str) -> str:
    """As GitHub renders a comment: GFM with its extensions (tables, autolinks, tagfilter...),
    footnotes, and raw HTML kept (so that any that got through would show)."""
    options = Options.CMARK_OPT_UNSAFE | Options.CMARK_OPT_FOOTNOTES
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=options)


def elements(markdown: str) -> _Elements:
    parser = _Elements()
    parser.feed(to_html(markdown))
    parser.close()
    return parser


# GitHub links @name (and @org/team) in text outside code; a joiner after the @ breaks it.
LIVE_MENTION = re.compile(r"(?<![A-Za-z0-9_`])@[A-Za-z0-9]")

DOCUMENTS: dict[str, Callable[[Report], str]] = {
    "comment": comment.body,
    "all clear": comment.all_clear_body,
    "markdown": lambda r: md.render(r, FormatOptions()),
}


def assert_inert(kind: str, evil: str, harmless: str) -> None:
    got, expected = elements(evil), elements(harmless)
    assert got.elements == expected.elements, f"{kind}: packet text changed the HTML elements"
    opened = sum(1 for tag, _ in got.elements if tag == "details")
    assert opened == got.closed.count("details"), f"{kind}: unbalanced <details>"
    text = "".join(got.text)
    assert not LIVE_MENTION.search(text), f"{kind}: a live mention: {text!r}"
    ours = 0 if kind == "markdown" else 1
    assert len(re.findall(inert.MARKER_TOKEN, evil, re.IGNORECASE)) == ours, f"{kind}: marker"
    assert got.comments == ([" handoff-audit-comment "] if ours else []), f"{kind}: comments"
    if ours:
        assert evil.startswith(MARKER)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reports())
def test_packet_text_is_inert_in_every_markdown_document(pair: tuple[Report, Report]) -> None:
    evil, harmless = pair
    for kind, render in DOCUMENTS.items():
        assert_inert(kind, render(evil), render(harmless))


def _one(**overrides: Any) -> tuple[Report, Report]:
    """A fixed adversarial packet (the review's bypasses) and its benign twin."""
    data = packet_data(**overrides)
    safe = {k: benign(v) if isinstance(v, str) and k in overrides else v for k, v in data.items()}

    def report(d: dict[str, Any], branch: str) -> Report:
        packet = PacketInfo("handoff.json", "json", "handoff.md", branch, "default", "active",
                            "a91c33f", 1, d)  # fmt: skip
        return Report(packets=(packet,), findings=(), head="0" * 40, branch=branch)

    return report(data, "x|<img src=https://evil.example/b>|"), report(safe, "aaaaaaaaaaaaaaaa")


def test_the_reviews_bypasses_are_inert() -> None:
    evil, harmless = _one(
        next_action="```js`\n<img src=https://evil.example/a>\n</details></details><h1>PWNED</h1>",
        summary="`a\n<img src=https://evil.example/span>` @octocat",
        title="[x](https://evil.example/`<img src=x>`)",
    )
    for kind, render in DOCUMENTS.items():
        text = render(evil)
        assert "<img" not in to_html(text)
        assert_inert(kind, text, render(harmless))
