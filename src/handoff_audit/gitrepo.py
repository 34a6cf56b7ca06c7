"""The only module that runs git. Every call is an argument list (never a shell), paths come
after ``--``, and the number of git processes in an audit does not grow with the number of
packets."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path


def list_files(root: Path, paths: Sequence[str] = ()) -> list[str] | None:
    """Tracked and untracked-but-not-ignored files under ``paths`` (relative to ``root``), in one
    git call; ``None`` when git cannot answer (not installed, not a repository, unsafe owner)."""
    try:
        done = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *paths],
            cwd=root,
            capture_output=True,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except OSError:
        return None
    if done.returncode != 0:
        return None
    names = done.stdout.decode("utf-8", "surrogateescape").split("\0")
    return sorted({name for name in names if name})
