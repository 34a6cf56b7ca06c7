"""The handoff the project's agent instructions say to read: ``CLAUDE.md``, ``AGENTS.md`` or
``.github/copilot-instructions.md`` at the root naming one handoff file by its path ("Read
docs/sessions/next-session-context.md before starting"). `show` and the SessionStart brief
present that file as the current one, saying where it is named, where they would take another:
a series' newest dated file, or the newer of two notes.

The one rule for "the current handoff": `check`, the merge gate and the Stop hook judge a
series' newest file by its name, as discovery finds it (the audit's contract); `show` presents
the file the instructions name in its place (`promoted`), and whatever names one of the two
names the other (`judged_words`): `show` says which file is judged, and the Stop hook, on a
branch that wrote the named file, asks to keep it and copy it to the series' next name, the
file it judges (`named_over`), never to rename it away from the name the instructions give.

A dated file of a series that is not its newest is never taken so (instructions naming
one quote an example or an old note), nor one whose name or folder says it is history; nor
anything when the instructions name two or more of the handoffs found. Nor a file that does not
read as a handoff (a link, unreadable, a guide or an unfilled template: the instructions say how
to write one), nor a series file last committed before the series' newest (the instructions are
older than the notes: the newest is shown, as without them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path

from handoff_audit.engine.loading import Unreadable, read_text
from handoff_audit.engine.series_order import name_key
from handoff_audit.git.file_listing import last_commits
from handoff_audit.model.handoff_words import about_handoffs
from handoff_audit.model.packet import archive_folder
from handoff_audit.model.series_names import name_says
from handoff_audit.rules.markdown_handoff import judge_markdown

INSTRUCTIONS = ("CLAUDE.md", "AGENTS.md", ".github/copilot-instructions.md")
"""The agent instruction files read, at the root only."""
_READ = 64 * 1024
"""Bytes past which an instruction file is not read."""
_PATH = re.compile(r"(?<![\w.:/-])(?:\./|/)?([\w.-][\w./-]*\.md)(?![\w/-])", re.IGNORECASE)
"""A markdown file's path as written in prose, a code span or a link (``./`` or ``/`` before
it allowed), not inside a URL."""


Told = tuple[str, str, str | None]
"""`promoted`'s answer: the handoff named, the instruction file naming it, the series' current
file it replaces."""


def named_handoff(root: Path, files: Collection[str]) -> tuple[str, str] | None:
    """The one of ``files`` (handoff files from the root, with ``/``) that the agent instruction
    files (`INSTRUCTIONS`) name by its path, and the first instruction file naming it; ``None``
    when they name none of them, or more than one."""
    named: dict[str, str] = {}
    for source in INSTRUCTIONS:
        try:
            text = read_text(root / source, root.resolve(), _READ, bom=True)
        except Unreadable:  # absent, a link out of the repository, too large, not UTF-8
            continue
        for path in _PATH.findall(text):
            if path in files:
                named.setdefault(path, source)
    return next(iter(named.items())) if len(named) == 1 else None


def promoted(
    root: Path, current: Collection[str], history: Mapping[str, tuple[str, ...]], limit: int
) -> Told | None:
    """The handoff the instructions name (`named_handoff`) among the ``current`` files found
    and the series' older files that may be current (``history``: a series' current file ->
    its older ones; an older one without a date or a number in its name, not named as history),
    the instruction file naming it, and the series' current file it replaces (``None`` when it
    is one of ``current``); ``None`` when the instructions name none, or one that does not read
    as a handoff (`_shown_as_handoff`, ``limit``: the bytes read at most), or an older file
    last committed before the series' current one (`_committed_before`)."""
    older = {
        name: newest
        for newest, names in history.items()
        for name in names
        if name_key(name) is None
        and name_says(name) >= 0
        and not archive_folder(name.rpartition("/")[0])
    }
    said = named_handoff(root, {*current, *older})
    if said is None or not _shown_as_handoff(root, said[0], limit):
        return None
    path, source = said
    newest = older.get(path)
    if newest is not None and _committed_before(root, path, newest):
        return None
    return path, source, newest


def named_over(
    root: Path, handoffs: Iterable[tuple[str, Sequence[str]]], older: str, limit: int
) -> str | None:
    """The instruction file naming ``older`` when `show` presents it in place of its series'
    newest file (`promoted`, asked of ``handoffs``: every handoff an audit found, with its
    series' older files); ``None`` when it does not."""
    pairs = list(handoffs)
    mds = [path for path, _ in pairs if path.lower().endswith(".md")]
    told = promoted(root, mds, {path: tuple(names) for path, names in pairs if names}, limit)
    return told[1] if told is not None and told[0] == older and told[2] else None


def judged_words(named: str, source: str, newest: str) -> str:
    """What `show` and the Stop hook both say of a file the instructions name (``source``) that
    its series' ``newest`` file outranks by name."""
    return (
        f"{named} is the handoff {source} names, which `show` presents, but check and the "
        f"Stop hook judge {newest}, its series' newest file by name"
    )


def _shown_as_handoff(root: Path, path: str, limit: int) -> bool:
    """Whether the file ``path`` can be shown as the handoff: not a link (its target is not
    read to judge it), a regular UTF-8 file of at most ``limit`` bytes in the repository, with
    text, that neither its name (about handoffs: a guide, a template) nor its text (instructions,
    an unfilled template: `not-a-handoff`, `placeholder`) says is no handoff."""
    if os.path.islink(root / path) or about_handoffs(path.rpartition("/")[2]):
        return False
    try:
        text = read_text(root / path, root.resolve(), limit, bom=True)
    except Unreadable:
        return False
    verdict, blanks = judge_markdown(path, text)
    return bool(text.strip()) and verdict is None and not blanks


def _committed_before(root: Path, path: str, newest: str) -> bool:
    """Whether the last commit touching ``path`` comes before the one touching the series'
    current file ``newest`` in ``git log --date-order`` (any commit: a date stamp changed is the
    file kept up too); a file never committed counts as written now."""
    found = last_commits(root, [path, newest])
    named, current = (found[name][2] if name in found else -1 for name in (path, newest))
    return named > current


def promote(
    root: Path, files: list[str], history: dict[str, tuple[str, ...]], limit: int
) -> tuple[list[str], Told | None]:
    """``files`` (the handoffs found, from the root) with the one the instructions name
    (`promoted`) in place of its series' current file when it is an older file of the series,
    ``history`` changed to match (it the current file, the other the newest of the older
    ones); and what `promoted` said."""
    mds = [name for name in files if name.lower().endswith(".md")]
    told = promoted(root, mds, history, limit)
    if told is None or (newest := told[2]) is None:
        return files, told
    path = told[0]
    history[path] = (newest, *(name for name in history.pop(newest) if name != path))
    return [path if name == newest else name for name in files], told


def told_why(
    told: Told | None, chosen: str, state: str, candidates: int
) -> tuple[str, str | None] | None:
    """What the brief says of the ``chosen`` handoff when it is there because the instructions
    name it (``told``): the instruction file, and the series' current file it was taken instead
    of (`Brief.named_in`); ``None`` when it would have been chosen anyway, the branch's only
    hand-written handoff, or another was chosen (a packet of the branch's, a file named)."""
    if told is None or told[0] != chosen or state != "hand-written":
        return None
    if told[2] is None and candidates < 2:
        return None
    return told[1], told[2]
