"""How far the commit checked has gone past commits of its ancestry (a last known good
commit, a packet's last change), counted over the ancestry read once (`ancestry_walk`).

When the walk also read the merge target's tip (``base``), the commits reachable from it are
the target's, not the branch's later work: a merge of the target into the branch ("Update
branch") brings them into the branch's ancestry without moving the branch's own work on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from handoff_audit.git import merge_work, plumbing
from handoff_audit.model.repo_history import Commit

Walk = list[tuple[str, tuple[str, ...]]]
"""Commits with their parents, as `plumbing.ancestry` reads them."""


def reachable(start: str, parents: Mapping[str, Iterable[str]]) -> set[str]:
    """The commits of ``parents`` (commit -> its parents) that ``start`` reaches, itself too
    when it is one of them."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        commit = todo.pop()
        if commit in parents and commit not in seen:
            seen.add(commit)
            todo.extend(parents[commit])
    return seen


class Ancestry:
    """The walk's ancestor sets (bit sets over the walk's positions), built parents first, so
    the cost is one pass however many commits are asked about."""

    def __init__(self, commits: Walk, heads: tuple[str, ...] = (), base: str | None = None):
        self.commits = commits
        self.index = {sha: i for i, (sha, _) in enumerate(commits)}
        self._bits: dict[int, int] = {}
        everything = (1 << len(commits)) - 1
        tips = [sha for sha in heads if sha in self.index]
        self.ours = everything if not tips else 0
        for sha in tips:
            self.ours |= self.of(sha)
        """The commits the commit checked reaches (all of the walk when no head is named)."""
        self.base = base if base is not None and base in self.index else None
        """The merge target's tip, when walked."""
        self.theirs = self.of(self.base) if self.base is not None else 0
        """The commits the merge target's tip reaches."""

    def of(self, sha: str) -> int:
        """The ancestors of ``sha`` (itself included) as a bit set over the walk."""
        commits, index, ancestors = self.commits, self.index, self._bits
        stack = [index[sha]]
        while stack:
            i = stack[-1]
            if i in ancestors:
                stack.pop()
                continue
            parents = [index[p] for p in commits[i][1] if p in index]
            pending = [p for p in parents if p not in ancestors]
            if pending:
                stack.extend(pending)
                continue
            bits = 1 << i
            for p in parents:
                bits |= ancestors[p]
            ancestors[i] = bits
            stack.pop()
        return ancestors[index[sha]]

    def behind(self, wanted: set[str], *, every: bool = False) -> dict[str, int]:
        """For each wanted commit the commit checked reaches: how many walked commits are not
        its ancestors. When the wanted commit is the branch's own (the target's tip does not
        reach it, or reaches it only through a merge of the branch), the target's commits are
        left out (``git rev-list --count wanted..head --not base``): a merge of the target
        brought them, no later work of the branch's. When it was made on the target itself (on
        the target's first-parent line: a last known good commit on main), every commit since
        it counts, the target's included (``git rev-list --count wanted..head``): the branch
        stands on them and they came after it. With ``every``, every commit since it counts,
        wherever it was made."""
        own = self.ours & ~self.theirs
        line = self._target_line()
        result: dict[str, int] = {}
        for sha in wanted:
            i = self.index.get(sha)
            if i is not None and self.ours >> i & 1:
                since = self.ours if every or line >> i & 1 else own
                result[sha] = (since & ~self.of(sha)).bit_count()
        return result

    def _target_line(self) -> int:
        """The commits made on the target itself, as a bit set: its tip's first-parent line,
        without the commits of the branches it merged."""
        line, sha = 0, self.base
        while sha is not None and sha in self.index and not line >> self.index[sha] & 1:
            line |= 1 << self.index[sha]
            parents = self.commits[self.index[sha]][1]
            sha = parents[0] if parents else None
        return line

    def reached(self, sha: str) -> bool:
        """Whether the merge target's tip reaches ``sha``: the target has that commit."""
        i = self.index.get(sha)
        return i is not None and bool(self.theirs >> i & 1)

    def targets(self) -> frozenset[str]:
        """The commits that are the merge target's, not the branch's own work: those its tip
        reaches, and the merges that only bring them in (every parent but the first is one),
        whose changes against the first parent are the target's."""
        theirs = self.theirs
        if not theirs:
            return frozenset()
        return frozenset(
            sha
            for i, (sha, parents) in enumerate(self.commits)
            if theirs >> i & 1 or self._brings_in(parents)
        )

    def merges_in(self) -> frozenset[str]:
        """The branch's merges of the target (of `targets`, those its tip does not reach)."""
        theirs = self.theirs
        return frozenset(
            sha
            for i, (sha, parents) in enumerate(self.commits)
            if theirs and not theirs >> i & 1 and self._brings_in(parents)
        )

    def _brings_in(self, parents: tuple[str, ...]) -> bool:
        index, theirs, others = self.index, self.theirs, parents[1:]
        return bool(others) and all(p in index and theirs >> index[p] & 1 for p in others)

    def mixed_merges(self) -> dict[str, str]:
        """The branch's merges of the target and another branch at once (an octopus), each ->
        its first parent after the first that the target's tip reaches."""
        theirs, index = self.theirs, self.index
        found: dict[str, str] = {}
        for i, (sha, parents) in enumerate(self.commits):
            inside = [p for p in parents[1:] if p in index and theirs >> index[p] & 1]
            if not theirs >> i & 1 and inside and len(inside) < len(parents) - 1:
                found[sha] = inside[0]
        return found


