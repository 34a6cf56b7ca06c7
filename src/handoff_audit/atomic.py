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


__all__ = ["replace_file"]
