"""Git's own folders inside a repository: what no handoff file may lead into.

A clone's ``.git`` holds its settings and, on a CI runner, the job's credentials
(actions/checkout's ``persist-credentials``); a link committed as ``HANDOFF.md -> .git/config``
would make the audit read them and report on them. A path is in git's folder when one of its
parts, from the repository's root, is named ``.git`` (the repository's own, a submodule's, a
nested clone's, also the ``.git`` file of a worktree or submodule), when it lies in the
folder the root's ``.git`` leads to (a link, or a ``gitdir:`` file naming a folder), or when a
folder on its way from the root holds what makes a git folder (a nested clone's folder named by
its ``.git`` file, whatever its name).
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
        if _under_unnamed_git_folder(target, real_root.rstrip(os.sep)):
            return True
    return any(
        target == folder or target.startswith(folder + os.sep) for folder in _git_dirs(real_root)
    )


def _under_unnamed_git_folder(target: str, root: str) -> bool:
    """Whether a folder between ``target`` and ``root`` is a git folder by its content, whatever
    its name: a nested clone's ``.git`` file may lead to one elsewhere in the tree
    (``git init --separate-git-dir``), and no ``.git`` on the way names it."""
    folder = os.path.dirname(target)
    while len(folder) > len(root):
        if _is_git_folder(folder):
            return True
        folder = os.path.dirname(folder)
    return False


def _is_git_folder(folder: str) -> bool:
    """What git itself asks of a git folder: a ``HEAD`` file, ``objects`` and ``refs``."""
    return (
        os.path.isfile(os.path.join(folder, "HEAD"))
        and os.path.isdir(os.path.join(folder, "objects"))
        and os.path.isdir(os.path.join(folder, "refs"))
    )


def bare_repository(start: str) -> str | None:
    """The bare repository ``start`` lies in (itself or a parent holds ``HEAD``, ``objects``
    and ``refs`` with no ``.git`` above it), ``None`` otherwise; no git process. Asked only
    when no ``.git`` was found upwards: a work tree's own ``.git`` folder is not bare."""
    folder = os.path.abspath(start)
    while True:
        if _is_git_folder(folder):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def bare_repository_problem(bare: str, command: str) -> str:
    """The one-line error for ``handoff-audit COMMAND`` run in the bare repository ``bare``:
    it has no work tree, so no file to audit, read or write."""
    from handoff_audit.shell import quote_path  # start-up: only for this error

    word = quote_path(bare)
    return (
        f"{bare}: a bare repository, which has no work tree (no files to audit); run "
        f"`handoff-audit {command}` in a clone or a worktree of it: `git clone {word} FOLDER`, "
        f"or `git -C {word} worktree add FOLDER BRANCH`"
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
