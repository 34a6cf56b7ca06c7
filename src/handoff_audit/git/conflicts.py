"""A merge conflict in a file and in the work tree: git's conflict markers in a file's text,
and the `git status` codes of a file git reports unmerged.

A merge, rebase or cherry-pick that stops on a conflict writes both sides into the file between
``<<<<<<< ``, ``=======`` and ``>>>>>>> `` lines; ``git add`` then marks the conflict resolved,
markers and all. Neither side is content of a handoff.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

UNMERGED = frozenset({"DD", "AU", "UD", "UA", "DU", "AA", "UU"})
"""The `git status --porcelain` codes of a file git reports unmerged."""
_READ_BYTES = 4 * 1024 * 1024
"""The most bytes read of a file to look for markers."""


def conflict_line(text: str) -> int | None:
    """The line number (from 1) of the first ``<<<<<<< `` marker that a ``=======`` and then a
    ``>>>>>>> `` line follow, as git writes a conflict; ``None`` when there is none."""
    start = None
    middle = False
    for number, line in enumerate(text.splitlines(), 1):
        if start is None:
            if line.startswith("<<<<<<< ") or line == "<<<<<<<":
                start, middle = number, False
        elif not middle and line.rstrip() == "=======":
            middle = True
        elif middle and (line.startswith(">>>>>>> ") or line == ">>>>>>>"):
            return start
        elif line.startswith("<<<<<<< "):
            start, middle = number, False
    return None


def file_conflict_line(path: Path) -> int | None:
    """`conflict_line` of the regular file at ``path`` (its first bytes); ``None`` when it
    cannot be read."""
    try:
        if not os.path.isfile(path) or os.path.islink(path):
            return None
        with open(path, "rb") as handle:
            data = handle.read(_READ_BYTES)
    except OSError:
        return None
    if b"<<<<<<<" not in data:
        return None
    return conflict_line(data.decode("utf-8", "replace"))


def unmerged(codes: dict[str, str]) -> tuple[str, ...]:
    """The paths that `git status` (``codes``) reports unmerged."""
    return tuple(sorted(path for path, code in codes.items() if code in UNMERGED))


def unstaged(codes: dict[str, str], skip: Iterable[str] = ()) -> tuple[str, ...]:
    """The tracked paths that `git status` (``codes``) reports changed but not staged, but
    ``skip``."""
    left_out = set(skip)
    return tuple(sorted(p for p, c in codes.items() if c[1] not in " ?" and p not in left_out))


def with_markers(root: Path, paths: Iterable[str]) -> tuple[str, ...]:
    """Those of ``paths`` (from the top folder ``root``) whose file holds conflict markers."""
    return tuple(sorted(p for p in paths if file_conflict_line(root / p) is not None))


def conflict_message(line: int) -> str:
    """What a finding says of a file that holds conflict markers from ``line`` on."""
    return (
        f"a merge conflict at line {line}: git's conflict markers (<<<<<<<, =======, >>>>>>>) "
        "are in the file; resolve the conflict (keep one side, delete the marker lines)"
    )


def keep_side(side: str, packet: str, twin: str | None, program: str) -> str:
    """The command that keeps the side ``side`` (``HEAD``, or ``REBASE_HEAD`` in a rebase: this
    branch's) of the packet ``packet`` in a conflict, renders its twin anew from it and marks
    both resolved (``packet`` and ``twin`` quoted for the shell, ``twin`` ``None`` when there is
    none). The Stop hook and the finding on an unreadable packet print this one command."""
    both = f"{packet} {twin}" if twin else packet
    return (
        f"git checkout {side} -- {packet} && {program} render --write {packet} && git add -- {both}"
    )


STASH_ENTRIES_READ = 20
"""The most stash entries `stash_left_it` compares a conflict with (the newest first)."""


def stash_left_it(root: Path) -> bool:
    """Whether a `git stash pop` (or `apply`) of a kept stash entry left the conflict in the
    work tree at ``root``: some entry holds, for every unmerged path, exactly the other side git
    staged (index stage 3, "theirs"). A stash entry that merely exists proves nothing: `git
    apply --3way` and `git checkout -m` leave the same conflict with no trace in git's folder,
    and the entry may be unrelated work that must not be dropped."""
    # start-up: plumbing is imported only when a conflict has no merge in progress
    from handoff_audit.git import plumbing

    try:
        staged = plumbing.run(root, ["ls-files", "-u", "-z"])
        listed = plumbing.run(root, ["log", "-g", "--format=%H", "refs/stash", "--"])
    except plumbing.GitError:
        return False
    theirs: dict[str, str] = {}
    for record in staged.decode("utf-8", "surrogateescape").split("\0"):
        info, _, path = record.partition("\t")
        fields = info.split()
        if len(fields) == 3 and fields[2] == "3":
            theirs[path] = fields[1]
    entries = listed.decode("ascii", "replace").split()[:STASH_ENTRIES_READ]
    if not theirs or not entries or any("\n" in path for path in theirs):
        return False
    paths = sorted(theirs)
    asked = "".join(f"{entry}:{path}\n" for entry in entries for path in paths)
    try:
        out = plumbing.run(
            root,
            ["cat-file", "--batch-check=%(objectname)"],
            stdin=asked.encode("utf-8", "surrogateescape"),
        )
    except plumbing.GitError:
        return False
    found = out.decode("utf-8", "surrogateescape").splitlines()
    wanted = [theirs[path] for path in paths]
    return any(found[i * len(paths) : (i + 1) * len(paths)] == wanted for i in range(len(entries)))
