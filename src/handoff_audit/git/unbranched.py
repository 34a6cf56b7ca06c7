"""Commits that only a detached HEAD holds: made after `git checkout --detach` (or a checkout
of a commit), on no local or remote-tracking branch and under no tag. Once another commit is
checked out, only the reflog still finds them, so the Stop hook does not let a session end
on them."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.git import plumbing


def commits_on_no_branch(root: Path) -> int:
    """How many commits HEAD reaches that no branch, remote-tracking branch or tag reaches.
    `GitError` when git cannot say. One git call."""
    out = plumbing.run(
        root,
        ["rev-list", "--count", "HEAD", "--not", "--branches", "--remotes", "--tags", "--"],
    )
    text = out.decode("ascii", "replace").strip()
    return int(text) if text.isdigit() else 0


def unbranched_work(root: Path, head: str) -> str | None:
    """What the Stop hook says of a detached HEAD at commit ``head`` that holds commits on no
    branch (`commits_on_no_branch`), or ``None`` when it holds none or git cannot say."""
    try:
        count = commits_on_no_branch(root)
    except plumbing.GitError:
        return None
    if not count:
        return None
    return (
        f"HEAD is detached at {head[:12]} with {count} commit(s) that no branch or tag holds: "
        "they are lost once another commit is checked out; give them a branch"
    )
