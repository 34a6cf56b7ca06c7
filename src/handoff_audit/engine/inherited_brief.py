"""What a branch without a handoff of its own is told about the active packets of other
branches in its tree (a merged branch's, carried over by a fast-forward merge): the next
action waiting there, and the commands the Stop hook's `branch-mismatch` fix would run."""

from __future__ import annotations

from collections.abc import Sequence

from handoff_audit.credentials import redact
from handoff_audit.model.packet import Packet
from handoff_audit.program import program
from handoff_audit.shell import quote
from handoff_audit.textcut import shorten

NEXT_ACTION_CHARS = 300
"""How much of the packet's next action is quoted: the packet itself has the rest."""


def inherited_lines(packets: Sequence[Packet], branch: str) -> tuple[str, ...]:
    """A few lines on the first other branch's active JSON packet (and how many more there
    are); none when there is no such packet."""
    others = sorted(
        (
            p
            for p in packets
            if p.kind == "json"
            and p.data is not None
            and p.branch not in (None, branch)
            and p.data.get("status") == "active"
        ),
        key=lambda p: (p.path.count("/"), p.path),
    )
    if not others:
        return ()
    packet = others[0]
    more = f" (and {len(others) - 1} more)" if len(others) > 1 else ""
    lines = [
        f"This tree holds the active handoff of another branch{more}: {packet.path} "
        f"(branch {packet.branch}); branch {branch} has none of its own."
    ]
    next_action = (packet.data or {}).get("next_action")
    if isinstance(next_action, str) and next_action.strip():
        lines.append(f"Its next action: {shorten(redact(next_action), NEXT_ACTION_CHARS)}")
    path = quote(packet.path)
    lines.append(f"To take it over: {program()} update {path} --branch {quote(branch)}")
    lines.append(f"Or, if it is finished: {program()} archive {path}")
    return tuple(" ".join(line.split()) for line in lines)
