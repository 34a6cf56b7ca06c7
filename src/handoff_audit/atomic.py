"""The one atomic file write: a reader sees the old file or the new one, never half of either."""

from __future__ import annotations

import errno
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
        own = os.lstat(path).st_mode  # a link's target lends it no mode (an exec bit)
    except OSError:
        own = 0
    keep = stat.S_IMODE(own) if stat.S_ISREG(own) else None
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
    """Write a report to ``path`` as a user named it (`check --output`).

    A regular file, a new one, or a link whose final target is a regular file or nothing is
    replaced atomically by a regular file (`replace_file`): the link itself, never its target,
    so a link committed in a repository (to ``HANDOFF.md``, ``.git/config`` or a file outside
    it) cannot make the report overwrite that file. A FIFO or a character device, or a link to
    one, is written into, as ``>`` does (a reader waiting on a pipe, ``/dev/stdout``). A link
    to a block device or a folder is refused. Raises `OSError`.
    """
    try:
        mode: int | None = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is None or stat.S_ISREG(mode):
        replace_file(path, data)
        return
    through = stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)
    if not through and (os.path.islink(path) or stat.S_ISDIR(mode)):
        raise OSError(errno.EISDIR, "not a file, a pipe or a character device: name a report file")
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


__all__ = ["replace_file", "write_output"]
