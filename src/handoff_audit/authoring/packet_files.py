"""Reading a packet file for the commands that change it, and writing files atomically.

Reading is strict and never ends in a traceback: a missing file, a folder, a FIFO, bytes that are
not UTF-8, text that is not JSON, JSON that is not an object all become an `InputError` naming
the file. Writing goes through a temporary file in the same folder and a rename, so a crash or a
full disk leaves the old file whole, never half a file.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from handoff_audit.errors import InputError
from handoff_audit.jsonpos import json_type

MAX_BYTES = 1024 * 1024
"""Packets larger than this are refused (the audit's default ``max-file-bytes``)."""


def read_packet(path: Path, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The JSON object in ``path``; `InputError` with the file's name and the fix otherwise.

    ``max_bytes`` is the configuration's ``max-file-bytes``."""
    from handoff_audit.jsonpos import JsonPositionError, parse

    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as error:
        raise InputError(f"{path}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{path}: not a regular file; give the path of a handoff JSON file")
    if info.st_size > max_bytes:
        raise InputError(
            f"{path}: {info.st_size} bytes, more than {max_bytes} (max-file-bytes); not a packet"
        )
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: not UTF-8 (byte {error.start}); save it as UTF-8") from None
    except OSError as error:
        raise InputError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        value = parse(text.removeprefix("\ufeff")).value
    except JsonPositionError as error:
        raise InputError(
            f"{path}:{error.line}:{error.column}: not valid JSON: {error.reason}; "
            "fix it, or write a new packet with `handoff-audit new`"
        ) from None
    if not isinstance(value, dict):
        raise InputError(
            f"{path}: holds a JSON {json_type(value)}, not a "
            "packet; a packet is a JSON object ({...}) with the fields of `handoff-audit schema`"
        )
    return value


PACKET_KEYS = ("branch", "status")
"""The fields that make a JSON object a handoff packet rather than some other JSON file."""


def is_packet(data: object) -> bool:
    """True for a JSON object with the packet's identifying fields (`PACKET_KEYS`)."""
    return isinstance(data, dict) and all(key in data for key in PACKET_KEYS)


def read_known_packet(path: Path, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """`read_packet`, refusing a JSON object that is not a packet (``package.json``, say), so
    that no command rewrites a file that is not a handoff."""
    data = read_packet(path, max_bytes)
    if not is_packet(data):
        missing = [f'"{key}"' for key in PACKET_KEYS if key not in data]
        fields = f"{' or '.join(missing)} field{'s' if len(missing) > 1 else ''}"
        raise InputError(
            f"{path}: not a handoff packet (no {fields}); nothing was changed. Give the "
            "path of a packet written by `handoff-audit new`"
        )
    return data


def packet_text(data: dict[str, Any]) -> str:
    """A packet as the file ``new``, ``supersede`` and ``archive`` write: 2-space JSON, UTF-8."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def twin_of(packet: Path) -> Path:
    """The markdown twin of a JSON packet: same folder, same stem, ``.md``."""
    return packet.with_suffix(".md")


def write_atomic(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` by rename; ``False`` (nothing written) when it is already so.

    The file keeps its permissions; a new one gets the usual ones (0666 minus the umask).
    """
    data = text.encode("utf-8")
    try:
        if path.is_file() and path.read_bytes() == data:
            return False
    except OSError:
        pass
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temp, mode)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error})") from None
    return True
