"""HEAD's reflog as a file: the last lines of ``logs/HEAD`` in the work tree's git folder,
read with no git process, for `unbranched`, `rebase_state.left_branch` and `amended_away`."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit.git_folder import git_dirs

_MAX_BYTES = 64 * 1024
"""How much of ``logs/HEAD`` is read, from its end."""


def head_reflog_tail(root: Path) -> list[str]:
    """The lines of HEAD's reflog (``logs/HEAD``) in its last 64 KiB, oldest first, the first
    one possibly cut; none when there is no git folder or no reflog (``core.logAllRefUpdates``
    off) or it cannot be read."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return []
    path = os.path.join(folders[0], "logs", "HEAD")
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.path.getsize(path) - _MAX_BYTES))
            return handle.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return []


def amended_away(root: Path, commit: str) -> bool:
    """Whether HEAD's reflog (its last 64 KiB) says ``git commit --amend`` replaced ``commit``
    (a full id): an entry ``commit (amend): ...`` whose old id is it."""
    return any(
        line.startswith(f"{commit} ") and line.partition("\t")[2].startswith("commit (amend):")
        for line in head_reflog_tail(root)
    )
