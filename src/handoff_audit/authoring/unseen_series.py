"""The Stop hook's advice for a branch with no handoff (`no_handoff`); where the branch wrote
a dated file into a folder named as a series of handoffs that the configuration does not audit
(``session-hand-offs/``), that file is the branch's handoff once the folder is a series, so the
fix is the ``extend-series`` line, not a second handoff in another format beside the
repository's own."""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path

from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.foreign_fixes import default_left_out
from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.authoring.series_successor import no_handoff_ways
from handoff_audit.config import Config, added_advice
from handoff_audit.engine.stray_handoffs import SERIES_HOME, in_handoffs_folder, session_note
from handoff_audit.git import plumbing
from handoff_audit.globs import literal, matches_any_case


def no_handoff(
    gate: Gate,
    cwd: Path,
    problem: Problem,
    path_of: Callable[[str], str],
    new: Callable[[list[str] | None], str],
    failing: Callable[[], str | None],
) -> Advice:
    """The advice for ``problem`` (the branch has work but no handoff): the ``extend-series``
    line for the files the branch wrote into such a folder (`unseen_series`), else `new` (the
    command ``new`` builds) and the series' next file; ``failing`` is what follows when `new
    --verify` may fail, ``path_of`` a path as the agent's folder sees it."""
    where, why = default_left_out(gate, path_of)
    unaudited = unseen_series(gate.own_changes, gate.config)
    if unaudited and all("/" not in name for name in unaudited):
        moved = _root_notes(gate.root, unaudited)
        return Advice(*_move_advice(problem.message, moved, gate.config, path_of, new(where)))
    if unaudited := [name for name in unaudited if "/" in name]:
        return Advice(*_series_advice(problem.message, unaudited, gate.config, new(where)))
    fix, after = no_handoff_ways(gate, cwd, problem, path_of, new(where))
    return Advice(f"{problem.message}; write one{why}", fix, after or failing())


def unseen_series(changed: Collection[str], config: Config) -> list[str]:
    """The files of ``changed`` (the branch's own) that are dated or numbered handoffs in a
    folder named as a series (`in_handoffs_folder`) that no ``series`` glob finds."""
    return sorted(
        name
        for name in changed
        if in_handoffs_folder(name) and not matches_any_case(name.rpartition("/")[0], config.series)
    )


def _series_advice(
    message: str, written: list[str], config: Config, new: str
) -> tuple[str, str, str]:
    """The reason, the fix and the line after it for the branch's ``written`` files of such a
    folder, after the hook's ``message``; ``new`` is the `new` command, the other way."""
    folders = list(dict.fromkeys(name.rpartition("/")[0] for name in written))
    named = ", ".join(written[:3]) + (f" (+{len(written) - 3} more)" if len(written) > 3 else "")
    where = ", ".join(f"{folder}/" for folder in folders)
    reason = (
        f"{message}; {named} is a dated handoff in {where}, a folder of handoffs the "
        "configuration does not audit as a series: make it one, and the newest file there is "
        "this branch's handoff"
    )
    setting = added_advice(config, "series", [literal(folder) for folder in folders])
    return reason, f"set {setting}", f"then commit the configuration; or write one with `{new}`"


def _root_notes(root: Path, written: list[str]) -> list[str]:
    """The dated session notes at the top folder (`session_note`): the branch's ``written``
    ones and those git tracks there (one ``git ls-files``)."""
    try:
        listed = plumbing.run(root, ["ls-files", "-z", "--", "*.md"]).decode("utf-8", "replace")
    except plumbing.GitError:
        listed = ""
    tracked = [name for name in listed.split("\0") if name and "/" not in name]
    return sorted({*written, *(name for name in tracked if session_note(name))})


def _move_advice(
    message: str, notes: list[str], config: Config, path_of: Callable[[str], str], new: str
) -> tuple[str, str, str]:
    """The reason, the fix and the line after it for the branch's dated session notes at the
    repository's top folder (``notes``, with the others there): ``series`` names folders, and
    the top one would take every markdown file there in, so they move into `SERIES_HOME`, a
    default series folder (``extend-series`` it where the configuration leaves it out)."""
    named = ", ".join(notes[:3]) + (f" (+{len(notes) - 3} more)" if len(notes) > 3 else "")
    one = len(notes) == 1
    what, it = ("is a dated session note", "it") if one else ("are dated session notes", "them")
    reason = (
        f"{message}; {named} {what} at the repository's top folder, which no `series` setting "
        f"makes a series (it names folders): move {it} into {SERIES_HOME}/, a series folder, "
        "and the newest file there is this branch's handoff"
    )
    files = " ".join(path_of(name) for name in notes)
    home = path_of(SERIES_HOME)
    fix = f"mkdir -p {home} && git add -- {files} && git mv -- {files} {home}/"
    then = "then commit"
    if not matches_any_case(SERIES_HOME, config.series):
        then = f"then set {added_advice(config, 'series', [SERIES_HOME])}, and commit"
    return reason, fix, f"{then}; or write one with `{new}`"
