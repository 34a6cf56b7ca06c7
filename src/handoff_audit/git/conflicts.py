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
