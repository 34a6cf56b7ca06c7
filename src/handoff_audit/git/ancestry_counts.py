"""How far the commit checked has gone past commits of its ancestry (a last known good
commit, a packet's last change), counted over the ancestry read once (`ancestry_walk`).

When the walk also read the merge target's tip (``base``), the commits reachable from it are
the target's, not the branch's later work: a merge of the target into the branch ("Update
branch") brings them into the branch's ancestry without moving the branch's own work on."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.git import plumbing

Walk = list[tuple[str, tuple[str, ...]]]
"""Commits with their parents, as `plumbing.ancestry` reads them."""


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
        self.theirs = self.of(base) if base is not None and base in self.index else 0
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

    def behind(self, wanted: set[str]) -> dict[str, int]:
        """For each wanted commit the commit checked reaches: how many walked commits are not
        its ancestors. When the wanted commit is the branch's own (the target's tip does not
        reach it), the target's commits are left out (``git rev-list --count wanted..head
        --not base``): a merge of the target brought them, no later work of the branch's. When
        the target reaches it (a last known good commit on the target itself), every commit
        since it counts, the target's included (``git rev-list --count wanted..head``): the
        branch stands on them and they came after it."""
        own = self.ours & ~self.theirs
        result: dict[str, int] = {}
        for sha in wanted:
            i = self.index.get(sha)
            if i is not None and self.ours >> i & 1:
                since = self.ours if self.theirs >> i & 1 else own
                result[sha] = (since & ~self.of(sha)).bit_count()
        return result

    def targets(self) -> frozenset[str]:
        """The commits that are the merge target's, not the branch's own work: those its tip
        reaches, and the merges that only bring them in (every parent but the first is one),
        whose changes against the first parent are the target's."""
        theirs = self.theirs
        if not theirs:
            return frozenset()
        index = self.index

        def brings_in(parents: tuple[str, ...]) -> bool:
            others = parents[1:]
            return bool(others) and all(p in index and theirs >> index[p] & 1 for p in others)

        return frozenset(
            sha
            for i, (sha, parents) in enumerate(self.commits)
            if theirs >> i & 1 or brings_in(parents)
        )


def ancestry_walk(
    root: Path, heads: tuple[str, ...], base: str | None, limit: int, times: dict[str, int]
) -> tuple[Walk, bool, Ancestry]:
    """The ancestry of ``heads`` (the commit checked first, then a merge's other parents) and of
    the merge target's tip ``base``, in one ``rev-list`` (`plumbing.ancestry`): the commits,
    whether the walk stopped at ``limit``, and their `Ancestry`."""
    also = (*heads[1:], base) if base else heads[1:]
    commits, truncated = plumbing.ancestry(root, heads[0], limit, times, also=also)
    return commits, truncated, Ancestry(commits, heads, base)
