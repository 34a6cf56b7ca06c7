"""Which files git lists under the audited folders (tracked, and untracked but not ignored),
and when each file was last committed; each in one git call through `plumbing`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing


def list_files_tracked(
    root: Path, paths: Sequence[str] = ()
) -> tuple[list[str], frozenset[str]] | None:
    """Tracked and untracked-but-not-ignored files under ``paths`` (relative to ``root``), and
    the names among them that git tracks (in its index), in one git call; ``None`` when git
    cannot answer (not installed, not a repository). `plumbing.UnsafeRepository` when git
    refuses it: walking the folder instead would audit what git ignores."""
    try:
        out = plumbing.run(
            root,
            ["ls-files", "-z", "-t", "--cached", "--others", "--exclude-standard", "--", *paths],
        )
    except plumbing.UnsafeRepository:
        raise
    except plumbing.GitError:
        return None
    names: set[str] = set()
    tracked: set[str] = set()
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        name = entry[2:]  # after the tag and its space: "H " tracked, "? " untracked
        if name:
            names.add(name)
            if entry[0] != "?":
                tracked.add(name)
    return sorted(names), frozenset(tracked)


def last_commits(root: Path, paths: Sequence[str]) -> dict[str, tuple[int, str, int]]:
    """The time (seconds since the epoch), id and place of the last commit that touched each
    of ``paths`` (relative to ``root``), in one git call that stops once every path is dated; a
    path no commit touched is absent, and so is everything when git cannot answer. The place
    is the commit's in ``git log --date-order`` (0 the first listed): a commit comes before
    every commit it builds on, whatever their times; commits with no ancestry between them by
    commit time, and at the same second in git's (stable) listing order.

    Git is given the paths' folders, not the paths: git matches every commit against every
    pathspec, so one pathspec per file would cost commits x files (a series of a thousand
    files, one commit each, took seconds); the folders' walk lists each commit's changed files
    there, and the names not asked about are skipped."""
    wanted = set(paths)
    found: dict[str, tuple[int, str, int]] = {}
    if not wanted:
        return found
    specs = _folder_specs(wanted)
    args = ["log", "--date-order", "--format=%x01%ct %H", "-z", "--name-only", "--relative"]
    header = ["0", ""]
    place = -1
    try:
        with plumbing.stream(root, [*args, "--", *specs]) as records:
            for record in records:
                if record.startswith(b"\x01"):
                    header = record[1:].decode("ascii").split()
                    place += 1
                    continue
                name = record.lstrip(b"\n").decode("utf-8", "surrogateescape")
                if name in wanted and name not in found:
                    found[name] = (int(header[0]), header[1], place)
                    if len(found) == len(wanted):
                        break
    except (plumbing.GitError, ValueError, IndexError):
        return found
    return found


def _folder_specs(paths: set[str]) -> list[str]:
    """One pathspec per folder holding ``paths`` (``.`` when one is at the top)."""
    folders = {path.rpartition("/")[0] for path in paths}
    if "" in folders:
        return ["."]
    return [f":(literal){folder}/" for folder in sorted(folders)]
