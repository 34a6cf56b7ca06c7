"""A series' live-name link: a ``latest.md`` or ``current.md`` (`series_names.name_says`) that is
a symbolic link to another file of its folder (``latest.md -> 2026-04-22-phase-1.md``) is that
file under a second name, not a handoff of its own. Discovery orders the series without it, so
its target, or a newer file written since, is the current handoff; the Stop hook's fix for a new
file of the series re-points it (`link_fix`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from handoff_audit.credentials import redact
from handoff_audit.engine.series_order import newest_first
from handoff_audit.engine.series_pointers import (
    folder_pointer,
    pointer_target,
    repoint,
    stale_pointers,
)
from handoff_audit.model.series_names import name_says
from handoff_audit.shell import quote, quote_path, top_folder


def alias_target(root: Path, name: str) -> str | None:
    """The file (from the root, with ``/``) that ``name``, a live-name link, points at in its
    own folder; ``None`` when ``name`` is no such link."""
    if name_says(name) != 1:
        return None
    try:
        target = os.readlink(root / name)
    except (OSError, ValueError):
        return None
    if not target or "/" in target or "\\" in target or target in (".", ".."):
        return None
    folder = name.rpartition("/")[0]
    return f"{folder}/{target}" if folder else target


def without_aliases(root: Path, names: list[str]) -> list[str]:
    """``names`` (one series) without the live-name links to another of them."""
    members = set(names)
    return [n for n in names if (t := alias_target(root, n)) is None or t not in members]


def series_link(root: Path, folder: str) -> str | None:
    """The live-name link in ``folder`` (from the root), pointing into it; ``None`` without
    one."""
    try:
        with os.scandir(root / folder) as entries:
            links = sorted(e.name for e in entries if e.is_symlink() and name_says(e.name) == 1)
    except OSError:
        return None
    named = (f"{folder}/{link}" if folder else link for link in links)
    return next((n for n in named if alias_target(root, n) is not None), None)


def link_fix(root: Path, written: str, path_of: Callable[[str], str]) -> str:
    """The words that re-point the series' live-name link at ``written`` (a new file of the
    series, from the root), else its text pointer (`series_pointers`: ``LATEST.md`` holding a
    file's name), or ``""`` when its folder keeps neither. ``path_of`` gives a repository path
    as the agent's folder sees it, quoted for a shell."""
    folder = written.rpartition("/")[0]
    link = series_link(root, folder)
    if link is None:
        pointer = folder_pointer(root, folder)
        if pointer is None:
            return ""
        return f", and write its name into {path_of(pointer)}: `{repoint(root, pointer, written)}`"
    return f", and point {path_of(link)} at it: `{relink(link, written, path_of)}`"


def relink(link: str, written: str, path_of: Callable[[str], str]) -> str:
    """The command that points the live-name ``link`` at ``written``, a file of its folder
    (both from the root), and stages it."""
    shown = path_of(link)
    return f"ln -sfn {quote(written.rpartition('/')[2])} {shown} && git add -- {shown}"


def stale_link(
    root: Path, series: Sequence[tuple[str, Sequence[str]]], changed: Collection[str]
) -> tuple[str, str] | None:
    """Of the ``series`` (each current file with its older ones), the first whose current file
    is its live-name link, pointing at a file outside the series (one git ignores), while the
    branch ``changed`` a newer file of its folder: the link and the newest such file."""
    for current, history in series:
        target = alias_target(root, current)
        if target is None:
            continue
        folder = current.rpartition("/")[0]
        mine = [f for f in history if f in changed and f.rpartition("/")[0] == folder]
        newest = newest_first([*mine, target], {})[0] if mine else target
        if newest != target:
            return current, newest
    return None


def stale_alias(root: Path, current: str) -> str | None:
    """The line that says the live-name link or text pointer of the folder of ``current``, its
    series' current file (from the root), names another file, an older one or one that is
    not there, with the command that re-points it, as `check` says it of a text pointer
    (`series_pointers.stale_pointers`), redacted but for the files it names; ``None`` when it
    names ``current`` or there is none."""
    folder = current.rpartition("/")[0]
    link = series_link(root, folder)
    target = alias_target(root, link) if link is not None else None
    if link is not None and target is not None and target != current:
        named = "an older handoff" if os.path.lexists(root / target) else "which is not there"
        command = f"(cd {top_folder()} && {relink(link, current, quote_path)})"
        return redact(
            f"{link} points at {target}, {named}; the current handoff of its series is "
            f"{current}: point it there (`{command}`) and commit it",
            (link, target, current),
        )
    pointer = folder_pointer(root, folder)
    found = pointer_target(root, pointer) if pointer is not None else None
    if pointer is None or found is None:
        return None
    line = next(iter(stale_pointers(root, {pointer: found[0]}, [current])), None)
    return redact(line, (pointer, found[0], current)) if line else None
