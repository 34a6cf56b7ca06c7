"""Which files a merge made by hand only by keeping both sides of a conflict: against git's
own redo of the merge (``--remerge-diff``), the resolution dropped the conflict markers and
nothing else, each side's lines kept (in any order, blank lines aside). A finished branch that
merges its base and resolves a conflict so did no work of its own: its change against the base
is the one it had. One git process for any number of merges."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing

_MARKERS = (b"<<<<<<< ", b"||||||| ", b">>>>>>> ")
_EDITED = (b"Binary files ", b"old mode ", b"new mode ", b"deleted file ", b"new file ")


def kept_both_sides(root: Path, shas: Sequence[str]) -> dict[str, frozenset[str]]:
    """For each merge of ``shas``, the files its resolution changed only by keeping both
    sides; none when git cannot redo merges (before 2.36): then every by-hand file counts."""
    for sha in shas:
        if not plumbing.is_commit_id(sha):
            raise plumbing.GitError(f"not a commit id: {sha!r}")
    if not shas:
        return {}
    args = [
        *("-c", "core.quotePath=false", "log", "--no-walk=unsorted", "--stdin", "--no-color"),
        *("--no-show-signature", "--no-renames", "--no-ext-diff", "--no-textconv"),
        *("--remerge-diff", "-p", "--unified=0", "--format=%x1e%H"),
    ]
    try:
        out = plumbing.run(root, args, stdin="".join(f"{sha}\n" for sha in shas).encode())
    except plumbing.GitError:
        return {}
    found: dict[str, frozenset[str]] = {}
    for record in out.split(b"\x1e")[1:]:
        head, _, patch = record.partition(b"\n")
        found[head.decode("ascii").strip()] = frozenset(_unchanged_sides(patch))
    return found


def _unchanged_sides(patch: bytes) -> list[str]:
    """The files of ``patch`` (a remerge diff) whose lines removed, conflict markers aside,
    are the lines added (blank lines and trailing spaces aside)."""
    return [
        path for block in (b"\n" + patch).split(b"\ndiff --git ")[1:] for path in _file_kept(block)
    ]


def _file_kept(block: bytes) -> list[str]:
    """``[path]`` when one file's block of a remerge diff only kept both sides, else ``[]``."""
    header, _, hunks = block.partition(b"\n@@")
    path = None
    for line in header.split(b"\n"):
        if line.startswith(_EDITED):
            return []
        if line.startswith(b"+++ b/"):
            path = line[len(b"+++ b/") :].decode("utf-8", "surrogateescape")
    if path is None or path.startswith('"'):
        return []
    removed: list[bytes] = []
    added: list[bytes] = []
    for line in hunks.split(b"\n"):
        text = line[1:].rstrip()
        if not text:
            continue
        if line.startswith(b"-") and not (text.startswith(_MARKERS) or text == b"======="):
            removed.append(text)
        elif line.startswith(b"+"):
            added.append(text)
    return [path] if sorted(removed) == sorted(added) else []
