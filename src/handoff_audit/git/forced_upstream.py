"""A merge stopped midway that takes in the branch's upstream after another clone force-pushed it
(rewrote its history): finishing it would join the old history and the rewritten one, every
rewritten commit then twice in the branch. The way on replays only the commits this clone made
since it last had the upstream onto the rewritten upstream, as ``git pull --rebase`` does: the
upstream's reflog tells where that was (``git merge-base --fork-point``). A merge that took it
in without a conflict (`MergedTwice`, not pushed yet) is undone first, then the same rebase."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git.beyond_merge import BeyondMerge, beyond_merge
from handoff_audit.git.refs import Ref
from handoff_audit.git_folder import git_dirs
from handoff_audit.shell import quote_path


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
    lost: Lost
    """The old upstream's commits the rewrite no longer holds."""
    work: BeyondMerge
    """The changes made while the merge was stopped, which the fix keeps."""
    patch: Path
    """Where the fix saves the changes to files HEAD has (in git's folder)."""

    def said(self, branch: str) -> str:
        own = f"{self.own} commit{'s' if self.own != 1 else ''}"
        said = (
            f"a merge of {self.upstream} ({self.rewritten[:7]}) into {branch} is in progress, "
            f"but {self.upstream} was force-pushed (rewritten) since {branch} last had it at "
            f"{self.fork_point[:7]}: finishing the merge would keep the old and the rewritten "
            f"commits both, each change twice; give it up and replay the {own} made here since "
            f"{self.fork_point[:7]} onto the rewritten {self.upstream}"
        )
        said += self.lost.said(self.upstream)
        if self.work.mixed:
            return (
                f"{said}; but {', '.join(self.work.mixed)} hold changes made during the merge "
                "in files it changes too, which aborting it would throw away"
            )
        kept = self.work.said(self.patch)
        return f"{said}; {kept}" if kept else said

    def command(self) -> str:
        """Saves the changes made during the merge, aborts it, puts them back, then rebases
        the branch's own commits (after ``lost.start``) onto the rewritten tip; ``--autostash``
        carries the changes over the rebase. With changes no command can keep, the steps to
        take by hand instead."""
        rebase = self.lost.rebase(self.rewritten)
        if self.work.mixed:
            named = " ".join(quote_path(p) for p in self.work.mixed)
            return (
                f"copy what you changed in {named} since the merge stopped somewhere safe by "
                f"hand (`git diff HEAD -- {named}` shows it with the merge's changes), then: "
                f"git merge --abort && {rebase}"
            )
        before, after = self.work.steps(self.patch)
        return " && ".join([*before, "git merge --abort", *after, rebase])


@dataclass(frozen=True, slots=True)
class Lost:
    """The commits the old upstream had (after the fork with the rewritten one) that the
    rewritten upstream no longer holds, as "id subject"."""

    start: str
    """The rebase's upstream: the fork point, or the parent of the oldest lost commit
    replayed."""
    replayed: tuple[str, ...] = ()
    """Lost and touching no file the rewrite's own commits touch: pushed after the rewriting
    clone last fetched (clobbered), never redone."""
    unsure: tuple[str, ...] = ()
    """Lost, but perhaps redone by the rewrite (the same files): named, not replayed."""
    twice: tuple[str, ...] = ()
    """Lost, but the rewrite holds the same change (`git cherry`'s ``-``): a merge of the two
    histories holds it twice."""

    def said(self, upstream: str) -> str:
        """What the rebase replays of these and what it leaves (after the reason's start)."""
        said = ""
        if self.replayed:
            said += (
                f", with the old {upstream}'s {_named(self.replayed)}, which the "
                "rewrite dropped and none of its commits redoes (they change other files)"
            )
        if self.unsure:
            first = self.unsure[0].split(" ", 1)[0]
            said += (
                f"; not replayed: the old {upstream}'s {_named(self.unsure)}, which "
                "the rewrite no longer holds as they were (redone there, or dropped: if one "
                f"was dropped, `git cherry-pick {first}` after the rebase brings it back)"
            )
        return said

    def rebase(self, rewritten: str) -> str:
        """The rebase of the commits after ``start`` onto ``rewritten``; ``--autostash`` carries
        uncommitted changes over it."""
        return f"git rebase --autostash --onto {rewritten[:12]} {self.start[:12]}"


