"""The repository paths a packet points at (``verdict_pointer``, ``pointers``,
``changed_files``), as ``dangling-pointer`` and the history gathering read them."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from handoff_audit.git import plumbing
from handoff_audit.model.packet import Packet

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|(?:mailto|urn|tel|data|doi):", re.IGNORECASE)
_LINE_SUFFIX = re.compile(r"(?::\d+(?:[-:]\d+)*|#.*)$")


def pointed_paths(packet: Packet) -> Iterator[tuple[str, str, str]]:
    """(JSON pointer, value, path) for each repository path the packet points at:
    ``verdict_pointer``, ``pointers`` (``:line`` stripped) and ``changed_files``; URLs and
    patterns are left out."""
    data = packet.data or {}
    candidates: list[tuple[str, Any]] = [("/verdict_pointer", data.get("verdict_pointer"))]
    for key in ("pointers", "changed_files"):
        values = data.get(key)
        if isinstance(values, list):
            candidates.extend((f"/{key}/{i}", value) for i, value in enumerate(values))
    for pointer, value in candidates:
        if not isinstance(value, str) or not value.strip():
            continue
        text = value.strip()
        if _URL.match(text) or any(char in text for char in "*?[") or "\0" in text:
            continue
        path = text if pointer.startswith("/changed_files") else _LINE_SUFFIX.sub("", text)
        path = path.removeprefix("./").rstrip("/")
        if path:
            yield pointer, value, path


def leads_outside(root: Path, path: str) -> bool:
    """True when ``path`` is absolute, climbs with ``..``, or passes through a symbolic link
    that leads out of ``root``: whether such a target exists is never looked at, so that a
    report cannot tell which paths exist outside the repository."""
    if not plumbing.is_safe_path(path):
        return True
    real_root = os.path.realpath(root)
    return os.path.commonpath((real_root, os.path.realpath(root / path))) != real_root


def path_exists(root: Path, path: str) -> bool:
    """True when ``path`` exists under ``root`` (a path leading out of it never does)."""
    if leads_outside(root, path):
        return False
    return os.path.lexists(root / path)
