"""The newest committed version of an unreadable packet that reads as a valid packet: what the
agent hook restores (`git checkout REV -- PACKET`) instead of writing the packet anew, which
would lose its fields and its verified ``last_known_good_commit``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit.config import Config
from handoff_audit.engine.loading import Unreadable, parse_packet
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.schema.messages import bundled_accepts, validator_for, violations

DEPTH = 50
"""How many first-parent commits back a readable version is looked for."""


@dataclass(frozen=True, slots=True)
class Readable:
    """A commit where the packet file read as a valid active packet of the branch."""

    revision: str
    """A revision naming it that does not move with HEAD (``<head>~N``, or ``<head>``)."""
    back: int
    """How many first-parent commits before HEAD it is."""


def last_readable(
    root: Path, head: str, paths: Sequence[str], branch: str, config: Config
) -> dict[str, Readable]:
    """For each packet of ``paths`` (from the top folder ``root``), the newest version within
    `DEPTH` first-parent commits of ``head`` that is a valid active packet of ``branch``; one
    git process for all of them. A packet without one is left out."""
    if not plumbing.is_commit_id(head):
        return {}
    # HEAD~k:PATH, newest first: the file as it was k first-parent commits back.
    versions = {
        f"{head}~{back}:{path}": (path, back)
        for path in paths
        if plumbing.is_safe_path(path)
        for back in range(DEPTH)
    }
    try:
        contents = plumbing.read_blobs(root, list(versions), config.max_file_bytes)
    except plumbing.GitError:
        return {}
    found: dict[str, Readable] = {}
    for name, content in contents.items():
        path, back = versions[name]
        if path not in found and _is_valid(content, branch, config.schema):
            found[path] = Readable(f"{head[:12]}~{back}" if back else head[:12], back)
    return found


def _is_valid(content: bytes, branch: str, schema: str | None) -> bool:
    try:
        data: Mapping[str, Any] = parse_packet(content.decode("utf-8")).value
    except (UnicodeDecodeError, Unreadable):
        return False
    if data.get("branch") != branch or data.get("status") != "active":
        return False
    if bundled_accepts(schema, data):
        return True
    try:
        return not violations(validator_for(schema), data)
    except InputError:
        return False


__all__ = ["DEPTH", "Readable", "last_readable"]
