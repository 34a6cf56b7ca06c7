"""What a merge of the commit checked brings through symbolic links, for the merge gate's
`linked_folders`: the links the commit adds or changes since its merge base with the merge
target, the other files it adds or changes, and the links of the target's tip that the merge
keeps as they are (``.handoff/feat`` -> ``../notes/feat`` on ``main``, behind which the branch
adds ``notes/feat/refund.json``: after the merge it is ``.handoff/feat/refund.json``).

One ``diff --merge-base`` names what the commit adds, changes or removes; one ``ls-tree -r`` of
the target's tip names its links (none when the commit changes nothing). With several merge
bases (criss-cross merges), only what the commit has as every one of them has it is none of its
changes (one ``merge-base --all`` and one ``diff-tree`` more); against the target's tree when
no merge base is here (a shallow clone, unrelated histories: those two calls more); against no
tree, and no link of a target, without a target.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from handoff_audit.git import plumbing

LINK = "120000"
GONE = "000000"

Change = tuple[str, str, str]
"""A path (from the top folder) the commit adds, changes or removes, its mode and blob there
(``000000`` and zeros for a removed one)."""


class BranchChanges(NamedTuple):
    """What the commit checked changes since its merge base with the merge target."""

    links: list[tuple[str, str]]
    """(path from the top folder, blob) of each symbolic link it adds or changes, but those the
    target's tip has as they are (both added it: a cherry-pick)."""
    files: dict[str, str]
    """Each other file it adds or changes (path from the top folder) -> its blob."""
    kept: dict[str, str]
    """Each symbolic link of the target's tip that the merge keeps as the tip has it (the
    commit leaves it as its merge base had it, or has it as the tip does) -> its blob."""
    changed: frozenset[str] = frozenset()
    """Every path it adds, changes or removes, links and submodules too."""
    removed: frozenset[str] = frozenset()
    """Each path it removes."""


def branch_changes(root: Path, head: tuple[str, str], target: plumbing.Ref | None) -> BranchChanges:
    """What the commit ``head`` (its id, its tree) changes since its merge base with the merge
    ``target``'s tip (`BranchChanges`); against no tree without a target."""
    if target is None:
        return _split(_changes(root, ["diff-tree", plumbing.empty_tree(len(head[1])), head[1]]))
    # `diff` is porcelain: a user's diff.relative would cut the paths to the folder it runs in.
    merge_base = ["diff", "--no-relative", "--no-color", "--merge-base", target.commit, head[0]]
    changes: list[Change] | None
    try:
        changes = _changes(root, merge_base)
    except plumbing.GitError:
        changes = _since_bases(root, head[0], target.commit)
    if changes is None:
        changes = _changes(root, ["diff-tree", target.tree, head[1]])
    there = tree_links(root, target.tree) if changes else {}
    found = _split(changes)
    touched = {path: (mode, blob) for path, mode, blob in changes}
    kept = {
        path: blob
        for path, blob in there.items()
        if touched.get(path, (LINK, blob)) == (LINK, blob)
    }
    links = [(path, blob) for path, blob in found.links if there.get(path) != blob]
    return found._replace(links=links, kept=kept)


def _split(changes: list[Change]) -> BranchChanges:
    """``changes`` as the links added or changed and the other files, none of a target."""
    links = [(path, blob) for path, mode, blob in changes if mode == LINK]
    files = {path: blob for path, mode, blob in changes if mode in ("100644", "100755")}
    changed = frozenset(path for path, _, _ in changes)
    removed = frozenset(path for path, mode, _ in changes if mode == GONE)
    return BranchChanges(links, files, {}, changed, removed)


def _since_bases(root: Path, head: str, target: str) -> list[Change] | None:
    """What ``head`` adds, changes or removes against any of its merge bases with ``target``
    (one ``merge-base --all``, one ``diff-tree``); ``None`` when there is none."""
    try:
        out = plumbing.run(root, ["merge-base", "--all", target, head], ok_codes=(0, 1))
    except plumbing.GitError:
        out = b""
    if not (bases := out.decode("ascii", "replace").split()):
        return None
    # One block per merge base, each the commit against that base: a change counts when it
    # differs from any base. A copy equal to one base only is no proof the merge keeps the
    # target's: the recursive merge's virtual base may be the other one's.
    pairs = "".join(f"{head} {base}\n" for base in bases).encode()
    return list(dict.fromkeys(_changes(root, ["diff-tree", "--stdin"], stdin=pairs)))


def _changes(root: Path, diff: list[str], stdin: bytes | None = None) -> list[Change]:
    """What the ``diff`` adds, changes or removes, in git's raw output (a path once for each
    block of a ``diff-tree --stdin``, whose echoed input lines are skipped)."""
    options = ["-r", "-z", "--raw", "--no-abbrev", "--no-renames", "--diff-filter=AMTD"]
    out = plumbing.run(root, [*diff[:1], *options, *diff[1:], "--"], stdin=stdin)
    fields = iter(out.split(b"\0"))
    changes = []
    for meta in fields:
        if not meta.startswith(b":"):
            continue
        path = next(fields, b"")
        words = meta.decode("ascii", "replace").split()
        if len(words) == 5:
            changes.append((path.decode("utf-8", "surrogateescape"), words[1], words[3]))
    return changes


def tree_links(root: Path, tree: str) -> dict[str, str]:
    """Each symbolic link of ``tree`` (path from the top folder) -> its blob: one ``ls-tree``."""
    out = plumbing.run(root, ["ls-tree", "-r", "-z", "--full-tree", tree])
    found: dict[str, str] = {}
    for entry in out.split(b"\0"):
        if entry.startswith(LINK.encode()):
            meta, _, path = entry.partition(b"\t")
            words = meta.decode("ascii", "replace").split()
            if len(words) == 3:
                found[path.decode("utf-8", "surrogateescape")] = words[2]
    return found
