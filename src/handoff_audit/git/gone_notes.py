"""The working notes a branch deleted or moved away, for `later_work.note_scopes`: a package's
note (``packages/web/HANDOFF.md``) speaks for its own folder while another package's note of
its name (``packages/api/HANDOFF.md``) is there, and still after the branch finished that one
and deleted it, as the merge gate asks; else the other package's later work would outdate it.
One git process, only for a note below the root, in a folder of work, with no namesake now."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.git.later_work import lone_notes, note_scopes, work_folders
from handoff_audit.model.packet import Packet, series_handoff

_GLOB = re.compile(r"([*?\[\\])")


def package_scopes(
    root: Path,
    prefix: str,
    found: tuple[Iterable[Packet], Config],
    span: tuple[Callable[[], str | None], str],
) -> dict[str, str]:
    """`later_work.note_scopes` of the working notes of the hand-written handoffs ``found``
    (with the configuration that names the series, whose files are none) of the repository
    at ``root`` (paths from the audited root, ``prefix`` from the top folder), the namesakes
    the branch deleted counted (`gone_notes`, ``span``)."""
    handoffs, config = found
    notes = [p.path for p in handoffs if not series_handoff(p.path, config)]
    work = work_folders(root)
    return note_scopes(notes, prefix, work, gone_notes(root, prefix, notes, work, span))


def gone_notes(
    root: Path,
    prefix: str,
    notes: Iterable[str],
    holds_work: Callable[[str], bool],
    span: tuple[Callable[[], str | None], str],
) -> list[str]:
    """The notes of the names of ``notes``' lone ones (`later_work.lone_notes`; paths from the
    audited root, ``prefix`` from the top folder) that the branch's own commits deleted or
    moved away and that are not there now, from the audited root; ``span``: the merge
    target's tip, asked only when needed (none: no branch of its own, nothing found), and
    the commit checked."""
    notes = list(notes)
    names = {path.rpartition("/")[2] for path in lone_notes(notes, holds_work)}
    base = span[0]() if names else None
    if base is None:
        return []
    specs = [f":(top,glob,icase){_literal(prefix)}**/{_literal(name)}" for name in names]
    args = ["log", "-z", "--no-renames", "--diff-filter=D", "--name-only", "--format="]
    try:
        out = plumbing.run(root, [*args, f"{base}..{span[1]}", "--", *specs])
    except plumbing.GitError:
        return []
    present = set(notes)
    found = (name.strip("\n") for name in out.decode("utf-8", "surrogateescape").split("\0"))
    gone = {path.removeprefix(prefix) for path in found if path.startswith(prefix)}
    return sorted(path for path in gone if path and path not in present)


def _literal(text: str) -> str:
    """``text`` as a glob pathspec matches it: its wildcards escaped."""
    return _GLOB.sub(r"\\\1", text)
