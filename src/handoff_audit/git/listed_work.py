"""Which files a commit changed that a packet's ``changed_files`` does not cover: the work
amended into the packet's commit that the packet does not describe (`packet-outdated`).

An entry covers the file it names (``./`` left out), every file under a folder it names
(``src/`` or ``src``), and, written as a glob (``src/**/*.py``), the files it matches. A file
the commit renamed is covered when its new name is (or its old one): git lists a rename as
the old name deleted and the new one added, and a packet names the file as it is now. Git runs
only when some file is not covered otherwise: one ``git log -1 -M --name-status``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from handoff_audit import globs
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing


def covers(entries: Iterable[str], path: str) -> bool:
    """Whether one of the ``changed_files`` ``entries`` names ``path`` (relative to the
    repository root), a folder holding it, or a glob that matches it."""
    for entry in entries:
        named = entry.strip().removeprefix("./")
        folder = named.rstrip("/")
        if folder and (path == folder or path.startswith(folder + "/")):
            return True
        if any(c in named for c in "*?[") and globs.problem(named) is None:
            try:
                if globs.matches(path, named):
                    return True
            except (InputError, ValueError):  # a glob that cannot be read names nothing
                continue
    return False


def unlisted(
    root: Path, sha: str, files: Sequence[str], listed: Iterable[str], prefix: str = ""
) -> tuple[str, ...]:
    """The ``files`` commit ``sha`` changed (relative to the audited folder ``prefix`` of the
    repository) that the ``listed`` ``changed_files`` do not cover (`covers`); a renamed file is
    covered by either of its names."""
    entries = [entry for entry in listed if isinstance(entry, str)]

    def covered(path: str) -> bool:
        return covers(entries, path) or covers(entries, prefix + path)

    left = [path for path in files if not covered(path)]
    if not left:
        return ()
    renamed = _renames(root, sha)
    return tuple(
        path
        for path in left
        if not (other := renamed.get(prefix + path)) or not covered(other.removeprefix(prefix))
    )


def _renames(root: Path, sha: str) -> dict[str, str]:
    """Each name commit ``sha`` renamed (against its first parent), paired both ways with the
    other name; empty when git cannot tell."""
    if not plumbing.is_commit_id(sha):
        return {}
    args = ["log", "-1", "-z", "--format=", "-M", "--name-status", "--no-ext-diff"]
    args += ["--no-textconv", "--diff-merges=first-parent", sha, "--"]
    try:
        fields = plumbing.run(root, args).decode("utf-8", "surrogateescape").split("\0")
    except plumbing.GitError:
        return {}
    pairs: dict[str, str] = {}
    at = 0
    while at < len(fields):
        status = fields[at].strip()
        if status[:1] in ("R", "C") and at + 2 < len(fields):
            old, new = fields[at + 1], fields[at + 2]
            if status[:1] == "R":
                pairs[old], pairs[new] = new, old
            at += 3
        else:
            at += 2
    return pairs
