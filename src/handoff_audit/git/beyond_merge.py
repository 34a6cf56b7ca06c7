"""What a work tree in a merge stopped midway holds beyond the merge's own: changes made while
it was stopped, which ``git merge --abort`` (``git reset --merge``) would throw away when staged.
The merge's own is what ``git merge-tree`` computes from the same two commits (its conflicts'
files whatever they hold: resolving them is given up with the merge); every other staged or
unstaged change, and every untracked file, is the user's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.shell import quote, quote_path

_MERGE_TREE = ("merge-tree", "--write-tree", "--name-only", "--no-messages", "-z")
_UNMERGED = frozenset({"DD", "AU", "UD", "UA", "DU", "AA", "UU"})


@dataclass(frozen=True, slots=True)
class BeyondMerge:
    """The user's changes in a stopped merge (paths from the top folder)."""

    patched: tuple[str, ...]
    """Files HEAD has, changed where the merge changes nothing: saved in a patch."""
    added: tuple[str, ...]
    """New files staged: unstaged before the abort, so that it leaves them in place."""
    untracked: tuple[str, ...]
    """Left alone: neither the abort nor the rebase touches them."""
    mixed: tuple[str, ...]
    """Changed beyond what the merge brought into the same file: no command tells the two
    apart, so none is printed."""

    def steps(self, patch: Path) -> tuple[list[str], list[str]]:
        """The commands before ``git merge --abort`` and those right after it (the patch
        applied back onto HEAD, where it applies as it was made)."""
        before, after = [], []
        if self.patched:
            named = " ".join(quote_path(p) for p in self.patched)
            before += [
                f"mkdir -p {quote(str(patch.parent))}",
                f"git diff --binary HEAD -- {named} > {quote(str(patch))}",
                f"git checkout HEAD -- {named}",
            ]
            after.append(f"git apply --index {quote(str(patch))}")
        if self.added:
            before.append(f"git rm -q --cached -- {' '.join(quote_path(p) for p in self.added)}")
        return before, after

    def said(self, patch: Path) -> str:
        """What the steps keep, and where (for the reason's end)."""
        parts = []
        if self.patched:
            parts.append(
                f"the changes to {_listed(self.patched)} are saved in {patch} first and put "
                f"back after the abort (`git apply --3way {quote(str(patch))}` if they are "
                "ever missing)"
            )
        if self.added:
            parts.append(f"the new {_listed(self.added)} are kept as untracked files")
        if self.untracked:
            parts.append(f"untracked {_listed(self.untracked)} are left as they are")
        return "; ".join(parts)


def beyond_merge(root: Path, codes: dict[str, str]) -> BeyondMerge | None:
    """The user's changes in the merge stopped at ``root`` whose `git status` is ``codes``;
    ``None`` when git cannot say (the caller then refuses to print an abort)."""
    try:
        out = plumbing.run(
            root,
            [*_MERGE_TREE, "HEAD", "MERGE_HEAD"],
            ok_codes=(0, 1),
        )
        tree, *conflicted = [p.decode("utf-8", "surrogateescape") for p in out.split(b"\0") if p]
        result, head = _tree(root, tree), _tree(root, "HEAD")
        index = _index(root)
    except (plumbing.GitError, ValueError):
        return None
    patched, added, untracked, mixed = [], [], [], []
    for path, code in sorted(codes.items()):
        if code in _UNMERGED or path in conflicted:
            continue
        if code == "??":
            untracked.append(path)
        elif result.get(path) != head.get(path):  # the merge changes this file
            if code[1] != " " or index.get(path) != result.get(path):
                mixed.append(path)
        elif path in head:
            patched.append(path)
        elif code[1] == "D":  # staged new, then deleted: only the index holds it
            mixed.append(path)
        else:
            added.append(path)
    return BeyondMerge(tuple(patched), tuple(added), tuple(untracked), tuple(mixed))


def _tree(root: Path, commit: str) -> dict[str, str]:
    out = plumbing.run(root, ["ls-tree", "-r", "-z", "--full-tree", commit])
    found = {}
    for entry in out.split(b"\0"):
        if entry:
            info, _, path = entry.partition(b"\t")
            found[path.decode("utf-8", "surrogateescape")] = info.decode()
    return found


def _index(root: Path) -> dict[str, str]:
    """Stage-0 entries as `_tree` writes them (mode, type and id)."""
    out = plumbing.run(root, ["ls-files", "-s", "-z"])
    found = {}
    for entry in out.split(b"\0"):
        info, _, path = entry.partition(b"\t")
        mode, oid, stage = info.decode().split(" ") if entry else ("", "", "")
        if entry and stage == "0":
            kind = "commit" if mode == "160000" else "blob"
            found[path.decode("utf-8", "surrogateescape")] = f"{mode} {kind} {oid}"
    return found


def _listed(paths: tuple[str, ...]) -> str:
    return ", ".join(paths[:3]) + (f" (+{len(paths) - 3} more)" if len(paths) > 3 else "")
