"""The one atomic file write: a reader sees the old file or the new one, never half of either."""

from __future__ import annotations

import os
import stat
from pathlib import Path

_ATTEMPTS = 8
"""Temporary names tried before giving up (each is random; a clash means another writer)."""


def replace_file(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``.

    An existing file keeps its permissions; a new one gets the usual ones (0666 less the umask,
    applied by the system when the temporary file is created). Raises `OSError`; the temporary
    file never outlives a failure.
    """
    try:
        keep: int | None = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        keep = None
    for attempt in range(_ATTEMPTS):
        temp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            if attempt == _ATTEMPTS - 1:
                raise
            continue
        break
    try:
        with os.fdopen(fd, "wb") as handle:
            if keep is not None:
                os.fchmod(handle.fileno(), keep)
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_output(path: Path, data: bytes) -> None:
    """Write a report to ``path`` as a user named it (`check --output`): a regular file, or a
    new one, is replaced atomically (`replace_file`), through a link to it, so that the link
    stays a link; a FIFO, a device or a link to one is written into, as ``>`` does, and never
    replaced by a regular file (a reader waiting on a pipe, ``/dev/stdout``). Raises `OSError`.
    """
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is None or stat.S_ISREG(mode):
        replace_file(target, data)
        return
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


__all__ = ["replace_file", "write_output"]
