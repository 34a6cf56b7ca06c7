"""Handoff files that exist but that git ignores: no commit can hold them, discovery (git's own
list of files) never sees them, and `git add` refuses them, so an agent told to commit its
packet would loop. Asked only where a handoff was looked for and not found, in one git call."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.git.ignored import ignored_among, ignored_files
from handoff_audit.model.packet import is_handoff_file


def ignored_handoffs(root: Path, config: Config) -> list[str]:
    """The handoff files (packets, twins, block files, series files; from the top folder) that
    exist in the work tree but are git-ignored; empty when git cannot say. A handoff inside a
    wholly ignored folder is not named one by one (git lists the folder alone)."""
    try:
        ignored = ignored_files(root)
    except plumbing.GitError:
        return []
    return [path for path in ignored if is_handoff_file(path, config)]


def ignored_pair(packet: Path, twin: Path) -> list[Path]:
    """Those of a packet and its twin (one folder) that exist and git ignores; one git call,
    none when git cannot say."""
    present = [p for p in (packet, twin) if os.path.lexists(p)]
    if not present:
        return []
    try:
        ignored = ignored_among(packet.parent, [p.name for p in present])
    except plumbing.GitError:
        return []
    return [p for p in present if p.name in ignored]


def ignored_advice(shown: Sequence[str]) -> str:
    """The one line for ignored handoff files, ``shown`` as the reader's folder writes them
    (quoted for a shell)."""
    one = len(shown) == 1
    it = "it" if one else "them"
    return (
        f"{', '.join(shown)} {'is' if one else 'are'} ignored by git (a .gitignore line "
        f"matches), so no commit can hold {it} and the audit does not see {it}: remove that "
        f"line (`git check-ignore -v -- {' '.join(shown)}` names it), then commit {it}"
    )
