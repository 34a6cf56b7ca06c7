"""Which of a packet's findings the hook's fix answers: the declared `Fix` of each (`rules.base`),
adjusted to the packet at hand, and the one that decides when there are several."""

from __future__ import annotations

import re

from handoff_audit.authoring.gate_verdict import Problem
from handoff_audit.engine.oversize import rendered_size
from handoff_audit.model.findings import Finding, PacketInfo
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.rules.base import Fix
from handoff_audit.schema.packet_kind import is_packet

FIELD_OPTIONS = {
    "/summary": ("--summary", "<what this session did>"),
    "/next_action": ("--next-action", "<the first thing the next session should do>"),
    "/verdict_pointer": ("--verdict-pointer", "<path or URL of the test report>"),
    "/title": ("--title", "<the task's name>"),
}
"""Fields that `update` sets, by the JSON pointer of a finding about them."""
_MISSING = re.compile(r"missing required field (\w+)")
PRECEDENCE = (
    Fix.REGENERATE,
    Fix.SCHEMA,
    Fix.TRIM,
    Fix.SUPERSEDE,
    Fix.VERIFY,
    Fix.REFRESH,
    Fix.FIELD,
    Fix.CARRY,
    Fix.RENDER,
)
"""Of several findings on one packet, the fix that decides (the earlier covers the later)."""


def findings_to_fix(problems: list[Problem], packet: PacketInfo) -> list[Finding]:
    """The findings of ``problems`` (all on ``packet``) that call for a fix."""
    return [
        p.finding
        for p in problems
        if p.finding is not None
        # Of several active packets, the one the rule keeps (the newest) stays active: the
        # others are superseded by it.
        and not (p.finding.rule == "multiple-active" and p.finding.keep == packet.path)
    ]


def decide(findings: list[Finding], packet: PacketInfo, limit: int) -> tuple[Fix, Finding] | None:
    """The fix that decides for ``findings`` on ``packet`` (`PRECEDENCE`), and its finding;
    ``None`` when no rule of theirs declares one."""
    # A markdown fix (the hand-written markdown beside a JSON file that is no packet) is the
    # markdown's own, never the JSON file's.
    known = [(fix, f) for f in findings if (fix := fix_of(f, packet, limit)) in PRECEDENCE]
    return min(known, key=lambda item: PRECEDENCE.index(item[0])) if known else None


def writes_anew(fix: Fix, finding: Finding) -> bool:
    """True when no `update` mends the packet: it cannot be read, or the schema faults a
    field `update` does not set."""
    return fix is Fix.REGENERATE or (fix is Fix.SCHEMA and field_of(finding) not in FIELD_OPTIONS)


def fix_of(finding: Finding, packet: PacketInfo, limit: int) -> Fix | None:
    """The declared fix of ``finding`` on ``packet``; a twin that cannot be read is written
    again from its packet (`render --write`), not regenerated with the packet from nothing,
    and when the packet renders over ``limit`` (``max-file-bytes``) the packet is trimmed (or
    the limit raised) first: `render --write` alone would write the same bytes."""
    fix = RULES_BY_ID[finding.rule].fix if finding.rule in RULES_BY_ID else None
    if fix is Fix.SUPERSEDE and finding.keep is None:
        return None  # the packet kept is not in this tree: nothing here to supersede it by
    twin = packet.markdown is not None and finding.path == packet.markdown
    if fix is not Fix.REGENERATE or not twin:
        return fix
    data = packet.data
    if data is None or not is_packet(data):
        return Fix.RENDER
    return Fix.TRIM if rendered_size(data) > limit else Fix.RENDER


def field_of(finding: Finding) -> str | None:
    """The top-level field a finding is about, as a JSON pointer (``/next_action``)."""
    if finding.pointer and finding.pointer.count("/") == 1:
        return finding.pointer
    missing = _MISSING.search(finding.message)
    return f"/{missing.group(1)}" if missing else None


__all__ = ["FIELD_OPTIONS", "decide", "field_of", "findings_to_fix", "fix_of", "writes_anew"]
