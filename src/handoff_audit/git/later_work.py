"""Which later commits count against which packet, for `packet-outdated` and
`handoff-outdated`: a commit touching other than handoff files counts against every handoff
older than it, unless it also changes another active packet of the same branch (the packet or
its twin), which makes it that topic's work. Read from the one walk of `git.facts`, no git
process of its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import Commit


class LaterWork:
    """Per handoff (path from the top folder), the later commits that count against it."""

    def __init__(self, active: list[Packet], prefix: str) -> None:
        self._owners = {
            prefix + path: packet
            for packet in active
            for path in (packet.path, packet.markdown_path)
            if path
        }
        """Each active packet's files (the packet and its twin), from the top folder."""
        self._newest: dict[str, Commit] = {}
        self._counts: dict[str, int] = {}
        self._touched: dict[str, set[str]] = {}

    def add(self, change: Commit, others: tuple[str, ...], older: Iterable[str]) -> None:
        """Count ``change`` (walked newest first), which changed the files ``others``, against
        the ``older`` handoffs (their last change is older) whose work it is not."""
        refreshed = [self._owners[f] for f in change.files if f in self._owners]
        for top_path in older:
            if refreshed and self._work_of_another(top_path, refreshed):
                continue
            if top_path not in self._newest:
                self._newest[top_path] = Commit(change.sha, change.time, change.subject, others)
            self._counts[top_path] = self._counts.get(top_path, 0) + 1
            self._touched.setdefault(top_path, set()).update(others)

    def of(self, top_path: str) -> dict[str, Any]:
        """The handoff's `PacketHistory` fields ``outdated_*``; none when nothing counts."""
        if top_path not in self._newest:
            return {}
        return {
            "outdated_by": self._newest[top_path],
            "outdated_count": self._counts[top_path],
            "outdated_files": tuple(sorted(self._touched[top_path])),
        }

    def _work_of_another(self, top_path: str, refreshed: list[Packet]) -> bool:
        """A markdown-only handoff names no branch: every commit counts against it."""
        packet = self._owners.get(top_path)
        if packet is None:
            return False
        return any(other is not packet and other.branch == packet.branch for other in refreshed)
