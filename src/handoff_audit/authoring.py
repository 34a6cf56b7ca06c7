"""Writing packets: render, new, supersede, archive. (Owner: the markdown twin. Placeholder.)"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from handoff_audit.errors import InputError


@dataclass(frozen=True)
class NewOptions:
    """Placeholder."""

    summary: str | None = None
    next_action: str | None = None
    verdict_pointer: str | None = None
    topic: str | None = None
    title: str | None = None
    branch: str | None = None
    last_known_good: str | None = None
    target_branch: str | None = None
    risks: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    ruled_out: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    traps: tuple[str, ...] = ()
    pointers: tuple[str, ...] = ()
    log_file: Path | None = None
    output: Path | None = None
    config_file: Path | None = None


def render_command(packet: Path, *, write: bool, check: bool) -> int:
    """Placeholder."""
    raise InputError("render is not implemented yet")


def new_command(options: NewOptions) -> int:
    """Placeholder."""
    raise InputError("new is not implemented yet")


def set_status_command(packet: Path, status: str, successor: str | None) -> int:
    """Placeholder."""
    raise InputError("supersede/archive are not implemented yet")
