"""Commits that only a detached HEAD holds, or held, and that were made here: committed (or
cherry-picked, merged, rebased, reverted, applied) since the checkout that detached HEAD from a
branch, on no local or remote-tracking branch and under no tag, whether HEAD still reaches them
or a later checkout of another commit (`git checkout HEAD~1`, still detached) left them behind.
Only the reflog still finds them, so the Stop hook does not let a session end on them. A
checkout of fetched commits (`git checkout FETCH_HEAD` of a pull request, what `gh pr checkout
--detach` does) made none: nothing is lost when HEAD moves, and the session ends as before. A
commit that `git commit --amend`, `git rebase` or `git reset` replaced or dropped is no lost
work: only HEAD and the commits checkouts moved HEAD away from are followed, and a commit a
checkout left is none when a branch holds its tree in a commit made here (it was amended, and
the amended commit given a branch). Commits made on
top of a remote-tracking branch checked out detached (`git checkout origin/feat/c`) that has
no local branch continue it: they get its name (`git switch -c feat/c`), and with it its
packet; a remote whose name holds a ``/`` (``team/upstream``) is told from the branch by the
configured remotes' names, as `plumbing.read_refs` reads them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git.ancestry_counts import reachable
from handoff_audit.git.reflog import head_reflog_tail
from handoff_audit.globs import matches_any
from handoff_audit.shell import quote

_MAKERS = frozenset(("commit", "cherry-pick", "merge", "rebase", "revert", "am", "pull"))
"""The first word of a reflog message of HEAD that a command making commits writes."""
_WORD = re.compile(r"[a-z-]+")
_MOVED_FROM = re.compile(r"checkout: moving from (\S+) to (\S*)")
_FULL_ID = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
"""How git names a detached HEAD a checkout moves from: its whole commit id, never a branch."""


@dataclass(frozen=True)
class DetachedWork:
    """What HEAD's reflog says of the time since HEAD was detached from a branch."""

    made: frozenset[str]
    """The commits made here."""
    left: tuple[str, ...]
    """The commits a checkout moved the detached HEAD away from, the latest first."""
    onto: tuple[str, str] = ("", "")
    """What the latest checkout moved HEAD to, as it was named (``origin/feat/c``), and its
    commit; ``("", "")`` when the reflog read shows none."""


def made_since_detached(root: Path) -> DetachedWork:
    """The commits HEAD's reflog (``logs/HEAD``, its last 64 KiB) says were made here since a
    checkout moved HEAD off a branch (read back from its last line to that checkout, or to
    the start), and the commits later checkouts left; none when there is no reflog
    (``core.logAllRefUpdates`` off): then no commit is taken for one made here. No git process."""
    made: set[str] = set()
    left: dict[str, None] = {}
    onto = ("", "")
    for line in reversed(head_reflog_tail(root)):
        ids, _, message = line.partition("\t")
        parts = ids.split(" ", 2)
        if message.startswith("checkout:"):
            moved = _MOVED_FROM.match(message)
            if moved is not None and not onto[0] and len(parts) > 1:
                onto = (moved.group(2), parts[1])
            if moved is None or not _FULL_ID.fullmatch(moved.group(1)):
                break
            left[moved.group(1)] = None
            continue
        word = _WORD.match(message)
        if word and word.group() in _MAKERS and len(parts) > 1 and plumbing.is_commit_id(parts[1]):
            made.add(parts[1])
    return DetachedWork(frozenset(made), tuple(left), onto)


@dataclass(frozen=True)
class Unbranched:
    """The commits made here that no branch or tag holds (`unbranched_commits`)."""

    count: int
    """How many there are."""
    under_head: bool
    """Whether HEAD reaches any of them."""
    left: tuple[str, ...]
    """The commits checkouts left that reach those HEAD does not, none reaching another's."""
    bases: frozenset[str] = frozenset()
    """The commits a branch or tag holds that those HEAD reaches are made on."""


def unbranched_commits(
    root: Path, head: str, work: DetachedWork, tips: Sequence[plumbing.Ref] = ()
) -> Unbranched:
    """Which of the commits ``work`` made HEAD (at commit ``head``), or a commit a checkout
    left, reaches that no branch, remote-tracking branch or tag reaches. A commit a checkout
    left whose tree a ref holds in a commit made here (`kept_elsewhere`: the commit `git commit
    --amend` made of it, given a branch) is no lost work. `GitError` when git cannot say. One
    git call (a commit garbage-collected since is left out), and one more only when work left
    behind may be kept in a commit below a ref's tip (``tips``: the branches, as read)."""
    out = plumbing.run(
        root,
        [
            "rev-list", "--parents", "--format=%T", "--ignore-missing", "HEAD", *work.left,
            *sorted(work.made), "--not", "--branches", "--remotes", "--tags", "--",
        ],
    )  # fmt: skip
    parents: dict[str, list[str]] = {}
    trees: dict[str, str] = {}
    commit = ""
    for line in out.decode("ascii", "replace").splitlines():
        if line.startswith("commit "):
            commit, *rest = line.split()[1:]
            parents[commit] = rest
        elif commit:
            trees[commit] = line.strip()
    held = reachable(head, parents)
    below = {tip: reachable(tip, parents) for tip in work.left if tip not in held}
    lost = work.made & held.union(*below.values())
    away = lost - held
    kept = kept_elsewhere(
        root, {c: trees.get(c, "") for c in away}, work.made - parents.keys(), tips
    )
    lost, away = lost - kept, away - kept
    left = tuple(
        tip
        for tip, under in below.items()
        if under & away and not any(tip in other for t, other in below.items() if t != tip)
    )
    bases = frozenset(p for commit in held for p in parents[commit] if p not in parents)
    return Unbranched(len(lost), bool(lost & held), left, bases)


