"""What a merge commit changed by hand: of the files it changed against its first parent, those
whose merged result differs from what git's own merge of its parents gives (conflict
resolutions and edits made in the merge) and from every other parent's version. The rest it
brought in from the merged side: a merge of the base ("Update branch") that changed a file the
branch also changed, in other lines, did no work of the branch's. Two git processes, only for a
merge commit."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from handoff_audit.git import plumbing


def _names(out: bytes) -> set[str]:
    return {name for name in out.decode("utf-8", "surrogateescape").split("\0") if name}


def parents(root: Path, sha: str) -> list[str]:
    """The commit ``sha``'s parents, first parent first."""
    if not plumbing.is_commit_id(sha):
        raise plumbing.GitError(f"not a commit id: {sha!r}")
    out = plumbing.run(root, ["show", "--no-patch", "--no-show-signature", "--format=%P", sha])
    return out.decode("ascii", "replace").split()


def hand_made(root: Path, sha: str, files: Iterable[str]) -> set[str] | None:
    """Of ``files`` (changed by commit ``sha`` against its first parent), those the merge made
    by hand; ``None`` when ``sha`` is no merge: then every file counts. When git cannot redo
    the merge (before 2.36), those that differ from every parent: a file both sides changed
    counts too."""
    wanted = set(files)
    heads = parents(root, sha)
    if len(heads) < 2 or not wanted:
        return None
    diff = ["--no-renames", "--no-ext-diff", "--no-textconv", "--name-only", "-z"]
    try:
        redone = plumbing.run(root, ["show", "--remerge-diff", "--format=", *diff, sha, "--"])
        made = _names(redone) & wanted
    except plumbing.GitError:
        made = wanted
    for other in heads[1:]:
        if not made:
            break
        made &= _names(plumbing.run(root, ["diff", *diff, other, sha, "--"]))
    return made
