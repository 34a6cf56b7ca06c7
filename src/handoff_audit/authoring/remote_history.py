"""Whether the Stop hook's fix for a shallow clone, ``git fetch --unshallow``, can fetch anything:
without a remote it does nothing and exits 0, so the hook says the history cannot be fetched here
and lets the stop go with that line instead of blocking on a fix that cannot work."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.git import fetching, plumbing

NO_REMOTE = (
    "the clone has no remote to fetch it from (`git fetch --unshallow` "
    "does nothing here): tell the user the history cannot be fetched here"
)
"""What the hook says instead of the fetch, in a shallow clone without a remote."""


def fetchable(root: Path) -> bool:
    """Whether the repository at ``root`` has a remote to fetch history from (True when git
    cannot say: the fetch is then offered, as before). One ``git remote``."""
    try:
        return bool(fetching.remotes(root))
    except plumbing.GitError:
        return True
