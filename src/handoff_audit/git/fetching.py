"""Fetching more history from a remote: deepening a shallow clone and fetching one branch,
within a time budget shared by the calls of one run (the only git calls that reach the network)."""

from __future__ import annotations

import time
from pathlib import Path

from handoff_audit.git.plumbing import GitError, is_safe_branch, run


def remotes(root: Path) -> list[str]:
    """The configured remotes' names (``origin`` first)."""
    names = run(root, ["remote"]).decode("utf-8", "replace").split()
    return sorted(names, key=lambda name: (name != "origin", name))


def deepen(root: Path, remote: str, depth: int, timeout: float) -> None:
    """``git fetch --deepen=DEPTH REMOTE`` within ``timeout`` seconds; `GitError` on failure."""
    if not is_safe_branch(remote):
        raise GitError(f"remote name {remote!r} is not usable")
    args = ["fetch", "--quiet", "--no-tags", "--no-recurse-submodules", f"--deepen={int(depth)}"]
    run(root, [*args, "--end-of-options", remote], timeout=max(timeout, 1.0), network=True)


def fetch_branch(
    root: Path, remote: str, branch: str, *, shallow: bool, timeout: float, depth: int = 1
) -> None:
    """Fetch ``branch`` of ``remote`` into its remote-tracking ref (``depth`` commits deep in a
    shallow clone, so the clone stays shallow rather than growing); `GitError` on failure."""
    if not (is_safe_branch(remote) and is_safe_branch(branch)):
        raise GitError(f"branch {branch!r} of remote {remote!r} cannot be fetched safely")
    args = ["fetch", "--quiet", "--no-tags", "--no-recurse-submodules"]
    if shallow:
        args.append(f"--depth={max(int(depth), 1)}")
    refspec = f"+refs/heads/{branch}:refs/remotes/{remote}/{branch}"
    run(root, [*args, "--end-of-options", remote, refspec], timeout=timeout, network=True)


class Budget:
    """A time limit shared by a sequence of calls (deepening a shallow clone step by step)."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left, never negative."""
        return max(0.0, self.deadline - time.monotonic())
