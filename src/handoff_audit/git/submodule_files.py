"""A file inside a git submodule as a given commit of the superproject has it: the superproject
tracks only the submodule's commit (its gitlink), so the file's content is decided by whichever
commit that is. For the action's merge gate, whose ``config`` input may name such a file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from handoff_audit.git import commit_files, plumbing

GITLINK_MODE = "160000"
"""A tree or index entry's mode for a submodule: its id is the submodule's commit."""


@dataclass(frozen=True, slots=True)
class InSubmodule:
    """``name`` lies in the submodule at ``folder`` (both relative to the superproject)."""

    folder: str
    rest: str
    """The file's path inside the submodule."""
    commit: str | None
    """The submodule commit the superproject's commit records; ``None`` when it has none."""


def submodule_of(root: Path, commit: str, name: str) -> InSubmodule | None:
    """The submodule holding ``name`` (relative to ``root``) when the checkout's index or
    ``commit`` records a submodule at a folder on its way; ``None`` otherwise."""
    parts = name.split("/")
    folders = ["/".join(parts[:n]) for n in range(1, len(parts))]
    if not folders:
        return None
    indexed = _index_gitlinks(root, folders)
    for n, folder in enumerate(folders, start=1):
        recorded = _gitlink_at(root, commit, folder)
        if recorded is not None or folder in indexed:
            return InSubmodule(folder, "/".join(parts[n:]), recorded)
    return None


def read_in_submodule(root: Path, found: InSubmodule) -> bytes | None:
    """The file's content at the recorded submodule commit, read from the submodule's own
    checkout; ``None`` when there is none (not checked out, commit not in it, no such file)."""
    if found.commit is None:
        return None
    folder = root / found.folder
    try:
        top = plumbing.run(folder, ["rev-parse", "--show-toplevel"]).decode().strip()
        if Path(top).resolve() != folder.resolve():  # no checkout: git found the superproject
            return None
        if plumbing.resolve(folder, [found.commit]).get(found.commit) is None:
            return None
        read = commit_files.read_at(folder, found.commit, [found.rest])
    except (plumbing.GitError, OSError, UnicodeDecodeError):
        return None
    return read[found.rest][1] if found.rest in read else None


def _index_gitlinks(root: Path, folders: list[str]) -> set[str]:
    out = plumbing.run(root, ["ls-files", "-s", "-z", "--", *(f":(literal){f}" for f in folders)])
    gitlinks = set()
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        info, _, path = entry.partition("\t")
        if info.split(" ")[0] == GITLINK_MODE and path in folders:
            gitlinks.add(path)
    return gitlinks


def _gitlink_at(root: Path, commit: str, folder: str) -> str | None:
    """The submodule commit ``commit`` records at ``folder``; ``None`` for anything else."""
    try:
        out = plumbing.run(root, ["ls-tree", "-z", commit, "--", f":(literal){folder}"])
    except plumbing.GitError:
        return None
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        info, _, path = entry.partition("\t")
        fields = info.split(" ")
        if path == folder and len(fields) == 3 and fields[0] == GITLINK_MODE:
            return fields[2]
    return None
