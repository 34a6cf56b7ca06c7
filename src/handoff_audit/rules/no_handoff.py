"""What `not-a-handoff` says of a file that is no handoff (`NotAHandoff`), and the way out it
prints: a command that moves the file where no setting finds it, else the setting that finds it
(``packets`` and ``block-files``, or ``series``), so that following either clears the finding
(and ``handoff-in-merge``)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit import shell
from handoff_audit.config import Config, added_advice, setting_advice
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.git.tracked import is_tracked
from handoff_audit.globs import excluding
from handoff_audit.model.packet import (
    in_series,
    is_handoff_file,
    named_block_file,
    named_packet,
    template_folder,
)

_GUIDE_FOLDERS = ("docs", "docs/guides", "docs/notes")
"""Where a guide, prompt or manual may go, the first no setting finds."""
_NAME_BYTES = 255
"""The longest file name most file systems take (bytes of one path component)."""
_TOP = "git rev-parse --show-toplevel"


@dataclass(slots=True)
class Moves:
    """The tree the printed moves go to: ``root`` (the repository's, None when the files
    are not on disk), whose files a target must not be, and the targets this run already
    printed (``taken``, letter case aside), which no other move may take."""

    root: Path | None = None
    taken: set[str] = field(default_factory=set)

    def free(self, target: str) -> bool:
        """True when ``target`` is neither a file or folder there nor printed already."""
        if target.lower() in self.taken:
            return False
        return self.root is None or not os.path.lexists(self.root / target)

    def top(self) -> str:
        """The shell word that names the repository's top folder: git's top level around the
        current folder when that is this repository (right from any of its folders), else
        around the folder audited as named from the current one (``check ../other`` from
        another repository, or from a folder in none: the move must not act there)."""
        command = _TOP
        if self.root is not None and _top_around() != _real(self.root):
            command = f"git -C {shell.quote_path(from_cwd(self.root))} rev-parse --show-toplevel"
        return f'"$({command})"'

    def tracked(self, path: str) -> bool | None:
        """Whether git tracks ``path``; None outside a repository."""
        if self.root is None:
            return True
        real = os.path.realpath(self.root)
        return is_tracked(real, os.path.join(real, path))


def _real(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # the folder was deleted; a loop of links
        return None


def _top_around() -> Path | None:
    """The repository around the current folder (the nearest folder up with ``.git``, as
    `discovery.find_root` finds it), resolved; None outside one or when it is gone."""
    try:
        real = _real(Path.cwd())
    except OSError:
        return None
    for up in (real, *real.parents) if real is not None else ():
        if os.path.lexists(up / ".git"):
            return up
    return None


def way_out(path: str, config: Config, moves: Moves | None = None) -> str:
    """How to stop ``path`` (from the repository's root) being taken for a handoff: move it,
    with a command that runs from any folder of the repository, or leave it out of the
    setting that finds it. ``moves``: the tree and the targets already printed."""
    moves = Moves() if moves is None else moves
    target = _target(path, config, moves)
    move = "rename it so that no handoff setting finds it"
    if target:
        moves.taken.add(target.lower())
        command = _command(path, target, moves.tracked(path), moves.top())
        move = f"move it where docs live, under a name no handoff setting finds ({command})"
    outs = []
    if in_series(path, config):
        folder = path.rpartition("/")[0]
        outs.append(f"leave {folder}/ out of `series`, {_without(config, 'series', folder)}")
    if named_packet(path, config):
        outs.append(f"leave it out of `packets`, {_without(config, 'packets', path)}")
        if named_block_file(path, config):
            outs.append(f"of `block-files`, {_without(config, 'block-files', path)}")
    return f"{move}, or {' and '.join(outs) or 'leave it off the command line'}"


def _without(config: Config, key: str, path: str) -> str:
    """The exclusion of ``path`` alone (``!path``, as in .gitignore) after the setting ``key``,
    where and how to write it (`added_advice`: the ``extend-`` line for `packets` and `series`;
    `block-files` has none): every other file its globs find stays found."""
    if key in ("packets", "series"):
        return added_advice(config, key, [excluding(path)])
    return setting_advice(config.key_file, key, (*config.block_files, excluding(path)))


def _target(path: str, config: Config, moves: Moves) -> str | None:
    """A path for the file that neither ``packets``, ``block-files`` nor ``series`` finds, that
    is not there yet and that no other move of the run takes (``-guide-2.md``, ``-guide-3.md``
    ... else), its name within `_NAME_BYTES`: ``docs/handoff-guide.md`` for ``HANDOFF.md``,
    ``docs/api-handoff-guide.md`` for ``api/HANDOFF.md`` (its folders keep guides apart)."""
    stem = path.rpartition(".")[0] if "." in path.rpartition("/")[2] else path
    stem = stem.removeprefix("docs/")
    name = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "handoff"
    for folder in _GUIDE_FOLDERS:
        if moves.root is not None and os.path.isfile(moves.root / folder):
            continue
        for number in range(1, 1000):
            tail = f"-guide-{number}.md" if number > 1 else "-guide.md"
            target = f"{folder}/{name[: _NAME_BYTES - len(tail)].rstrip('-')}{tail}"
            if is_handoff_file(target, config):
                break
            if target != path and moves.free(target):
                return target
    return None


def _command(path: str, target: str, tracked: bool | None, top: str) -> str:
    """The move, from the repository's top (``top``, `Moves.top`) whatever folder it is run in
    (a subshell, so the shell stays where it was); ``git mv`` for a file git tracks, ``mv``
    for one it does not."""
    folder = target.rpartition("/")[0]
    move = "git mv" if tracked else "mv"
    command = f"mkdir -p {folder} && {move} -- {shell.quote_path(path)} {shell.quote(target)}"
    if tracked is None:
        return f"`{command}`"  # no repository: the paths are from the folder audited
    return f"`(cd {top} && {command})`"


@dataclass(frozen=True, slots=True)
class NotAHandoff:
    """Why the ``not-a-handoff`` rule calls a file where a handoff is expected no handoff."""

    message: str
    """The finding's message (up to the way out, when there is one)."""
    reason: str
    """The same in a few words, to follow "PATH is not a handoff: " (the brief's warning)."""
    lines: Sequence[tuple[int, str]] = ()
    """The lines that show it (line number, text); none for a file judged by its folder."""
    after: str | None = None
    """What follows the way out (`way_out`: move the file, or leave it out of the
    setting that finds it); ``None`` when the message gives none."""

    def said(self, path: str, config: Config, moves: Moves | None = None) -> str:
        """The finding's message for the file ``path``, with the way out (``moves``: the
        tree its command moves the file in, `way_out`)."""
        if self.after is None:
            return self.message
        return self.message + way_out(path, config, moves) + self.after

    @property
    def line(self) -> int | None:
        """The first line that shows it."""
        return self.lines[0][0] if self.lines else None


SHOWN_LINES = 4
"""A `placeholder` or `not-a-handoff` message quotes this many lines, then counts the rest."""


def quoted_lines(places: list[tuple[int, str]]) -> str:
    numbers = ", ".join(str(line) for line, _ in places[:SHOWN_LINES])
    more = f" and {len(places) - SHOWN_LINES} more" if len(places) > SHOWN_LINES else ""
    quoted = "; ".join(f'"{text}"' for _, text in places[:2])
    return f"lines {numbers}{more}: {quoted}"


def orders_said(commands: list[tuple[int, str]]) -> NotAHandoff:
    return NotAHandoff(
        f"this file is written as orders to its reader ({quoted_lines(commands)}) and records no "
        "session: a prompt, brief or spec, not a handoff; ",
        "it is written as orders to its reader (a prompt, brief or spec), records no session",
        commands,
        "",
    )


def stub_said(lines: list[tuple[int, str]]) -> NotAHandoff:
    return NotAHandoff(
        f"this file is a stub of {len(lines)} line(s) ({quoted_lines(lines)}) with no date, no "
        "status, no section and nothing said to have happened: a pointer or a note, not a "
        "handoff; write what this session did, what is true now and the next step, or ",
        f"it is a stub of {len(lines)} line(s), a pointer or a note that records no session",
        lines,
        "",
    )


def standing_said(lines: list[tuple[int, str]]) -> NotAHandoff:
    return NotAHandoff(
        f"this file describes how things are ({quoted_lines(lines)}) and records no session: no "
        "date, status, commit, section on the state of the work or its next step, and "
        "nothing said to have been done; a manual, architecture note or plan, not a handoff; ",
        "it describes how things are (a manual, architecture note or plan), records no session",
        lines,
        "; or add what this session did, what is true now and the next step",
    )


def agent_file_said(folder: str) -> NotAHandoff:
    if template_folder(folder):
        return NotAHandoff(
            f"this file is in {folder}, a folder of templates the repository's code may load: it "
            "is not a handoff (such folders are not searched for handoffs); leave it where it is "
            "(moving or deleting it may break the program that loads it), keep the handoff "
            "itself elsewhere (HANDOFF.md, docs/handoffs/) and leave this file off the command "
            "line",
            f"it is in {folder}, a folder of templates the repository's code may load",
        )
    return NotAHandoff(
        f"this file is in {folder}, where an agent's commands, prompts and skills live: it "
        "instructs an agent, it is not a handoff (such folders are not searched for handoffs); "
        "keep the handoff itself elsewhere (HANDOFF.md, docs/handoffs/) and leave this file off "
        "the command line",
        f"it is in {folder}, where an agent's commands, prompts and skills live",
    )


def command_said(key: tuple[int, str]) -> NotAHandoff:
    return NotAHandoff(
        f"this file's front matter is an agent command's ({quoted_lines([key])}): it instructs "
        "an agent, it is not a handoff; ",
        "its front matter is an agent command's",
        [key],
        "",
    )


def how_to_said(how_to: list[tuple[int, str]]) -> NotAHandoff:
    return NotAHandoff(
        f"this file tells its reader how to write a handoff ({quoted_lines(how_to)}), it is "
        "not one; ",
        "it tells its reader how to write one",
        how_to,
        "",
    )
