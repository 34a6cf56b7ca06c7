"""Finding packet files. (Owner: the core auditor. Placeholder until then.)"""

from __future__ import annotations

from pathlib import Path

from handoff_audit.config import Config


def discover(root: Path, paths: tuple[Path, ...], config: Config) -> list[Path]:
    """Placeholder: every handoff.json under the paths."""
    return sorted({p for base in paths for p in base.rglob("handoff.json")})
