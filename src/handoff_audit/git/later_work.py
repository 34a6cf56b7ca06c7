"""Which later commits count against which packet, for `packet-outdated` and
`handoff-outdated`: a commit touching other than handoff files counts against every handoff
older than it, unless it also changes another active packet of the same branch (the packet or
its twin), which makes it that topic's work, and unless every file it touches is the tool's own
setup (`SETUP_FILES`, the configuration file read): adopting the audit is no work the handoff
should describe. Read from the one walk of `git.facts`, no git process of its own."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import Commit

SETUP_FILES = frozenset(
    {
        ".handoff-audit.yml",
        ".handoff-audit.yaml",
        ".claude/settings.json",
        ".claude/settings.local.json",
        ".codex/hooks.json",
    }
)
"""The tool's own setup, from the audited root: the configuration files it looks for and the
agent settings `hook --install` writes. A commit that changes only these is no later work."""


def setup_files(config_source: str | None, root: Path) -> frozenset[str]:
    """`SETUP_FILES`, plus the dedicated configuration file read (``--config``, its
    `Config.source` named from the current folder) when it lies inside ``root``."""
    if config_source is None or not config_source.endswith((".yml", ".yaml")):
        return SETUP_FILES  # defaults, or the pyproject.toml table: that file holds more
    try:
        path = os.path.relpath(Path(config_source).resolve(), root.resolve())
    except (OSError, ValueError, RuntimeError):  # another drive; a loop of links
        return SETUP_FILES
    if path.startswith(".."):
        return SETUP_FILES
    return SETUP_FILES | {Path(path).as_posix()}


class LaterWork:
    """Per handoff (path from the top folder), the later commits that count against it."""

    def __init__(
        self, active: list[Packet], prefix: str, setup: frozenset[str] = SETUP_FILES
    ) -> None:
        self._setup = setup
        """The tool's setup files, from the audited root (`setup_files`)."""
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
        the ``older`` handoffs (their last change is older) whose work it is not; a commit
        that changes only the tool's setup counts against none."""
        if all(f in self._setup for f in others):
            return
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
