"""How a message names a file for the person who ran the command: from the current folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_FOLDER: ContextVar[Path | None] = ContextVar("names_from", default=None)
"""The folder `from_cwd` names files from (`names_from`); ``None``: the current folder."""


def from_cwd(path: Path) -> str:
    """``path`` as written from the current folder, with ``/``: ``handoff.json`` in it,
    ``../.handoff-audit.yml`` from a subfolder of the repository, ``repo/HANDOFF.md`` from
    above it; absolute when no relative path leads there (another drive) or the current folder
    is gone.

    The file is named as found (a link by its own name, not its target's); the folders are
    resolved, so that a linked folder (``/tmp`` on macOS) does not lead the path through ``..``
    steps that exist nowhere. Within `names_from`, from its folder instead."""
    return from_folder(path, _FOLDER.get())


@contextmanager
def names_from(folder: Path) -> Iterator[None]:
    """`from_cwd` names files from ``folder`` within: the Stop hook's event's folder, where the
    agent runs the fixes, which the hook's own process need not share."""
    token = _FOLDER.set(folder)
    try:
        yield
    finally:
        _FOLDER.reset(token)


def from_folder(path: Path, folder: Path | None) -> str:
    """`from_cwd` from ``folder`` (``None``: the current folder): the folder a person or an
    agent runs the printed command from, which the Stop hook's event names."""
    try:
        base = (folder or Path.cwd()).resolve()
        found = path.parent.resolve() / path.name
    except (OSError, RuntimeError):  # the folder was deleted; a loop of links
        return str(path)
    try:
        return Path(os.path.relpath(found, base)).as_posix()
    except ValueError:  # another drive (Windows): no relative path leads there
        return found.as_posix()


def root_from(cwd: Path, root: Path) -> str:
    """The repository root as named from the agent's folder ``cwd`` (``../..``), ``""`` from
    the root itself (`shell.commands_from`)."""
    shown = Path(os.path.relpath(root, cwd)).as_posix()
    return "" if shown == "." else shown


__all__ = ["from_cwd", "from_folder", "names_from", "root_from"]
