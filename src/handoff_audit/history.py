"""Facts from git that the history, branch and merge rules need, gathered in a constant
number of git calls. (Owner: the git-aware rules. Placeholder until then.)"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.context import Target
from handoff_audit.packet import Packet


@dataclass(slots=True)
class History:
    """What git says about the commit checked and about each packet."""

    head: str | None = None
    """The full sha of the commit checked."""
    branch: str | None = None
    """The branch checked (``--branch`` or the checked-out one); ``None`` when detached."""
    branch_packets: list[Packet] = field(default_factory=list)
    """Packets read from other branches with ``--all-branches``."""

    def commits_behind(self, packet: Packet) -> int | None:
        """How many commits the packet's last known good commit lags ``head``."""
        return None


def gather_history(
    root: Path, packets: list[Packet], target: Target, config: Config
) -> History | None:
    """Placeholder: no git facts yet."""
    return None
