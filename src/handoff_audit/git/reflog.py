"""HEAD's reflog as a file: the last lines of ``logs/HEAD`` in the work tree's git folder,
read with no git process, for `unbranched`, `rebase_state.left_branch` and `amended_away`."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit.git_folder import git_dirs

_MAX_BYTES = 64 * 1024
"""How much of ``logs/HEAD`` is read, from its end."""


def head_reflog_tail(root: Path) -> list[str]:
    """The lines of HEAD's reflog (``logs/HEAD``) in its last 64 KiB, oldest first, the first
    one possibly cut; none when there is no git folder or no reflog (``core.logAllRefUpdates``
    off) or it cannot be read."""
    folders = git_dirs(os.path.realpath(root))
    if not folders:
        return []
    path = os.path.join(folders[0], "logs", "HEAD")
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.path.getsize(path) - _MAX_BYTES))
            return handle.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return []


def amended_away(root: Path, commit: str) -> bool:
    """Whether HEAD's reflog (its last 64 KiB) says ``git commit --amend`` replaced ``commit``
    (a full id): an entry ``commit (amend): ...`` whose old id is it."""
    return any(
        line.startswith(f"{commit} ") and line.partition("\t")[2].startswith("commit (amend):")
        for line in head_reflog_tail(root)
    )


def checked_out_at(root: Path, when: float, branch: str) -> tuple[str, ...]:
    """The branch HEAD's reflog says was checked out at the time ``when`` (a file's time):
    one name; two, the one before and the one after, when a checkout falls in the same second
    (the reflog keeps whole seconds); ``branch`` (the one checked out now) when HEAD moved to
    no other since the reflog's first entry; none when it cannot tell (no reflog, ``when``
    before its first entry, HEAD detached by a rebase)."""
    moves: list[tuple[float, str, str]] = []
    start: float | None = None
    for line in head_reflog_tail(root):
        head, _, message = line.partition("\t")
        fields = head.split(" ")
        if len(fields) < 2 or not fields[-2].isdigit():
            continue
        at = float(fields[-2])
        start = at if start is None else start
        now = moves[-1][2] if moves else None
        if message.startswith("checkout: moving from "):
            before, _, after = message.removeprefix("checkout: moving from ").partition(" to ")
            moves.append((at, before, after))
        elif ": returning to refs/heads/" in message:  # a rebase's end, `pull --rebase`'s too
            moves.append((at, "", message.rpartition("refs/heads/")[2]))
        elif "(start): checkout " in message:  # a rebase detaches HEAD until its end
            moves.append((at, now or branch, ""))
    if start is None or when < start:
        return ()
    owner: tuple[str, ...] = (moves[0][1] if moves else branch,)
    for at, before, after in moves:
        if when < at:
            break
        owner = (after,) if when >= at + 1 else (before, after)
    return tuple(name for name in owner if name)
