"""The repository paths a packet points at (``verdict_pointer``, ``pointers``,
``changed_files``), as ``dangling-pointer`` and the history gathering read them."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from handoff_audit.git import plumbing
from handoff_audit.git_folder import in_git_folder
from handoff_audit.model.packet import Packet

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|(?:mailto|urn|tel|data|doi):", re.IGNORECASE)
_LINE_SUFFIX = re.compile(r"(?::\d+(?:[-:]\d+)*|#.*)$")


def split_pointer(text: str) -> tuple[str, str] | None:
    """A pointer's path and what follows it (``:line``, ``#anchor``), as written; ``None`` for
    a URL or a pattern, which point at no repository path."""
    if _URL.match(text) or any(char in text for char in "*?[") or "\0" in text:
        return None
    path = _LINE_SUFFIX.sub("", text)
    return path, text[len(path) :]


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
        split = split_pointer(text)
        if split is None:
            continue
        path = text if pointer.startswith("/changed_files") else split[0]
        path = path.removeprefix("./").rstrip("/")
        if path:
            yield pointer, value, path


class WorkTree:
    """Looks at pointed paths under one root (speed: `os.path.realpath` of each path read every
    folder from ``/`` down again; here each folder is resolved once, and each path costs one
    `lstat` unless a link is on its way, which takes `os.path.realpath` as before). Each path's
    answers are kept: the active packets point at the same files, and the history gathering and
    ``dangling-pointer`` ask about each path more than once."""

    __slots__ = ("_base", "_git", "_lexists", "_outside", "_real_dirs", "_real_root", "root")

    MAX_PARTS = 64
    """A deeper path is resolved by `os.path.realpath` alone (no folder cache for it)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._base = str(root)
        self._real_root = os.path.realpath(root)
        self._real_dirs: dict[str, str | None] = {"": self._real_root}
        """Folder (relative) -> its real path, or None when a link is on its way."""
        self._outside: dict[str, bool] = {}
        """Path -> `leads_outside`."""
        self._lexists: dict[str, bool] = {}
        """Path -> `lexists`."""
        self._git: dict[str, bool] = {}
        """Path -> `leads_into_git_folder`."""

    def leads_outside(self, path: str) -> bool:
        """True when ``path`` is absolute, climbs with ``..``, or passes through a symbolic link
        that leads out of the root: whether such a target exists is never looked at, so that a
        report cannot tell which paths exist outside the repository."""
        known = self._outside.get(path)
        if known is None:
            known = self._outside[path] = not plumbing.stays_inside(path) or (
                os.path.commonpath((self._real_root, self._realpath(path))) != self._real_root
            )
        return known

    def leads_into_git_folder(self, path: str) -> bool:
        """True when ``path``, inside the root, resolves into git's own folder (``.git``, or
        where a ``.git`` file points): whether it exists is never looked at, so that a report
        cannot tell which refs, hooks or settings the clone has."""
        known = self._git.get(path)
        if known is None:
            known = self._git[path] = not self.leads_outside(path) and in_git_folder(
                self._realpath(path), self._real_root
            )
        return known

    def exists(self, path: str) -> bool:
        """True when ``path`` exists under the root (a path leading out of it, or into git's
        own folder, never does)."""
        return (
            not self.leads_outside(path)
            and not self.leads_into_git_folder(path)
            and self.lexists(path)
        )

    def lexists(self, path: str) -> bool:
        """``os.path.lexists(root / path)``, without building a `Path` (speed)."""
        known = self._lexists.get(path)
        if known is None:
            parts = [part for part in path.split("/") if part and part != "."]
            known = self._lexists[path] = os.path.lexists(os.path.join(self._base, *parts))
        return known

    def _realpath(self, path: str) -> str:
        """``os.path.realpath(root / path)``."""
        parts = [part for part in path.split("/") if part and part != "."]
        if not parts:
            return self._real_root
        folder = self._real_dir(parts[:-1]) if len(parts) <= self.MAX_PARTS else None
        if folder is not None:
            candidate = os.path.join(folder, parts[-1])
            if not os.path.islink(candidate):
                return candidate
        return os.path.realpath(self.root / path)

    def _real_dir(self, parts: list[str]) -> str | None:
        key = ""
        real: str | None = self._real_root
        for part in parts:
            key = f"{key}/{part}" if key else part
            known = self._real_dirs.get(key, "")
            if known != "":
                real = known
                continue
            if real is not None:
                candidate = os.path.join(real, part)
                real = None if os.path.islink(candidate) else candidate
            self._real_dirs[key] = real
        return real

    def missing(self, active: list[Packet], prefix: str) -> dict[str, str]:
        """Paths the ``active`` packets point at that the work tree lacks: path from the top
        folder (``prefix``, the audited root's) -> path from the audited root."""
        return {
            prefix + path: path
            for packet in active
            for _, _, path in pointed_paths(packet)
            if not self.exists(path)
        }