@dataclass(frozen=True, slots=True)
class TargetSide:
    """What of the history walked is the merge target's, not the branch's later work."""

    commits: frozenset[str] = frozenset()
    """`Ancestry.targets`."""
    own_files: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each of `Ancestry.mixed_merges` -> the files it changed that it did not bring in from
    the target: those that differ from the target's parent as well as from the first."""
    merged_in: frozenset[str] = frozenset()
    """The branch's merges of the target (`Ancestry.merges_in`): of `commits`, yet what one
    made by hand (`counted`) is the branch's work."""
    by_hand: merge_work.Made = field(default_factory=dict)
    """What each of `merged_in` made by hand, read when `counted` first asks."""

    def own(self, change: Commit) -> Commit:
        """``change`` with only the files that are not the target's (a mixed merge's own)."""
        own = self.own_files.get(change.sha)
        if own is None:
            return change
        return replace(change, files=tuple(path for path in change.files if path in own))

    def counted(
        self,
        root: Path,
        change: Commit,
        others: list[str],
        from_top: Callable[[str], str | None],
    ) -> tuple[list[str], frozenset[str]]:
        """Of ``others`` (the work files of ``change``, from the audited root), those that
        count as later work, and the commits that are the target's for `counted_against`. A
        merge of the target into the branch (`merged_in`) counts for what it made by hand
        (`merge_work.made_by_hand`: a conflict's resolution, an edit in the merge), the branch's
        own work; the rest it brought in."""
        if not others or change.sha not in self.merged_in:
            return others, self.commits
        if change.sha not in self.by_hand:  # every merge of the target at once, when first asked
            self.by_hand.update(merge_work.made_by_hand(root, sorted(self.merged_in)))
        hand = merge_work.kept(self.by_hand, change.sha, change.files)
        made = {from_top(path) for path in (change.files if hand is None else hand)}
        return [path for path in others if path in made], frozenset()


def target_side(root: Path, walk: Ancestry) -> TargetSide:
    """The `TargetSide` of ``walk``; one ``diff-tree`` call when the branch merged the target
    together with another branch, none otherwise."""
    mixed = walk.mixed_merges()
    differ = plumbing.changed_from(root, list(mixed.items())) if mixed else {}
    own = {sha: frozenset(files) for sha, files in differ.items()}
    return TargetSide(walk.targets(), own, walk.merges_in())


def ancestry_walk(
    root: Path, heads: tuple[str, ...], base: str | None, limit: int, times: dict[str, int]
) -> tuple[Walk, bool, Ancestry]:
    """The ancestry of ``heads`` (the commit checked first, then a merge's other parents) and of
    the merge target's tip ``base``, in one ``rev-list`` (`plumbing.ancestry`): the commits,
    whether the walk stopped at ``limit``, and their `Ancestry`."""
    also = (*heads[1:], base) if base else heads[1:]
    commits, truncated = plumbing.ancestry(root, heads[0], limit, times, also=also)
    return commits, truncated, Ancestry(commits, heads, base)
