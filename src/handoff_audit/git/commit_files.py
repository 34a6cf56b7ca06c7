"""Files as a given commit has them, for the action's merge gate on a pull request (the base
commit's configuration): the commit fetched when the clone lacks it, whether git tracks a file,
and the files' content in one ``cat-file --batch``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from handoff_audit.git import plumbing

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
    for remote in plumbing.remotes(root)[:1]:
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


def read_at(root: Path, commit: str, names: Sequence[str]) -> dict[str, bytes]:
    """The content of each of ``names`` (relative to ``root``) that ``commit`` has."""
    blobs = plumbing.read_blobs(root, [f"{commit}~0:./{name}" for name in names])
    return {
        name: blobs[f"{commit}~0:./{name}"] for name in names if f"{commit}~0:./{name}" in blobs
    }
