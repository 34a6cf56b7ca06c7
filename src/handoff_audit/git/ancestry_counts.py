"""How far the commit checked has gone past commits of its ancestry (a last known good
commit, a packet's last change), counted over the ancestry already read: no git call."""

from __future__ import annotations


def behind_counts(commits: list[tuple[str, tuple[str, ...]]], wanted: set[str]) -> dict[str, int]:
    """For each wanted commit in the walked ancestry: how many walked commits are not its
    ancestors (``git rev-list --count wanted..head`` when the walk was complete).

    Each commit's ancestors are a bit set over the walk's positions, built parents first, so
    the cost is one pass however many commits are wanted."""
    index = {sha: i for i, (sha, _) in enumerate(commits)}
    targets = [sha for sha in wanted if sha in index]
    if not targets:
        return {}
    ancestors: dict[int, int] = {}
    for start in targets:
        stack = [index[start]]
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
    total = len(commits)
    return {sha: total - ancestors[index[sha]].bit_count() for sha in targets}