def forced_merge(root: Path, merge_head: str, codes: dict[str, str]) -> ForcedMerge | None:
    """The force-pushed upstream that the merge in progress takes in (its ``MERGE_HEAD`` is
    ``merge_head``, abbreviated or not), else ``None``: no upstream, another commit merged, the
    upstream only moved on, no reflog to tell, or git cannot say. ``codes``: `git status`."""
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
        lost = _lost(root, fork, tip)
        folder = root / _git(root, "rev-parse", "--git-path", "handoff-audit")
    except (plumbing.GitError, ValueError):
        return None
    work = beyond_merge(root, codes)
    if work is None:
        return None
    number = 1
    while (folder / f"forced-merge-{number}.patch").exists():
        number += 1
    return ForcedMerge(
        upstream, tip, fork, own, lost, work, folder / f"forced-merge-{number}.patch"
    )


@dataclass(frozen=True, slots=True)
class MergedTwice:
    """HEAD, a merge not pushed yet that took in the branch's upstream after another clone
    force-pushed it: it joined the old history and the rewritten one, so the changes the
    rewrite redid as they were (`Lost.twice`) are in the branch twice."""

    upstream: str
    """As git shortens it: ``origin/feat``."""
    merge: str
    """HEAD, the merge (full id)."""
    rewritten: str
    """The upstream's tip (full id)."""
    fork_point: str
    """The upstream's last tip the merge's first parent built on, which the rewrite replaced."""
    own: int
    """How many commits the first parent has after ``fork_point``."""
    lost: Lost
    """The old upstream's commits the rewrite no longer holds."""

    def said(self, branch: str) -> str:
        own = f"{self.own} commit{'s' if self.own != 1 else ''}"
        fork = self.fork_point[:7]
        return (
            f"the last commit of {branch}, {self.merge[:7]}, merged {self.upstream} after "
            f"{self.upstream} was force-pushed (rewritten) since {branch} last had it at "
            f"{fork}, and is not pushed yet: it keeps the old and the rewritten commits both, "
            f"each change twice (the old {self.upstream}'s {_named(self.lost.twice)}, whose "
            f"changes the rewritten {self.upstream} holds too); undo the merge and replay the "
            f"{own} made here since {fork} onto the rewritten {self.upstream}"
            f"{self.lost.said(self.upstream)}; `git reset --keep` refuses, changing nothing, "
            "when an uncommitted change is in a file the merge changed: then run `git stash` "
            "before the fix and `git stash pop` after it"
        )

    def command(self) -> str:
        """Undoes the merge (uncommitted changes kept), then rebases as `ForcedMerge` does."""
        return f"git reset --keep HEAD^ && {self.lost.rebase(self.rewritten)}"


def merged_twice(root: Path, refs: Sequence[Ref]) -> MergedTwice | None:
    """`MergedTwice` at HEAD, else ``None``. No git process unless the checked-out branch (from
    ``refs``, `plumbing.read_refs`) is a merge other than its upstream's tip whose second parent
    is that tip or a tip the upstream's reflog had (a file)."""
    head = next((r for r in refs if r.current and r.name.startswith("refs/heads/")), None)
    if head is None or len(head.parents) != 2 or not head.upstream:
        return None
    tip = next((r.commit for r in refs if r.name == head.upstream), None)
    other, first = head.parents[1], head.parents[0]
    if tip is None or tip == head.commit:
        return None
    if other != tip and not _was_tip(root, head.upstream, other):
        return None
    try:
        if other != tip and (
            _git(root, "rev-list", "-n", "1", other, f"^{tip}", "--")
            or not _git(root, "rev-list", "-n", "1", head.commit, f"^{tip}", "--")
        ):
            return None  # the rewrite dropped what was merged, or the merge is pushed
        fork = _git(root, "merge-base", "--fork-point", head.upstream, first, ok=(0, 1))
        if not fork or not _git(root, "rev-list", "-n", "1", fork, f"^{tip}", "--"):
            return None  # no reflog to tell, or the upstream only moved on
        lost = _lost(root, fork, tip)
        if not lost.twice:
            return None
        own = int(_git(root, "rev-list", "--count", f"{fork}..{first}") or "0")
    except (plumbing.GitError, ValueError):
        return None
    short = head.upstream.removeprefix("refs/remotes/").removeprefix("refs/heads/")
    return MergedTwice(short, head.commit, tip, fork, own, lost)


