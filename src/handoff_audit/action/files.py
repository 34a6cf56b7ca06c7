"""Writing the runner's file commands (step outputs, job summary) and leaving the workspace as
the runner's user owns it."""

from __future__ import annotations

import os
import uuid
from collections.abc import Mapping
from pathlib import Path

SUMMARY_LIMIT = 1024 * 1024
"""The runner rejects (and does not show) a job summary file larger than this many bytes."""


def write_outputs(path: Path, values: Mapping[str, str]) -> None:
    """Append ``NAME<<DELIMITER`` blocks, each with a fresh random delimiter (LF only)."""
    with path.open("a", encoding="utf-8", newline="\n") as file:
        for name, value in values.items():
            delimiter = f"ghadelimiter_{uuid.uuid4()}"
            while delimiter in value:  # pragma: no cover - a uuid4 collision
                delimiter = f"ghadelimiter_{uuid.uuid4()}"
            file.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def append_summary(path: Path, markdown: str) -> bool:
    """Append to the job summary unless the file would pass the runner's limit; True if written."""
    used = path.stat().st_size if path.exists() else 0
    data = markdown.encode("utf-8")
    if used + len(data) > SUMMARY_LIMIT:
        return False
    with path.open("ab") as file:
        file.write(data)
    return True


def give_back_cache(cache: Path, home: Path | None, since: float) -> int:
    """Hand the schema cache (``cache``: ``.../handoff-audit/schemas``) back like the workspace:
    to ``home``'s owner when it is under ``home`` (``~/.cache`` may be new too), else to the
    owner of the cache's base folder (``$XDG_CACHE_HOME``)."""
    base = cache.parent.parent
    if home is not None and base != home and base.is_relative_to(home):
        return give_back(home, since, base.relative_to(home).parts[0])
    return give_back(base, since, cache.parent.name)


def give_back(folder: Path, since: float, inside: str = ".git") -> int:
    """Hand what this root process wrote under ``folder/inside`` (a repository's ``.git``, the
    home's ``.gitconfig``) back to ``folder``'s owner, so that later steps, which run as the
    runner's user, can still write there.

    Only files changed after ``since`` (a timestamp) are looked at. Returns how many changed owner.
    """
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return 0
    try:
        owner = folder.stat()
    except OSError:
        return 0
    if owner.st_uid == 0:
        return 0
    top = folder / inside
    paths = [top]
    for parent, dirs, files in os.walk(top):
        paths.extend(Path(parent, name) for name in [*dirs, *files])
    changed = 0
    for target in paths:
        try:
            info = target.lstat()
            # A second of margin: some file systems keep whole-second times.
            if info.st_uid == 0 and max(info.st_mtime, info.st_ctime) >= since - 1:
                os.chown(target, owner.st_uid, owner.st_gid, follow_symlinks=False)
                changed += 1
        except OSError:
            continue
    return changed
