"""Which paths lie outside a sparse checkout's definition (`git sparse-checkout set`): `git rm`
and `git add` refuse them without ``--sparse``, so the fixes that name them say it
(`shell.sparse`).

No git process outside a sparse checkout: git's folder is found from ``.git`` (a folder, or a
worktree's or submodule's ``gitdir:`` file), and only when it holds ``info/sparse-checkout``
is one ``git config`` asked whether the checkout is sparse now, and in cone mode. A cone's
patterns are read as git reads them; other patterns are not matched here: a path then counts
as outside when the checkout left it out of the work tree.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from handoff_audit.git import plumbing

_TRUE = frozenset({"true", "yes", "on", "1"})


def outside_definition(root: Path) -> Callable[[str], bool] | None:
    """For the work tree around ``root``: whether a path (from its top folder) lies outside its
    sparse checkout's definition; ``None`` when the checkout is not sparse."""
    top = next((p for p in (root, *root.parents) if (p / ".git").exists()), None)
    if top is None:
        return None
    patterns = _git_folder(top) / "info" / "sparse-checkout"
    try:
        text = patterns.read_text("utf-8", "replace")
        out = plumbing.run(top, ["config", "--get-regexp", r"^core\.sparsecheckout"])
    except (OSError, plumbing.GitError):  # no such file, or neither key set
        return None
    values = dict(line.partition(" ")[::2] for line in out.decode("utf-8", "replace").split("\n"))
    if values.get("core.sparsecheckout", "").lower() not in _TRUE:
        return None
    if values.get("core.sparsecheckoutcone", "").lower() not in _TRUE:
        # patterns not matched here: a path the checkout left out of the work tree is outside
        return lambda path: not (top / path).exists() and not (top / path).is_symlink()
    return _cone(text.split("\n"))


def _git_folder(top: Path) -> Path:
    dot = top / ".git"
    if dot.is_file():
        try:
            line = dot.read_text("utf-8", "replace").strip()
        except OSError:
            return dot
        if line.startswith("gitdir:"):
            return top / line[len("gitdir:") :].strip()
    return dot


def _cone(lines: list[str]) -> Callable[[str], bool]:
    """A cone's patterns: ``/A/`` takes folder ``A`` whole, unless ``!/A/*/`` follows, which
    keeps only the files directly in it (a parent of a folder taken); files at the top are
    always in."""
    taken: set[str] = set()
    parents: set[str] = set()
    for raw in lines:
        line = raw.strip().replace("\\", "")
        if line.startswith("!/") and line.endswith("/*/"):
            parents.add(line[2:-3])
        elif line.startswith("/") and line.endswith("/") and line != "/":
            taken.add(line[1:-1])
    whole = taken - parents

    def outside(path: str) -> bool:
        folder = path.rpartition("/")[0]
        if not folder or folder in parents:
            return False
        parts = folder.split("/")
        return not any("/".join(parts[:n]) in whole for n in range(1, len(parts) + 1))

    return outside
