"""The audit's configuration: defaults, and loading from .handoff-audit.yml or pyproject.toml."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from handoff_audit.findings import Severity

DEFAULT_PACKETS = ("**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "**/handoff.md")


@dataclass(frozen=True, slots=True)
class Config:
    """Validated configuration. Every field has the default DESIGN.md gives."""

    packets: tuple[str, ...] = DEFAULT_PACKETS
    """Globs that find packet files, relative to the repository root."""
    block_files: tuple[str, ...] = ("**/HANDOFF.md",)
    """Globs of files that must not reach a protected branch."""
    protected_branches: tuple[str, ...] = ("main", "master")
    """Globs of branch names that count as protected targets."""
    max_commits_behind: int = 10
    """``lkg-behind`` fires above this many commits."""
    max_age_days: int = 14
    """``packet-age`` fires when the packet's last change is older."""
    keep_last: int = 5
    """``log-untrimmed`` allows this many passing entries in ``commands_run``."""
    max_lines: int = 200
    """``too-long`` fires when the markdown has more lines."""
    max_file_bytes: int = 1024 * 1024
    """Packet files larger than this are ``invalid-json`` and are not parsed."""
    schema: str | None = None
    """Path or https URL of a schema that replaces the bundled one."""
    rules: Mapping[str, Severity | None] = field(default_factory=lambda: MappingProxyType({}))
    """Per-rule severity overrides; ``None`` means ``off``."""
    source: str | None = None
    """Where the configuration came from, for messages (``None`` = defaults)."""
