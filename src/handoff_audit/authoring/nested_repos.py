"""The Stop hook's fix for a git repository or linked worktree inside the work tree that is no
submodule (``git worktree add .worktrees/inner``): `git status` lists it as one untracked folder,
``.worktrees/inner/``. It is no work of this branch, and `git add` would commit a gitlink no
clone can check out: the fix keeps git from seeing it, in the repository's own exclude file."""

from __future__ import annotations

import re
from collections.abc import Sequence

from handoff_audit.shell import quote


def nested_repositories(files: Sequence[str]) -> list[str]:
    """Of the uncommitted ``files`` (`git status --untracked-files=all`), the folders: git lists
    an untracked folder whole only when it is a repository or worktree of its own."""
    return [path for path in files if path.endswith("/")]


def exclude_advice(nested: Sequence[str]) -> tuple[str, str, str]:
    """The reason, the command that adds each folder to ``info/exclude`` (from any folder of the
    work tree, a linked worktree too), and what follows it. No `.gitignore` route: its commit
    would be a change the handoff does not describe, for a folder that is no work of the
    branch."""
    shown = ", ".join(nested[:3]) + (f" (+{len(nested) - 3} more)" if len(nested) > 3 else "")
    patterns = " ".join(quote("/" + re.sub(r"([\\*?\[!#])", r"\\\1", path)) for path in nested)
    where = '"$(git rev-parse --git-path info/exclude)"'
    command = f"mkdir -p \"$(dirname {where})\" && printf '%s\\n' {patterns} >> {where}"
    return (
        f"a git repository or worktree inside this one, not a submodule: {shown}; it is no work "
        "of this branch, so keep git from seeing it (never `git add` it: that commits a link "
        "no clone can check out)",
        command,
        "info/exclude is git's own file on this machine, never committed: nothing to commit "
        "for it, and the handoff stays current",
    )
