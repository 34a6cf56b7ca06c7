"""For the job summary: each active packet's history as a small mermaid diagram, which GitHub
draws in place: last known good commit → the packet's last change → the commit checked, with
the commits between them and their dates. A picture says "the work moved on without the
packet" faster than a table.

Labels hold only what git said (commit ids, dates, counts) and fixed words, never packet text,
so nothing from a packet can break out of the diagram.
"""

from __future__ import annotations

import time

from handoff_audit.formats.markdown_report import active_packets, code
from handoff_audit.model.findings import PacketInfo, Report, Timeline

MAX_DIAGRAMS = 20
"""More active packets than this are listed without a diagram: a summary is read, not scrolled."""


def _date(stamp: int | None) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(stamp)) if stamp is not None else "date unknown"


def _commits(n: int) -> str:
    return f"{n} commit" if n == 1 else f"{n} commits"


def _node(key: str, title: str, sha: str | None, stamp: int | None) -> str:
    detail = f"{sha[:8]} · {_date(stamp)}" if sha else "not in the history read"
    return f'{key}["{title}<br/>{detail}"]'


def diagram(timeline: Timeline) -> str:
    """The mermaid source (without the fence) of one packet's history."""
    lkg = _node("lkg", "last known good", timeline.lkg, timeline.lkg_time)
    head = _node("head", "commit checked", timeline.head, timeline.head_time)
    if timeline.uncommitted:
        change = 'change["packet changed<br/>not committed yet"]'
    else:
        change = _node("change", "packet last changed", timeline.changed, timeline.changed_time)
    first = second = "-->"
    behind, after = timeline.behind, timeline.changed_behind
    if timeline.uncommitted:
        after = 0
    if behind is not None and after is not None and behind >= after:
        first = f'-->|"{_commits(behind - after)}"|'
    if after is not None:
        second = f'-->|"{_commits(after)}"|'
    lines = ["flowchart LR", f"  {lkg} {first} {change}", f"  change {second} {head}"]
    if after:
        # The work went on after the packet's last change: the commit checked stands out.
        lines.append("  style head stroke:#d29922,stroke-width:3px")
    return "\n".join(lines)


def _section(packet: PacketInfo) -> str | None:
    if packet.timeline is None or packet.timeline.head is None:
        return None
    return f"#### {code(packet.path)}\n\n```mermaid\n{diagram(packet.timeline)}\n```"


def render(report: Report) -> str:
    """The job summary's history section; empty when no active packet has a history."""
    sections = [s for p in active_packets(report) if (s := _section(p)) is not None]
    if not sections:
        return ""
    shown = sections[:MAX_DIAGRAMS]
    text = "### History of the active packets\n\n" + "\n\n".join(shown)
    if len(sections) > len(shown):
        text += f"\n\n*{len(sections) - len(shown)} more active packets are not drawn.*"
    return text + "\n"
