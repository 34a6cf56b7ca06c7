"""The Stop hook's judgement and fix for a branch's file of a dated or numbered series that
another file outranks: written without a date (a number) in its name, or under an earlier date
(a lower number), so that the series' current handoff is another file, not the branch's. The
fix is a `git mv` to a name that ranks it first (`series_successor`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.authoring.series_successor import past_typo, renaming, successor
from handoff_audit.config import Config
from handoff_audit.engine.instructed import judged_words, named_over
from handoff_audit.engine.series_order import COMMITTED, DATED, name_key
from handoff_audit.git.pure_rename import moved_since
from handoff_audit.model.findings import PacketInfo
from handoff_audit.model.packet import in_series

_DATE_FIRST = re.compile(r"\A\d{4}-\d{2}-\d{2}-?")


def written_series(
    root: Path, config: Config, series: Sequence[PacketInfo], changed: set[str], base: str
) -> tuple[list[PacketInfo], set[str]]:
    """The current files of ``series`` the branch wrote, and the files it ``changed`` but
    those it only moved, unchanged, from a file of a series in its ``base``
    (`pure_rename.moved_since`): another session's note under a new name (a misdated
    folder's rename) is no handoff of this branch's work. (A working note it moved into a
    series, unchanged, is still the note the branch was asked to keep or finish.)"""
    if any(p.path in changed for p in series):
        moved = moved_since(root, base)
        changed = {path for path in changed if not in_series(moved.get(path, ""), config)}
    return [p for p in series if p.path in changed], changed


def passed_over(
    series: Sequence[tuple[str, Sequence[str]]], changed: Collection[str]
) -> tuple[str, tuple[str, str]] | None:
    """Of the ``series`` (each current file with its older ones), the first whose older file
    the branch ``changed`` ranks below the current one by name: what is wrong, and the two files
    (the branch's, then the current one)."""

    def rank(name: str) -> int:
        key = name_key(name)
        return key[0] if key is not None else COMMITTED

    for current, history in series:
        kind = rank(current)
        if kind == COMMITTED:
            continue
        word, later = ("date", "a later date") if kind == DATED else ("number", "a higher number")
        for older in history:
            if older not in changed:
                continue
            if rank(older) < kind:
                shown = "dated" if kind == DATED else "numbered"
                message = (
                    f"{older} has no {word} in its name, so {current} ({shown}) is the current "
                    "handoff of its series, not the file this branch wrote"
                )
            else:
                message = (
                    f"{older} is this branch's handoff, but {current} has {later} in its name, so "
                    "it is the current handoff of its series, not the file this branch wrote"
                )
            return message, (older, current)
    return None


def passed_over_problem(
    gate: Gate, series: Sequence[tuple[str, Sequence[str]]], changed: Collection[str]
) -> Problem | None:
    """`passed_over` as the hook's problem, with every file of the series; said as `show` says
    it when the agent instructions name the branch's file (`instructed.named_over`)."""
    passed = passed_over(series, changed)
    if passed is None:
        return None
    message, (written, current) = passed
    known = (current, *next(older for path, older in series if path == current))
    source = named_over(gate.root, gate.handoffs, written, gate.config.max_file_bytes)
    if source is not None:
        words = judged_words(written, source, current)
        message = f"{words}, and this branch wrote no file they judge"
    files = (written, current)
    return Problem("passed-over", message, files=files, known=known, named_in=source or "")


def passed_over_advice(
    root: Path, problem: Problem, path_of: Callable[[str], str]
) -> tuple[str, str, str]:
    """The reason, the command and what follows it for the branch's file passed over by the
    series' current one (``problem``'s files; its ``known``: the series' files): a name that
    ranks it first, never its own; when the current file is misdated, its rename first
    (`series_successor.past_typo`); when an agent instruction file names the branch's file
    (``problem.named_in``), a copy under that name, the file kept where the instructions send
    the next session. ``path_of`` gives a repository path as the agent's folder sees it."""
    message, known, named_in = problem.message, problem.known, problem.named_in
    written, current = problem.files
    if named_in:
        copy = successor(root, written, current)
        return (
            message,
            f"cp -- {path_of(written)} {path_of(copy.path)}",
            f"keep {written}, which {named_in} names, and commit both: the copy is the file "
            f"this hook judges ({copy.why})",
        )
    # The typo's new name ranks below the branch's file, which must end up current; an
    # undated branch file takes a dated name too, or the renamed typo would still outrank it.
    renames = past_typo(root, written, current, known)
    if renames is not None:
        typo, moved = renames
        what, command = renaming(current, typo.path, path_of)
        it = "it" if what == current else f"its {what}"
        reason = f"{message}; but {current} is misdated ({typo.why}): rename {it}"
        if moved is not None:
            reason += f", and give {written} a dated name ({moved.why})"
            command += f" && git mv -- {path_of(written)} {path_of(moved.path)}"
        return reason, command, "then commit, and stop again"
    name = written.rpartition("/")[2]
    also = "; add to it what any commits after it changed" * bool(_DATE_FIRST.match(name))
    moved = successor(root, written, current)
    return (
        message,
        f"git mv -- {path_of(written)} {path_of(moved.path)}",
        f"{moved.why}{also}; then commit",
    )
