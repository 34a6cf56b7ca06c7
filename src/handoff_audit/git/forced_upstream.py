"""A merge stopped midway that takes in the branch's upstream after another clone force-pushed it
(rewrote its history): finishing it would join the old history and the rewritten one, every
rewritten commit then twice in the branch. The way on replays only the commits this clone made
since it last had the upstream onto the rewritten upstream, as ``git pull --rebase`` does: the
upstream's reflog tells where that was (``git merge-base --fork-point``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import plumbing


@dataclass(frozen=True, slots=True)
class ForcedMerge:
    """The rewritten upstream a merge in progress takes in, and where the branch left it."""

    upstream: str
    """As git shortens it: ``origin/feat``."""
    rewritten: str
    """The upstream's tip, the merge's other side (full id)."""
    fork_point: str
    """The upstream's last tip this clone had and built on, which the rewrite replaced (full
    id): this clone's own commits are those after it."""
    own: int
    """How many commits the branch has after ``fork_point``."""

    def said(self, branch: str) -> str:
        own = f"{self.own} commit{'s' if self.own != 1 else ''}"
        return (
            f"a merge of {self.upstream} ({self.rewritten[:7]}) into {branch} is in progress, "
            f"but {self.upstream} was force-pushed (rewritten) since {branch} last had it at "
            f"{self.fork_point[:7]}: finishing the merge would keep the old and the rewritten "
            f"commits both, each change twice; give it up and replay the {own} made here since "
            f"{self.fork_point[:7]} onto the rewritten {self.upstream}"
        )

    def command(self) -> str:
        """Aborts the merge, then rebases the branch's own commits (after ``fork_point``) onto
        the rewritten tip; ``--autostash`` keeps changes that were not committed."""
        return (
            f"git merge --abort && git rebase --autostash --onto {self.rewritten[:12]} "
            f"{self.fork_point[:12]}"
        )


def forced_merge(root: Path, merge_head: str) -> ForcedMerge | None:
    """The force-pushed upstream that the merge in progress takes in (its ``MERGE_HEAD`` is
    ``merge_head``, abbreviated or not), else ``None``: no upstream, another commit merged, the
    upstream only moved on, no reflog to tell, or git cannot say."""
    try:
        upstream = _git(root, "rev-parse", "--abbrev-ref", "@{upstream}")
        tip = _git(root, "rev-parse", "--verify", "-q", "@{upstream}^{commit}")
        if not tip.startswith(merge_head):
            return None
        fork = _git(root, "merge-base", "--fork-point", "@{upstream}", "HEAD", ok=(0, 1))
        if not fork:
            return None
        if not _git(root, "rev-list", "-n", "1", fork, f"^{tip}", "--"):
            return None  # the fork point is in the upstream: it only moved on, a merge is fine
        own = int(_git(root, "rev-list", "--count", f"{fork}..HEAD") or "0")
    except (plumbing.GitError, ValueError):
        return None
    return ForcedMerge(upstream, tip, fork, own)


def kept_line(branch: str) -> str:
    """The line after the fix: where the history it leaves behind stays."""
    return (
        f"nothing is lost: the commits of {branch} before the rebase stay in `git reflog` "
        f"(`git branch {branch}-before-rebase ORIG_HEAD` right after it keeps them by name); "
        "a conflict it stops on is the next stop's fix"
    )


def _git(root: Path, *args: str, ok: tuple[int, ...] = (0,)) -> str:
    return plumbing.run(root, list(args), ok_codes=ok).decode("utf-8", "replace").strip()
