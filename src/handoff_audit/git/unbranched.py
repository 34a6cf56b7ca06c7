"""Commits that only a detached HEAD holds and that were made here: committed (or
cherry-picked, merged, rebased, reverted, applied) after the last checkout that detached HEAD,
on no local or remote-tracking branch and under no tag. Once another commit is checked out,
only the reflog still finds them, so the Stop hook does not let a session end on them. A
checkout of fetched commits (`git checkout FETCH_HEAD` of a pull request, what `gh pr checkout
--detach` does) made none: nothing is lost when HEAD moves, and the session ends as before."""

from __future__ import annotations

import re
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git.reflog import head_reflog_tail

_MAKERS = frozenset(("commit", "cherry-pick", "merge", "rebase", "revert", "am", "pull"))
"""The first word of a reflog message of HEAD that a command making commits writes."""
_WORD = re.compile(r"[a-z-]+")


def made_since_checkout(root: Path) -> frozenset[str]:
    """The commits HEAD's reflog (``logs/HEAD``, its last 64 KiB) says were made here since the
    last ``checkout:`` moved HEAD (read back from its last line); none when there is no reflog
    (``core.logAllRefUpdates`` off): then no commit is taken for one made here. No git process."""
    made: set[str] = set()
    for line in reversed(head_reflog_tail(root)):
        ids, _, message = line.partition("\t")
        if message.startswith("checkout:"):
            break
        word = _WORD.match(message)
        parts = ids.split(" ", 2)
        if word and word.group() in _MAKERS and len(parts) > 1 and plumbing.is_commit_id(parts[1]):
            made.add(parts[1])
    return frozenset(made)


def commits_on_no_branch(root: Path, made: frozenset[str]) -> int:
    """How many of the commits ``made`` HEAD reaches that no branch, remote-tracking branch or
    tag reaches. `GitError` when git cannot say. One git call."""
    out = plumbing.run(
        root, ["rev-list", "HEAD", "--not", "--branches", "--remotes", "--tags", "--"]
    )
    return sum(1 for commit in out.decode("ascii", "replace").split() if commit in made)


def unbranched_work(root: Path, head: str) -> str | None:
    """What the Stop hook says of a detached HEAD at commit ``head`` that holds commits made
    here on no branch (`made_since_checkout`, `commits_on_no_branch`), or ``None`` when it
    holds none or git cannot say. No git process when the reflog shows no commit made."""
    made = made_since_checkout(root)
    if not made:
        return None
    try:
        count = commits_on_no_branch(root, made)
    except plumbing.GitError:
        return None
    if not count:
        return None
    return (
        f"HEAD is detached at {head[:12]} with {count} commit(s) that no branch or tag holds: "
        "they are lost once another commit is checked out; give them a branch"
    )
