"""When a handoff git ignores was last written: no commit holds it, so its file time stands in,
but a file time is what ``touch`` sets, and a note the work moved on after would pass as new
with not a word of it changed. So each reading keeps, in the worktree's git folder
(``handoff-audit/written/``, one small file per handoff, named by a hash of its path), a hash
of the text read and the earliest time that text is known to have been there: its file time
when it was first read so. A later reading of the same text is dated no later than that, however
its file time moved; a changed text starts anew from its file time. The Stop hook, the
``SessionStart`` hook, `show` and `check` read it alike (`engine.local_handoff`,
`kept_packets`), so a note a session began with, or one the hook found outdated, stays so
until its words change. Where no git folder can be written, the file time alone, as before."""

from __future__ import annotations

import hashlib
import os
from contextlib import suppress
from pathlib import Path

from handoff_audit.atomic import replace_file
from handoff_audit.git_folder import git_dirs

_FOLDER = ("handoff-audit", "written")
_READ = 1 << 22
"""Bytes of a handoff read to hash its words (a handoff is far smaller: `max-file-bytes`)."""


def written_at(top: Path, name: str) -> float | None:
    """When ``name`` (from the repository's top folder ``top``), a handoff no commit holds, was
    last written: its file time, or, when its text is the one an earlier reading kept, no later
    than the time kept for it; ``None`` when it cannot be read. Keeps what it read."""
    path = top / name
    try:
        mtime = os.stat(path).st_mtime
        with path.open("rb") as handle:
            words = handle.read(_READ).split()
    except OSError:
        return None
    # Its words alone: a blank line or spaces added change nothing a reader is told.
    text = hashlib.sha256(b" ".join(words)).hexdigest()
    kept = _kept_file(top, name)
    if kept is None:
        return mtime
    held, when = None, mtime
    with suppress(OSError, ValueError, UnicodeDecodeError):
        held, _, said = kept.read_bytes()[:200].decode("ascii").partition(" ")
        when = float(said)
    if held == text and when <= mtime:
        return when
    _keep(kept, text, mtime)
    return mtime


def _keep(kept: Path, text: str, since: float) -> None:
    """Write ``text`` (a hash) and ``since`` into ``kept``, best effort."""
    with suppress(OSError):
        kept.parent.mkdir(parents=True, exist_ok=True)
        replace_file(kept, f"{text} {since!r}\n".encode("ascii"))


def _kept_file(top: Path, name: str) -> Path | None:
    """The file keeping what was read of ``name``; ``None`` without a git folder."""
    folders = git_dirs(os.path.realpath(top))
    if not folders:
        return None
    key = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return Path(folders[0], *_FOLDER, key)
