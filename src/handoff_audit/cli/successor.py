"""`supersede --by`: the successor as the packet's ``superseded_by`` stores it, "path or topic of
the successor". A value that looks like a path names an existing file, found as PACKET is
(`markdown_argument.from_root`: the current folder first, then the repository root), and is
stored from the repository root with ``/``; any other value is a topic, kept as given (its packet
may not exist yet: supersede, then `new`)."""

from __future__ import annotations

import os
from pathlib import Path

from handoff_audit import shell
from handoff_audit.cli.markdown_argument import from_root
from handoff_audit.errors import InputError

_PATH_SUFFIXES = (".json", ".md")


def looks_like_path(value: str) -> bool:
    """A value with a folder in it, or a packet's or twin's file name."""
    return "/" in value or os.sep in value or value.lower().endswith(_PATH_SUFFIXES)


def successor_value(value: str, packet: Path) -> str:
    """``value`` as ``superseded_by`` stores it in ``packet``: a topic as given, a path from
    the root of ``packet``'s repository; `InputError` for a path that names no file there."""
    if not looks_like_path(value):
        return value
    # start-up: discovery is imported only when --by names a path
    from handoff_audit.engine.discovery import absolute, find_root

    found = from_root(Path(value))
    topic = "or its topic (a word without a slash, when its packet is still to be written)"
    if not found.is_file() or value.endswith(("/", os.sep)):  # Path drops a trailing slash
        what = "is a folder" if found.is_dir() else "names no file"
        raise InputError(
            f"supersede --by {shell.quote(value)}: {what}, from the current folder or the "
            f"repository root; give the path of the successor packet (`handoff-audit new` "
            f"writes it), {topic}"
        )
    root = find_root((absolute(packet),))
    relative = Path(os.path.relpath(absolute(found), root.resolve()))
    if relative.parts[:1] == ("..",):
        raise InputError(
            f"supersede --by {shell.quote(value)}: the file is outside the repository of "
            f"{packet} ({root}); give the successor packet in it, {topic}"
        )
    return relative.as_posix()


__all__ = ["looks_like_path", "successor_value"]
