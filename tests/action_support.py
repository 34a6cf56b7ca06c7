"""Helpers for the action's tests: reports to comment on, and a strict look at rendered markdown."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from typing import Any

import cmarkgfm
from cmarkgfm.cmark import Options

from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity

# Tags that GitHub-flavoured markdown itself produces, plus the ones our documents write.
MARKDOWN_TAGS = {
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code",
    "em", "strong", "a", "table", "thead", "tbody", "tr", "th", "td", "hr", "br", "del",
    "input", "img",
}  # fmt: skip
OUR_TAGS = {"details", "summary", "sub"}


def packet_data(**overrides: Any) -> dict[str, Any]:
    """A complete, valid packet."""
    data: dict[str, Any] = {
        "schema_version": "1",
        "title": "Refund flow",
        "branch": "feat/refunds",
        "last_known_good_commit": "a91c33f",
        "status": "active",
        "summary": "Added the refund endpoint and its tests.",
        "changed_files": ["src/refund.py"],
        "commands_run": [{"cmd": "pytest -q", "exit": 0}],
        "failed_attempts": [],
        "open_risks": [{"what": "currency rounding", "severity": "medium"}],
        "next_action": "Wire the refund endpoint into the admin UI.",
        "verdict_pointer": "reports/tests.xml",
    }
    data.update(overrides)
    return data


def report(
    findings: int = 1, packet: dict[str, Any] | None = None, blocked: bool = False
) -> Report:
    """A report with ``findings`` errors and, when given, one active packet."""
    packets = ()
    if packet is not None:
        packets = (
            PacketInfo(
                path="handoff.json",
                kind="json",
                markdown="handoff.md",
                branch=packet.get("branch"),
                topic="default",
                status=packet.get("status"),
                last_known_good_commit=packet.get("last_known_good_commit"),
                data=packet,
            ),
        )
    found = tuple(
        Finding(
            rule="schema",
            severity=Severity.ERROR,
            path="handoff.json",
            message=f"/open_risks/{i}/severity: 'huge' is not one of low, medium, high, critical",
            line=7 + i,
            column=5,
            pointer=f"/open_risks/{i}/severity",
        )
        for i in range(findings)
    )
    if blocked:
        found += (
            Finding("handoff-in-merge", Severity.ERROR, "HANDOFF.md", "HANDOFF.md reaches main"),
        )
    return Report(
        packets=packets,
        findings=found,
        head="0123456789abcdef0123456789abcdef01234567",
        branch="feat/refunds",
        target_branch="main",
        blocking_rules=frozenset({"handoff-in-merge"}) if blocked else frozenset(),
    )


def to_html(markdown: str) -> str:
    """GitHub-flavoured markdown to HTML with raw HTML kept, so that any would show."""
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.opened: Counter[str] = Counter()
        self.closed: Counter[str] = Counter()
        self.stack: list[str] = []
        self.comments: list[str] = []
        self.text_in: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.opened[tag] += 1
        if tag not in {"br", "hr", "img", "input"}:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        self.closed[tag] += 1
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)

    def handle_data(self, data: str) -> None:
        for tag in set(self.stack):
            self.text_in.setdefault(tag, []).append(data)


def html_tags(markdown: str) -> _Tags:
    """Parse the rendered HTML of ``markdown``."""
    parser = _Tags()
    parser.feed(to_html(markdown))
    parser.close()
    return parser


def assert_safe_markdown(markdown: str) -> _Tags:
    """The document renders to balanced HTML made only of markdown's tags and ours."""
    tags = html_tags(markdown)
    unknown = set(tags.opened) - MARKDOWN_TAGS - OUR_TAGS
    assert not unknown, f"raw HTML got through: {unknown}"
    assert "img" not in tags.opened, "an image tag got through"
    for tag in OUR_TAGS | {"table", "pre", "code"}:
        assert tags.opened[tag] == tags.closed[tag], f"unbalanced <{tag}>"
    return tags
