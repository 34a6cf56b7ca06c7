"""Is a commit already on a protected (default or base) branch? For the brief: a hand-written
note last changed there was merged into this branch, it was not written on it.

Two git calls, whatever the history: one ``for-each-ref`` for the branches, one ``rev-list``
that prints the commit only when no protected branch's tip reaches it.
"""

from __future__ import annotations

from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git.protected import protected_patterns
from handoff_audit.globs import matches_any


def on_protected_branch(
    root: Path,
    sha: str,
    branch: str,
    configured: tuple[str, ...] | None,
    read: plumbing.Refs | None = None,
) -> bool:
    """Whether commit ``sha`` is reachable from a protected branch other than ``branch`` (the
    checked-out one), local or remote-tracking; False when ``branch`` is protected itself (its
    notes are its own) or when git cannot tell. ``read``: the refs, when the caller has them."""
    try:
        refs, origin_head = read if read is not None else plumbing.read_refs(root)
        protected = protected_patterns(configured, refs, origin_head)
        if not protected or matches_any(branch, protected):
            return False
        tips = sorted({ref.commit for ref in refs if matches_any(ref.branch, protected)})
        if not tips or not plumbing.is_commit_id(sha):
            return False
        out = plumbing.run(root, ["rev-list", "--max-count=1", sha, "--not", *tips, "--"])
    except plumbing.GitError:
        return False
    return not out.strip()