def kept_elsewhere(
    root: Path, away: dict[str, str], on_refs: frozenset[str], tips: Sequence[plumbing.Ref]
) -> set[str]:
    """Those of ``away`` (commits a checkout left, and their trees) whose tree is that of a
    ref's tip (``tips``) or of a commit made here that a ref holds (``on_refs``): the same
    content on a branch, as after `git commit --amend` of the commit left and `git branch`.
    Git is asked the trees of ``on_refs`` (one process) only when the tips' trees leave some
    of ``away`` unmatched."""
    held = {ref.tree for ref in tips}
    if not away or all(tree in held for tree in away.values()):
        return set(away)
    asked = on_refs - {ref.commit for ref in tips}
    if asked:
        try:
            found = plumbing.resolve(root, sorted(asked))
        except plumbing.GitError:
            found = {}
        held |= {ids[1] for ids in found.values() if ids is not None}
    return {commit for commit, tree in away.items() if tree in held}


def unbranched_work(
    root: Path, head: str, refs: Sequence[plumbing.Ref], protected: Sequence[str]
) -> tuple[str, str] | None:
    """What the Stop hook says of a detached HEAD at commit ``head`` that holds, or a checkout
    since left, commits made here on no branch (`made_since_detached`,
    `unbranched_commits`), and the command that gives them a branch (`continued`'s name when
    they continue a remote-tracking branch of ``refs``); ``None`` when there are none or git
    cannot say. No git process when the reflog shows no commit made."""
    work = made_since_detached(root)
    if not work.made:
        return None
    try:
        found = unbranched_commits(root, head, work, refs)
    except plumbing.GitError:
        return None
    if not found.count:
        return None
    if not found.left and (remote := continued(work, found, refs, protected)) is not None:
        tracked, branch = f"{remote[0]}/{remote[1]}", remote[1]
        push = f"git push -u {quote(remote[0])} {quote(branch)}"
        said = (
            f"HEAD is detached at {head[:12]} with {found.count} commit(s) that no branch or "
            f"tag holds: they continue {tracked}, which has no local branch yet; give them its "
            f"branch, {branch}, and its handoff goes on with them (`{push}` sets it to "
            f"track {tracked})"
        )
        return said, f"git switch -c {quote(branch)}"
    said = (
        f"HEAD is detached at {head[:12]} with {found.count} commit(s) that no branch or tag "
        "holds: they are lost once another commit is checked out; give them a branch"
    )
    if not found.left:
        return said, "git switch -c NEW-BRANCH"
    shown = ", ".join(tip[:12] for tip in found.left)
    said = (
        f"HEAD is detached at {head[:12]} with {found.count} commit(s) made here that no branch "
        f"or tag holds, some of them left behind by a checkout (the work at {shown}): git "
        "drops them in its next garbage collection; give them a branch"
    )
    # The latest work left behind is switched to, unless HEAD holds work of its own.
    tips = found.left if found.under_head else found.left[1:]
    kept = [f"git branch NEW-BRANCH-{n} {tip}" for n, tip in enumerate(tips, 2)]
    switch = "git switch -c NEW-BRANCH" + ("" if found.under_head else f" {found.left[0]}")
    return said, " && ".join([*kept, switch])


def unbranched_hint(command: str) -> str:
    """The line the Stop hook prints after ``command``, an `unbranched_work` fix: what to fill
    in, and which branch's handoff the next stop judges."""
    if "NEW-BRANCH-2" in command:
        return (
            "NEW-BRANCH, NEW-BRANCH-2 …: a name for each line of work; the handoff of the one "
            "switched to is judged at the next stop"
        )
    if "NEW-BRANCH" in command:
        return "NEW-BRANCH: a name for the work; its handoff is judged at the next stop"
    return "the branch's handoff is judged at the next stop"


def continued(
    work: DetachedWork,
    found: Unbranched,
    refs: Sequence[plumbing.Ref],
    protected: Sequence[str],
) -> tuple[str, str] | None:
    """The remote and branch of the remote-tracking branch of ``refs`` that the latest checkout
    detached HEAD at (`git checkout origin/feat/c`) and that the commits HEAD holds are made
    on, when no local branch has its name and it is not protected: their branch is that one's,
    and so is its packet (the remote told from the branch by `refs.remote_of`: ``team/upstream``
    of ``team/upstream/feat/c``); ``None`` otherwise."""
    name, commit = work.onto
    name = name.removeprefix("refs/").removeprefix("remotes/")
    tracked = [r for r in refs if r.name == f"refs/remotes/{name}" and r.remote]
    if commit not in found.bases or not tracked:
        return None
    split = tracked[0].remote, tracked[0].branch
    if not plumbing.is_safe_branch(split[1]):
        return None
    if any(r.name == f"refs/heads/{split[1]}" for r in refs):
        return None
    return None if matches_any(split[1], protected) else split
