"""Which of the commits a packet's ``--verify`` runs name HEAD no longer reaches: after a rebase
or a squash, a run at one of the old commits tested code the branch no longer holds exactly.

At most one ``rev-list --no-walk``, whatever the number of commits: it prints each given commit HEAD
does not reach, and nothing of their ancestors; a commit git no longer has is left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from handoff_audit.git import plumbing


def off_history(root: Path, commits: Iterable[str], reached: Iterable[str] = ()) -> frozenset[str]:
    """Those of ``commits`` (abbreviated ids) that HEAD does not reach; none when git cannot
    tell. Git is not asked of those a commit of ``reached`` (full ids HEAD is known to reach)
    starts with, nor at all when that leaves none."""
    known = tuple(reached)
    asked = sorted(
        {
            sha
            for sha in commits
            if plumbing.is_commit_id(sha) and not any(full.startswith(sha) for full in known)
        }
    )
    if not asked:
        return frozenset()
    args = ["rev-list", "--no-walk", "--ignore-missing", *asked, "--not", "HEAD", "--"]
    try:
        out = plumbing.run(root, args).decode("ascii", "replace").split()
    except plumbing.GitError:
        return frozenset()
    return frozenset(sha for sha in asked if any(full.startswith(sha) for full in out))