def _was_tip(root: Path, ref: str, commit: str) -> bool:
    """Whether the reflog of ``ref`` (a full name), read as a file, says it pointed at
    ``commit`` once."""
    for folder in git_dirs(os.path.realpath(root)):
        try:
            with open(os.path.join(folder, "logs", ref), "rb") as handle:
                return any(line.split(b" ", 2)[1:2] == [commit.encode()] for line in handle)
        except OSError:
            continue
    return False


def _lost(root: Path, fork: str, tip: str) -> Lost:
    """`Lost` between ``fork``, the old upstream's tip, and ``tip``, the rewritten one.
    ``git cherry`` tells those the rewrite holds by their patch (``-``: the rebase drops them
    as empty); the others are replayed when they and every later one can be (a suffix: what
    the rewriting clone never fetched), else named."""
    marks = dict(
        (line[2:], line[0]) for line in _git(root, "cherry", tip, fork).splitlines() if line
    )
    redone = set(
        _git(root, "log", "--format=", "--name-only", "--no-renames", tip, f"^{fork}").split("\n")
    )
    log = _git(
        root,
        "log",
        "--reverse",
        "--format=%x1e%H %P%x1f%s",
        "--name-only",
        "--no-renames",
        fork,
        f"^{tip}",
    )
    commits = []
    for record in filter(None, log.split("\x1e")):
        head, *files = record.strip().split("\n")
        ids, _, subject = head.partition("\x1f")
        sha, *parents = ids.split(" ")
        ok = len(parents) == 1 and bool(files) and not (set(files) & redone)
        commits.append((sha, parents, subject, marks.get(sha), ok))
    start = len(commits)
    while start and (commits[start - 1][4] or commits[start - 1][3] == "-"):
        start -= 1
    while start < len(commits) and commits[start][3] != "+":
        start += 1
    said = [f"{sha[:7]} {subject}" for sha, _, subject, mark, _ in commits if mark == "+"]
    twice = tuple(f"{sha[:7]} {subject}" for sha, _, subject, mark, _ in commits if mark == "-")
    if start == len(commits):
        return Lost(fork, unsure=tuple(said), twice=twice)
    replayed = sum(1 for c in commits[start:] if c[3] == "+")
    cut = len(said) - replayed
    return Lost(commits[start][1][0], tuple(said[cut:]), tuple(said[:cut]), twice)


def kept_line(branch: str) -> str:
    """The line after the fix: where the history it leaves behind stays."""
    return (
        f"nothing is lost: the commits of {branch} before the rebase stay in `git reflog` "
        f"(`git branch {branch}-before-rebase ORIG_HEAD` right after it keeps them by name); "
        "a conflict it stops on is the next stop's fix"
    )


def _git(root: Path, *args: str, ok: tuple[int, ...] = (0,)) -> str:
    return plumbing.run(root, list(args), ok_codes=ok).decode("utf-8", "replace").strip()


def _named(commits: tuple[str, ...]) -> str:
    shown = ", ".join(commits[:3]) + (f" (+{len(commits) - 3} more)" if len(commits) > 3 else "")
    return f"{len(commits)} commit{'s' if len(commits) != 1 else ''} ({shown})"
