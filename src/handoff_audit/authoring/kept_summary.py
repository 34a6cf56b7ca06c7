"""`update` without ``--summary`` keeps the packet's summary (README: "everything else is
kept"), which says what an earlier session did: the note that says whose session it was, so that
the next session does not read it as this one's."""

from __future__ import annotations

from pathlib import Path

from handoff_audit import jsonpos
from handoff_audit.git import plumbing

_WALKED = 50
"""The packet's last commits looked at for the one that wrote its summary."""


def kept_summary_note(root: Path, packet: Path, summary: object) -> str | None:
    """The note for an `update` that kept ``summary``, the packet ``packet``'s: the date and
    commit that wrote it, the oldest of the packet's last `_WALKED` commits holding it since;
    ``None`` when its last commit does not hold it (this session wrote it and has not committed
    it yet), or git cannot tell. Two git processes."""
    if not isinstance(summary, str) or not summary.strip():
        return None
    try:
        name = packet.relative_to(root).as_posix()
        log = plumbing.run(root, ["log", f"-{_WALKED}", "--format=%H %cs", "--", name])
        commits = [line.split(" ", 1) for line in log.decode("utf-8", "replace").splitlines()]
        blobs = plumbing.read_blobs(root, [f"{sha}~0:{name}" for sha, _ in commits])
    except (plumbing.GitError, ValueError):
        return None
    written = None
    for sha, day in commits:
        if _summary(blobs.get(f"{sha}~0:{name}")) != summary:
            break
        written = (sha, day)
    if written is None:
        return None
    return (
        f"note: summary kept from the session of {written[1]} (commit {written[0][:7]}); pass "
        '--summary "…" to say what this session did'
    )


def _summary(blob: bytes | None) -> object:
    try:
        data = jsonpos.loads(blob or b"")
    except ValueError:
        return None
    return data.get("summary") if isinstance(data, dict) else None


__all__ = ["kept_summary_note"]
