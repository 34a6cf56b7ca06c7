"""Where a superseded packet's ``superseded_by`` leads: through the successors it names, to an
active packet (the work goes on there), an archived one (the work is finished), or nowhere a
session could resume from: a loop, or a superseded packet that names no successor. The packets
are those of the work tree the audit read; a successor it did not read (a topic whose packet is
still to be written, a path outside the paths checked) ends the walk unjudged."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from handoff_audit.model.packet import Packet


@dataclass(frozen=True)
class DeadEnd:
    """A superseded packet whose successors lead to no active or archived packet."""

    packet: Packet
    chain: tuple[str, ...]
    """The packets' paths in the order ``superseded_by`` leads, the packet's own first."""
    loops: bool
    """True when the chain comes back to a packet already in it; else its last packet is
    superseded and names no successor the audit read."""


def dead_ends(packets: Sequence[Packet]) -> Iterator[DeadEnd]:
    """Each superseded packet of ``packets`` whose chain of successors ends in no active or
    archived packet."""
    work = [p for p in packets if p.ref is None and p.kind == "json" and p.data is not None]
    by_path = {p.path: p for p in work}
    for packet in work:
        if packet.status != "superseded" or _successor_value(packet) is None:
            continue
        chain = [packet]
        while True:
            value = _successor_value(chain[-1])
            following = None if value is None else _successor(value, chain[-1], by_path, work)
            if value is not None and following is None:
                break  # a successor the audit did not read: not judged
            if following is None:
                yield DeadEnd(packet, tuple(p.path for p in chain), loops=False)
                break
            if following in chain:
                chain.append(following)
                yield DeadEnd(packet, tuple(p.path for p in chain), loops=True)
                break
            chain.append(following)
            if following.status != "superseded":
                break  # active: the work goes on there; archived: it is finished


def _successor_value(packet: Packet) -> str | None:
    value = (packet.data or {}).get("superseded_by")
    return value.strip() if isinstance(value, str) and value.strip() else None


def _successor(
    value: str, packet: Packet, by_path: dict[str, Packet], work: list[Packet]
) -> Packet | None:
    """The packet ``value`` names: a path from the repository root, else the one packet of
    ``packet``'s branch with that topic (the active one, when there are several)."""
    path = value.removeprefix("./")
    if path in by_path:
        return by_path[path]
    same = [p for p in work if p.topic == value and p.branch == packet.branch]
    active = [p for p in same if p.status == "active"]
    if active:
        return active[0]
    return same[0] if len(same) == 1 else None


__all__ = ["DeadEnd", "dead_ends"]
