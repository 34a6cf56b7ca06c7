"""What the Stop hook's fix for a hand-written handoff says on its second line, beside the
command that appends to it: that the file is already longer than `max-lines` (`too-long`), so
the append must trim it too, or a series' next file be written instead; and, for a working note
the merge gate blocks (`block-files`), that appending keeps it current only while the work goes
on, with the finish the gate accepts once it is finished (docs/lifecycle.md, rows 12, 13 and
15): its deletion, or its move into a series, each in a commit."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from handoff_audit import shell
from handoff_audit.authoring.series_pattern import patterned
from handoff_audit.authoring.series_successor import successor
from handoff_audit.config import Config
from handoff_audit.engine.series_order import name_key, newest_first
from handoff_audit.git import plumbing
from handoff_audit.globs import positives
from handoff_audit.model.packet import named_block_file, series_handoff
from handoff_audit.model.series_names import name_says
from handoff_audit.rules.twin import TOO_LONG


@dataclass
class Moves:
    """What the working notes' finishes of one stop share: the destinations the fixes printed
    so far offer (``taken``, never offered again), and the committed markdown files the moves
    are chosen among, listed once a stop (``listed``, `_listed`)."""

    taken: set[str] = field(default_factory=set)
    listed: list[str] | None = None


def second_line(
    root: Path,
    path: str,
    config: Config,
    path_of: Callable[[str], str],
    moves: Moves | None = None,
) -> tuple[bool, tuple[str | None, str | None]]:
    """Whether the hand-written handoff ``path`` is a series' file, and what the fix appending
    to it says after it: `grown_past`, then `gated_finish` (``moves``: what the fixes printed
    before this one offer, which it adds its own to)."""
    series = series_handoff(path, config)
    finish = gated_finish(root, path, config, path_of, moves)
    return series, (grown_past(root, path, config, series), finish)


def joined(*parts: str | None) -> str | None:
    """The ``parts`` said, one after another; ``None`` when none is."""
    return "; ".join(part for part in parts if part) or None


def gated_finish(
    root: Path,
    path: str,
    config: Config,
    path_of: Callable[[str], str],
    moves: Moves | None = None,
) -> str | None:
    """For the working note ``path`` that the merge gate blocks (`block-files`, no series'
    file): that appending to it keeps it current while the work goes on, and the finish the
    gate accepts once the work is finished (docs/lifecycle.md, 15): its move into a series, or
    its deletion, each in a commit. ``None`` for another file; ``path_of`` gives a path from
    the top folder as the agent's folder sees it, quoted; ``moves``: the destinations other
    notes' fixes of this stop offer, never offered again (this one's is added)."""
    if series_handoff(path, config) or not named_block_file(path, config):
        return None
    done = 'git commit -m "handoff: done"'
    said = (
        f"the merge gate blocks {path_of(path)} (`block-files`): this keeps it current while the "
        "work goes on"
    )
    moves = Moves() if moves is None else moves
    moved = _into_series(root, path, config, moves)
    if moved is not None:
        moves.taken.add(moved)
        folder = moved.rpartition("/")[0]
        said += (
            f"; to keep it once the work is finished, move it into a series: `mkdir -p "
            f"{path_of(folder)} && git mv -- {path_of(path)} {path_of(moved)} && {done}`"
        )
    gone = f"git rm {shell.sparse(path)}-- {path_of(path)}"
    return f"{said}; or, when the work is finished: {gone} && {done}"


def grown_past(root: Path, path: str, config: Config, series: bool) -> str | None:
    """For the hand-written handoff ``path`` already longer than ``max-lines`` (what
    `too-long` counts), that a fix appending to it must trim it too; for the current file of a
    ``series`` (not a live one, `name_says`), that the series' next file may be written
    instead. ``None`` when it is not that long, or `too-long` is off."""
    if config.rules.get(TOO_LONG.id, TOO_LONG.default) is None:
        return None
    try:
        with (root / path).open("rb") as handle:
            text = handle.read(config.max_file_bytes + 1)
    except OSError:
        return None
    lines = text.count(b"\n") + (bool(text) and not text.endswith(b"\n"))
    if lines <= config.max_lines:
        return None
    said = (
        f"it is already {lines} lines, more than max-lines {config.max_lines} (`too-long`): "
        "trim it as you add to it, keeping the state, the next step, the decisions and the "
        "pointers, and moving the rest (logs, finished items) into a file it links to"
    )
    if series and name_says(path) != 1:
        folder = path.rpartition("/")[0]
        said += f"; or leave it as it is and write the series' next dated file in {folder}/"
    return said


def _into_series(root: Path, path: str, config: Config, moves: Moves) -> str | None:
    """Where the working note ``path`` moves into a series: the series' own next name where a
    folder ``series`` finds already holds dated or numbered files (``003_session-handoff.md``
    after ``002_api.md``, `series_successor.successor` and `series_pattern.patterned`); else a
    folder ``series`` names literally (``docs/handoffs`` for ``**/docs/handoffs``), under today's
    date and its own name (``docs/handoffs/2026-12-05-session-handoff.md``); ``None`` when no
    such folder takes it. Never a file that is there or one of ``moves.taken`` (`_free`)."""
    if moves.listed is None:
        moves.listed = _listed(root)
    listed, taken = moves.listed, moves.taken
    topic = _topic(path, listed)
    for folder, files in _kept_series(listed, config).items():
        files = [*files, *(name for name in taken if name.rpartition("/")[0] == folder)]
        current = newest_first(files, {})[0]
        named = patterned(current, files)
        # A series named by date alone (`2025-11-20.md`) gets the next date alone, as a
        # numbered one gets its next number (`series_order.next_number`).
        alone = _DATE_ALONE.fullmatch(current.rpartition("/")[2])
        written = f"{folder}/{'' if alone else topic}.{alone[1] if alone else 'md'}"
        moved = (
            named[0].replace("<topic>", topic) if named else successor(root, written, current).path
        )
        if series_handoff(moved, config) and not named_block_file(moved, config):
            return _free(root, moved, taken)
    name = f"{datetime.now(UTC).date().isoformat()}-{topic}.md"
    for glob in positives(config.series):
        folder = glob.removeprefix("**/")
        moved = f"{folder}/{name}"
        if _GLOB.search(folder) is None and series_handoff(moved, config):
            return None if named_block_file(moved, config) else _free(root, moved, taken)
    return None


def _topic(path: str, listed: list[str]) -> str:
    """The topic of the note ``path`` in a series: its name's words, after its own folder's
    name when the repository holds a note of that name in another folder too, so that the
    notes of two packages (``packages/a/NEXT_SESSION.md``, ``packages/b/NEXT_SESSION.md``) keep
    names of their own (``a-next-session``, ``b-next-session``)."""
    home, _, name = path.rpartition("/")
    words = name.rpartition(".")[0] or name
    twins = (other for other in listed if other != path and other.rpartition("/")[0] != home)
    if home and any(other.rpartition("/")[2].lower() == name.lower() for other in twins):
        words = f"{home.rpartition('/')[2]}-{words}"
    return _WORDS.sub("-", words.lower()).strip("-") or "handoff"


def _free(root: Path, moved: str, taken: set[str]) -> str:
    """``moved``, or, when a file is there or another note's fix already offers it
    (``taken``), the same name with a number after its date (or before its extension)."""
    folder, _, name = moved.rpartition("/")
    dated = _DATED.match(name)
    number = 2
    while moved in taken or os.path.lexists(root / moved):
        if dated is not None:
            moved = f"{folder}/{dated[1]}-{number}-{name[dated.end() :]}"
        else:
            stem, dot, extension = name.rpartition(".")
            moved = f"{folder}/{stem}-{number}{dot}{extension}"
        number += 1
    return moved


def _listed(root: Path) -> list[str]:
    """The committed markdown files, from the root (one git process)."""
    try:
        listed = plumbing.run(root, ["ls-files", "-z", "--", "*.md"]).decode("utf-8", "replace")
    except plumbing.GitError:
        return []
    return sorted(filter(None, listed.split("\0")))


def _kept_series(listed: list[str], config: Config) -> dict[str, list[str]]:
    """Those of the committed markdown files ``listed`` that are a series' files holding a date
    or a number in their names, by folder."""
    found: dict[str, list[str]] = {}
    for name in listed:
        if "/" in name and series_handoff(name, config) and name_key(name) is not None:
            found.setdefault(name.rpartition("/")[0], []).append(name)
    return found


_WORDS = re.compile(r"[^a-z0-9]+")
_GLOB = re.compile(r"[*?\[\]{}!]")
_DATED = re.compile(r"(\d{4}-\d{2}-\d{2})-")
_DATE_ALONE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[-_]\d+)*\.(md|markdown)", re.IGNORECASE)


__all__ = ["gated_finish", "grown_past", "joined", "second_line"]
