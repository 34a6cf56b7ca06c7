"""Git's own folders inside a repository: what no handoff file may lead into.

A clone's ``.git`` holds its settings and, on a CI runner, the job's credentials
(actions/checkout's ``persist-credentials``); a link committed as ``HANDOFF.md -> .git/config``
would make the audit read them and report on them. A path is in git's folder when one of its
parts, from the repository's root, is named ``.git`` (the repository's own, a submodule's, a
nested clone's, also the ``.git`` file of a worktree or submodule), or when it lies in the
folder the root's ``.git`` leads to (a link, or a ``gitdir:`` file naming a folder).
"""

from __future__ import annotations

import os
from functools import lru_cache

GIT_FOLDER = ".git"


def in_git_folder(target: str, real_root: str) -> bool:
    """Whether the resolved path ``target`` lies in git's own folder of the repository at the
    resolved ``real_root`` (paths outside ``real_root`` are the caller's concern)."""
    root = real_root.rstrip(os.sep) + os.sep
    if target.startswith(root):
        parts = target[len(root) :].split(os.sep)
        # casefold: on a case-insensitive file system `.GIT/config` is the same file
        if any(part.casefold() == GIT_FOLDER for part in parts):
            return True
    return any(
        target == folder or target.startswith(folder + os.sep) for folder in _git_dirs(real_root)
    )


def git_dirs(real_root: str) -> tuple[str, ...]:
    """The resolved folders the root's ``.git`` leads to, the worktree's own first."""
    return _git_dirs(real_root)


@lru_cache(maxsize=32)
def _git_dirs(real_root: str) -> tuple[str, ...]:
    """The resolved folders the root's ``.git`` leads to: itself or a link's target, and the
    folder a ``gitdir:`` file names, with its ``commondir`` (a worktree's shared folder)."""
    dot_git = os.path.join(real_root, GIT_FOLDER)
    if os.path.isdir(dot_git):
        return (os.path.realpath(dot_git),)
    try:
        with open(dot_git, "rb") as handle:
            first = handle.read(4096).decode("utf-8", "replace").splitlines()
    except OSError:
        return ()
    if not first or not first[0].startswith("gitdir:"):
        return ()
    gitdir = os.path.realpath(os.path.join(real_root, first[0][len("gitdir:") :].strip()))
    folders = [gitdir]
    try:
        with open(os.path.join(gitdir, "commondir"), "rb") as handle:
            common = handle.read(4096).decode("utf-8", "replace").strip()
        folders.append(os.path.realpath(os.path.join(gitdir, common)))
    except OSError:
        pass  # not a worktree: no shared folder
    return tuple(folders)
