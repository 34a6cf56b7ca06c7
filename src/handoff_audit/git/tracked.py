"""Which files git tracks: a link the audit would follow must lead to one.

A committed link ``HANDOFF.md -> .env`` leads to whatever an earlier workflow step or the
developer wrote there, which is not the repository's content; reading it would quote it in a
report, a pull request's comment or an agent's context. So a link is followed only to a file in
git's index. Plain untracked files are no concern here: a user's uncommitted ``HANDOFF.md`` is
still audited.

The answer comes from the listing discovery already makes (`remember`, one ``git ls-files``
for the audited folders); a link that leads elsewhere asks git once, for that path. Answers are
kept per repository for as long as git's index is unchanged, so a later ``git add`` is seen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit.git import plumbing
from handoff_audit.git_folder import git_dirs


@dataclass(slots=True)
class _Known:
    index: tuple[int, int, int] | None
    """The index file's (inode, size, modification time) when the answers were made."""
    folders: tuple[str, ...] = ()
    """The folders (relative to the root, ``""`` for all) whose tracked files are `names`."""
    names: frozenset[str] = frozenset()
    asked: dict[str, bool] = field(default_factory=dict)
    """Paths outside `folders` -> whether git tracks them, asked one at a time."""


_KNOWN: dict[str, _Known] = {}


def remember(real_root: str, folders: list[str], tracked: frozenset[str]) -> None:
    """Keep ``tracked``, the files git tracks under ``folders`` of the repository at
    ``real_root`` (relative to it), as listed by discovery."""
    _KNOWN[real_root] = _Known(_index_stamp(real_root), tuple(folders), tracked)


def listed(real_root: str) -> frozenset[str]:
    """The files git tracks in the whole repository at ``real_root``, as discovery listed them
    (`remember`); empty when its listing covered less, or none was made."""
    known = _KNOWN.get(real_root)
    return known.names if known is not None and "" in known.folders else frozenset()


def is_tracked(real_root: str, target: str) -> bool | None:
    """Whether git tracks the resolved path ``target`` inside the repository at the resolved
    ``real_root``; None when git cannot tell (not a repository, git missing)."""
    if not os.path.lexists(os.path.join(real_root, ".git")):
        return None
    name = os.path.relpath(target, real_root).replace(os.sep, "/")
    stamp = _index_stamp(real_root)
    known = _KNOWN.get(real_root)
    if known is None or known.index != stamp:
        known = _KNOWN[real_root] = _Known(stamp)
    if any(
        not folder or name == folder or name.startswith(folder + "/") for folder in known.folders
    ):
        return name in known.names or _holds_tracked(known.names, name + "/")
    answer = known.asked.get(name)
    if answer is None:
        try:
            out = plumbing.run(Path(real_root), ["ls-files", "-z", "--", f":(literal){name}"])
        except plumbing.GitError:
            return None
        answer = known.asked[name] = bool(out.strip(b"\0"))
    return answer


def _holds_tracked(names: frozenset[str], folder: str) -> bool:
    """Whether a tracked file lies under ``folder`` (a link to a folder git tracks files in:
    reading refuses it as a folder)."""
    return any(name.startswith(folder) for name in names)


def _index_stamp(real_root: str) -> tuple[int, int, int] | None:
    folders = git_dirs(real_root)
    if not folders:
        return None
    try:
        info = os.stat(os.path.join(folders[0], "index"))
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)
