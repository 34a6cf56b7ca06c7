"""Submodules whose tracked files changed inside them: a commit of this repository cannot take
those changes (`git add -- lib` stages nothing until the submodule itself commits them), so
the command the Stop hook prints commits them inside the submodule first. Untracked files in a
submodule are not asked about at all (`plumbing.status` leaves them out)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing


def dirty_submodules(root: Path, paths: Sequence[str]) -> list[str]:
    """Those of ``paths`` (from the top folder ``root``) that are submodules with uncommitted
    changes to their own tracked files; one git call, none when no path is a checked-out
    submodule (a folder with its own ``.git``)."""
    asked = [path for path in paths if os.path.lexists(root / path / ".git")]
    if not asked:
        return []
    args = ["status", "--porcelain=v2", "-z", "--untracked-files=no", "--no-renames"]
    args += ["--ignore-submodules=untracked", "--", *plumbing.pathspecs("", literal=asked)]
    try:
        out = plumbing.run(root, args)
    except plumbing.GitError:
        return []
    found = []
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        fields = entry.split(" ", 8)
        # `1 XY Scmu ...`: a changed entry; S, a submodule; m, its tracked files modified.
        if len(fields) == 9 and fields[0] == "1" and fields[2][:1] == "S" and fields[2][2] == "M":
            found.append(fields[8])
    return sorted(found)


def is_submodule(path: Path | str, root: Path | None = None) -> bool:
    """Whether ``path``, where a handoff file is expected, is a git submodule: a folder (no
    link) with its own ``.git``, or, with the top folder ``root``, an empty one that
    ``.gitmodules`` names (not checked out: `actions/checkout` leaves submodules so). No git
    process: the work tree says it."""
    name = str(path)
    if not os.path.isdir(name) or os.path.islink(name):
        return False
    if os.path.lexists(os.path.join(name, ".git")):
        return True
    if root is None or os.listdir(name):
        return False
    try:
        listed = (root / ".gitmodules").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    top = os.path.relpath(name, root).replace(os.sep, "/")
    return top in _PATH_LINE.findall(listed)


_PATH_LINE = re.compile(r"^\s*path\s*=\s*(.*?)\s*$", re.MULTILINE)
"""A ``path = X`` line of ``.gitmodules``."""
