"""Files as a given commit has them, for the action's merge gate on a pull request (the base
commit's configuration): the commit fetched when the clone lacks it, whether git tracks a file,
and the files' content in one ``cat-file --batch``."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from pathlib import Path

from handoff_audit.credentials import show
from handoff_audit.errors import InputError
from handoff_audit.git import fetching, plumbing
from handoff_audit.git_folder import GIT_FOLDER

FETCH_SECONDS = 60.0
"""How long fetching a commit missing from the clone may take."""


def have_commit(root: Path, commit: str) -> bool:
    """Whether ``commit`` (a full id) is in the clone, fetched from the first remote (one commit
    deep in a shallow clone, which stays shallow) when it is not."""
    try:
        if not plumbing.is_commit_id(commit) or plumbing.repo_info(root) is None:
            return False
        if plumbing.resolve(root, [commit]).get(commit) is not None:
            return True
    except plumbing.GitError:
        return False
    info = plumbing.repo_info(root)
    for remote in fetching.remotes(root)[:1]:
        args = ["fetch", "--quiet", "--no-tags", "--no-recurse-submodules"]
        if info is not None and info.shallow:
            args.append("--depth=1")
        try:
            plumbing.run(root, [*args, "--end-of-options", remote, commit], timeout=FETCH_SECONDS)
        except plumbing.GitError:
            return False
    return plumbing.resolve(root, [commit]).get(commit) is not None


def is_tracked(root: Path, name: str) -> bool:
    """Whether git tracks the file ``name`` (relative to ``root``)."""
    return bool(plumbing.run(root, ["ls-files", "--", f":(literal){name}"]).strip())


LINK_MODE = "120000"
"""A tree entry's mode for a symbolic link: its blob is the path it leads to."""


def read_at(root: Path, commit: str, names: Sequence[str]) -> dict[str, tuple[str, bytes]]:
    """Each of ``names`` (relative to ``root``) that ``commit`` has -> the path read and its
    content: a symbolic link's target (within ``root``), as the work tree would read it. One
    ``ls-tree`` for the modes and one ``cat-file --batch``, and one more when there are links;
    `InputError` for a link that leads out of ``root``."""
    modes = _modes(root, commit, names)
    blobs = plumbing.read_blobs(root, [_at(commit, name) for name in names])
    read = {name: (name, blobs[_at(commit, name)]) for name in names if _at(commit, name) in blobs}
    links = {
        name: _target(name, data, commit)
        for name, (_, data) in read.items()
        if modes.get(name) == LINK_MODE
    }
    targets = plumbing.read_blobs(root, [_at(commit, target) for target in links.values()])
    for name, target in links.items():
        if _at(commit, target) in targets:
            read[name] = (target, targets[_at(commit, target)])
        else:
            del read[name]  # a dangling link: as if the file were not there
    return read


def _at(commit: str, name: str) -> str:
    return f"{commit}~0:./{name}"


def _modes(root: Path, commit: str, names: Sequence[str]) -> dict[str, str]:
    """The tree entry mode of each of ``names`` that ``commit`` has (paths from ``root``)."""
    out = plumbing.run(root, ["ls-tree", "-z", commit, "--", *names])
    modes: dict[str, str] = {}
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        info, _, path = entry.partition("\t")
        if path:
            modes[path] = info.split(" ", 1)[0]
    return modes


def _target(name: str, link: bytes, commit: str) -> str:
    """Where the link ``name`` (its blob ``link``) leads, from ``root``; `InputError` when that
    is outside it."""
    text = link.decode("utf-8", "replace")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(name), text))
    if text.startswith("/") or target == ".." or target.startswith("../"):
        raise InputError(
            f"{name} at the base commit {commit[:12]} is a symbolic link to {show(text)}, which "
            "leads out of the repository; make it a file, or a link inside the repository"
        )
    if any(part.casefold() == GIT_FOLDER for part in target.split("/")):
        raise InputError(
            f"{name} at the base commit {commit[:12]} is a symbolic link to {show(text)}, which "
            "leads into git's own folder (.git); make it a file, or a link to a file of the "
            "repository"
        )
    return target
