"""What merge commits changed by hand: of the files a merge changed against its first parent,
those whose merged result differs from what git's own merge of its parents gives (conflict
resolutions and edits made in the merge) and from every other parent's version. The rest it
brought in from the merged side: a merge of the base ("Update branch") that changed a file the
branch also changed, in other lines, did no work of the branch's. A constant number of git
processes, whatever the number of merges asked about: a ``merge-base`` and a ``rev-list`` that
put them in order (`children_first`), one ``git log --remerge-diff`` for all of them (their
parents too), one ``diff-tree --stdin`` against their other parents; before git 2.36, which
cannot redo a merge, one more ``git log`` for the parents."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git.merge_sides import kept_both_sides
from handoff_audit.model.repo_history import Commit

Made = dict[str, frozenset[str] | None]
"""Commit id -> the files it made by hand, ``None`` when it is no merge (every file counts)."""

_DIFF = ("--no-renames", "--no-ext-diff", "--no-textconv")


def made_by_hand(root: Path, shas: Sequence[str]) -> Made:
    """For each of the commits ``shas``, the files it made by hand (`Made`), among all the
    files it changed: a caller keeps those of the files it asks about, which the merge changed
    against its first parent (`kept`). When git cannot redo the merges (before 2.36), the files
    that differ from every other parent: a file both sides changed counts too. ``shas`` in any
    order: git is asked about them children first (`children_first`)."""
    for sha in shas:
        if not plumbing.is_commit_id(sha):
            raise plumbing.GitError(f"not a commit id: {sha!r}")
    if not shas:
        return {}
    wanted = children_first(root, shas)
    redone = True
    try:
        found = _log(root, wanted, "--remerge-diff", "--name-only")
    except plumbing.GitError:
        redone = False
        found = _log(root, wanted, "--no-patch")
    made: dict[str, set[str] | None] = {}
    pairs: list[tuple[str, str]] = []
    for sha, (heads, files) in found.items():
        made[sha] = (set(files) if redone else None) if len(heads) > 1 else None
        if len(heads) > 1 and (files or not redone):
            pairs += [(sha, other) for other in heads[1:]]
    for (sha, _other), differ in zip(pairs, _differ(root, pairs), strict=True):
        mine = made[sha]
        made[sha] = differ if mine is None else mine & differ
    return {
        sha: None if len(found[sha][0]) < 2 else frozenset(made.get(sha) or ())
        for sha in wanted
        if sha in found
    }


def any_by_hand(root: Path, merges: dict[str, list[str]]) -> bool:
    """Whether one of ``merges`` (merge -> files it changed against its first parent) made one
    of those files by hand (`made_by_hand`: one call for all of them), other than by keeping
    both sides of a conflict (`merge_sides.kept_both_sides`, one more git process)."""
    if not merges:
        return False
    made = made_by_hand(root, list(merges))
    hand = {sha: kept(made, sha, files) for sha, files in merges.items()}
    if any(files is None for files in hand.values()):
        return True
    asked = [sha for sha, files in hand.items() if files]
    both = kept_both_sides(root, asked)
    return any(files - both.get(sha, frozenset()) for sha, files in hand.items() if files)


def kept(made: Made, sha: str, files: Sequence[str]) -> set[str] | None:
    """Of ``files`` (changed by commit ``sha`` against its first parent), those ``sha`` made by
    hand; ``None`` when it is no merge: then every file counts."""
    hand = made.get(sha)
    return None if hand is None else {path for path in files if path in hand}


def children_first(root: Path, shas: Collection[str]) -> list[str]:
    """The commits ``shas``, none after one of its ancestors, as their real ancestry orders them
    whatever their dates (``git log`` forgets the parents of a commit it has shown, and a later
    merge's redo walks them to find its merge base): a topological ``rev-list`` of them down to
    their common ancestors (one ``merge-base``), which it leaves out (one of ``shas`` among those
    is an ancestor of all the others: last)."""
    wanted = list(dict.fromkeys(shas))
    bases = plumbing.run(root, ["merge-base", "--octopus", "--all", *wanted], ok_codes=(0, 1))
    args = ["rev-list", "--topo-order", *wanted, "--not", *bases.decode("ascii").split(), "--"]
    order = plumbing.run(root, args).decode("ascii").split()
    asked = set(wanted)
    first = [sha for sha in order if sha in asked]
    return first + [sha for sha in wanted if sha not in set(first)]


def _log(root: Path, shas: list[str], *options: str) -> dict[str, tuple[list[str], list[str]]]:
    """``git log`` of exactly ``shas`` (given on its standard input): each one's parents and the
    files its diff (as ``options`` ask) names."""
    args = [
        "log",
        "--no-walk=unsorted",
        "--stdin",
        "-z",
        "--no-color",
        "--no-show-signature",
        *_DIFF,
        "--format=%x1e%H%x1f%ct%x1f%P",
        *options,
    ]
    out = plumbing.run(root, args, stdin="".join(f"{sha}\n" for sha in shas).encode())
    found: dict[str, tuple[list[str], list[str]]] = {}
    for (sha, _when, heads), files in plumbing.log_records(iter(out.split(b"\0")), 3, 1):
        found[sha] = (heads.split(), list(files))
    return found


def _differ(root: Path, pairs: list[tuple[str, str]]) -> Iterator[set[str]]:
    """For each (commit, other commit) pair in turn, the files that differ between the two; one
    ``diff-tree --stdin`` for all, ``--always`` so that every pair answers with its block."""
    if not pairs:
        return
    stdin = "".join(f"{sha} {other}\n" for sha, other in pairs).encode()
    args = ["diff-tree", "--stdin", "--always", "-r", "-z", *_DIFF]
    block: set[str] | None = None
    fields = iter(plumbing.run(root, args, stdin=stdin).split(b"\0"))
    for field in fields:
        if field.startswith(b":"):
            name = next(fields, b"").decode("utf-8", "surrogateescape")
            if block is not None:
                block.add(name)
        elif field.strip():  # the commit id git echoes starts the pair's block
            if block is not None:
                yield block
            block = set()
    if block is not None:
        yield block


@contextmanager
def walk(
    root: Path, head: str, since: str | None
) -> Iterator[Iterator[tuple[Commit, tuple[str, ...]]]]:
    """`plumbing.changes` with each commit's parents (more than one: a merge)."""
    revisions = [head, *(("--not", since) if since is not None else ())]
    for sha in (head, since or head):
        if not plumbing.is_commit_id(sha):
            raise plumbing.GitError(f"not a commit id: {sha!r}")
    args = plumbing.log_with_files("%H%x1f%ct%x1f%P%x1f%s", revisions)
    with plumbing.stream(root, args) as fields:
        yield (
            (Commit(sha, int(when), subject, files), tuple(heads.split()))
            for (sha, when, heads, subject), files in plumbing.log_records(fields, 4, 1)
        )
