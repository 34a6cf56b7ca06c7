"""A series' text pointer: a file of a series whose whole content is the name (or a relative
path) of another file of its folder, ``.claude/handoffs/LATEST.md`` holding
``handoff-0073-2026-08-22-1044-the-run-landed.md`` (a ``latest.md`` link as git writes it on a
checkout without symbolic links, or kept so on purpose). It is no handoff: discovery orders the
series without it, so the file it names, or a newer one written since, is the current handoff,
and never judges it. When it names a file that is not there, or one older than the series'
current file, `stale_pointers` says so in one line with the command that re-points it.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

from handoff_audit import shell

MAX_POINTER_BYTES = 512
"""A file larger than this is read as a handoff, never as a pointer: a name is short."""


def pointer_target(root: Path, name: str) -> tuple[str, str] | None:
    """The file (from the root, with ``/``) that ``name``, a file of a series, names as its
    whole content, with that content as written; ``None`` when ``name`` is no text pointer: not a
    small regular file, not UTF-8, more than one line, or no ``.md`` name of its own folder
    (``handoff-0073.md``, ``./handoff-0073.md``, or the path from the root) but itself."""
    try:
        info = os.lstat(root / name)
        if not stat.S_ISREG(info.st_mode) or not 0 < info.st_size <= MAX_POINTER_BYTES:
            return None
        text = (root / name).read_bytes().decode("utf-8").strip().removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError):
        return None
    if not text or "\n" in text or "\r" in text or not text.lower().endswith(".md"):
        return None
    folder = name.rpartition("/")[0]
    for start in (folder, ""):
        target = posixpath.normpath(posixpath.join(start, text))
        if target.rpartition("/")[0] == folder and target != name and ".." not in text:
            return target, text
    return None


def without_pointers(root: Path, names: list[str]) -> tuple[list[str], dict[str, str]]:
    """``names`` (one series) without its text pointers, and each pointer -> the file it names
    (both from the root)."""
    pointers = {n: found[0] for n in names if (found := pointer_target(root, n)) is not None}
    return [n for n in names if n not in pointers], pointers


def stale_pointers(root: Path, pointers: Mapping[str, str], currents: Iterable[str]) -> list[str]:
    """The line for each pointer (-> the file it names) that names a file that is not there, or
    another one than its series' current file (one of ``currents``, from the root): the pointer,
    what it names, the current file, and the command that points it there."""
    newest = {current.rpartition("/")[0]: current for current in currents}
    lines = []
    for pointer, target in sorted(pointers.items()):
        current = newest.get(pointer.rpartition("/")[0])
        if current is None or current == target:
            continue
        there = os.path.lexists(root / target)
        named = f"{target}, which is not there" if not there else f"{target}, an older handoff"
        lines.append(
            f"{pointer} names {named}; the current handoff of its series is {current}, and the "
            f"pointer itself is not judged: point it there (`{repoint(root, pointer, current)}`) "
            "and commit it"
        )
    return lines


def repoint(root: Path, pointer: str, current: str) -> str:
    """The command that writes ``current``'s name into ``pointer`` as the pointer writes names
    (``./``, or the path from the root, kept) and stages it, from any folder of the work tree."""
    found = pointer_target(root, pointer)
    base = current.rpartition("/")[2]
    written = base
    if found is not None:
        old_target, text = found
        old_base = old_target.rpartition("/")[2]
        if text.endswith(old_base):
            written = text[: len(text) - len(old_base)] + base
    shown = shell.quote_path(pointer)
    return (
        f"(cd {shell.top_folder()} && printf '%s\\n' {shell.quote(written)} > {shown} "
        f"&& git add -- {shown})"
    )


def folder_pointer(root: Path, folder: str) -> str | None:
    """The first text pointer of ``folder`` (from the root) by name, to a file that is there or
    not; ``None`` without one."""
    try:
        with os.scandir(root / folder) as entries:
            names = sorted(e.name for e in entries if e.name.lower().endswith(".md"))
    except OSError:
        return None
    paths = (f"{folder}/{name}" if folder else name for name in names)
    return next((path for path in paths if pointer_target(root, path) is not None), None)
