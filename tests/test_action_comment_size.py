"""The comment never exceeds GitHub's 65,536 characters, whatever part of it is large.

Every part counts: the verdict (branch names), the findings, each packet's heading (its title and
path), its next action, its fields and the folded label. Sizes are drawn with the characters that
grow most when escaped (punctuation doubles, ``@`` gains a joiner, a control becomes ``\\xNN``,
an emoji is two UTF-16 units).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from action_support import assert_safe_markdown, packet_data
from handoff_audit.action.comment import LIMIT, MARKER, body
from handoff_audit.formats.markdown_report import size
from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity

UNITS = ["a", "`", "@", "\x1b", "😀", "<", "a b ", "\n", "x\n\n"]

sizes = st.sampled_from([0, 1, 150, 5_000, 40_000, 70_000])


@st.composite
def big_text(draw: Callable[..., Any]) -> str:
    return str(draw(st.sampled_from(UNITS))) * int(draw(sizes))


@st.composite
def big_reports(draw: Callable[..., Any]) -> Report:
    packets = []
    for index in range(draw(st.integers(0, 3))):
        data = packet_data(
            title=draw(big_text()),
            next_action=draw(big_text()) or "next",
            summary=draw(big_text()) or "summary",
            decisions=[{"decision": draw(big_text()), "why": "w"}] * draw(st.integers(0, 50)),
        )
        packets.append(
            PacketInfo(
                path=f"{index}/" + draw(big_text()) + ".json",
                kind="json",
                markdown=draw(big_text()) + ".md",
                branch="b",
                topic=str(index),
                status="active",
                data=data,
            )
        )
    unit, count = draw(st.sampled_from(UNITS)), draw(st.sampled_from([1, 150, 5_000]))
    findings = tuple(
        Finding("schema", Severity.ERROR, f"f{i}.json", unit * count, line=i + 1)
        for i in range(draw(st.sampled_from([0, 1, 11, 300])))
    )
    return Report(
        packets=tuple(packets),
        findings=findings,
        head="0" * 40,
        branch=draw(big_text()) or None,
        target_branch=draw(big_text()) or None,
        blocking_rules=frozenset({"handoff-in-merge"}) if draw(st.booleans()) else frozenset(),
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(big_reports())
def test_the_comment_fits_whatever_is_large(report: Report) -> None:
    text = body(report)
    assert size(text) <= LIMIT
    assert text.startswith(MARKER)
    assert_safe_markdown(text)


def test_a_huge_title_alone_does_not_push_the_comment_over() -> None:
    # The review's case: the packet heading (with the title) was not counted against the budget.
    data = packet_data(title="T" * 70_000, summary="s " * 30_000)
    packet = PacketInfo("handoff.json", "json", "handoff.md", "b", "default", "active", data=data)
    text = body(Report(packets=(packet,), findings=(), head="0" * 40, branch="b"))
    assert size(text) <= LIMIT
    assert "TTTT…" in text
