"""The Stop hook's advice for a branch with no handoff (`no_handoff`); where the branch wrote
a dated file into a folder named as a series of handoffs that the configuration does not audit
(``session-hand-offs/``), that file is the branch's handoff once the folder is a series, so the
fix is the ``extend-series`` line, not a second handoff in another format beside the
repository's own; or, where the folder also holds other markdown (``docs/`` with a guide),
which a series there would take as its history, the move into a series folder, as `check`
offers it (`stray_handoffs`)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path

from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.foreign_fixes import default_left_out
from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.authoring.series_successor import no_handoff_ways
from handoff_audit.config import Config, added_advice
from handoff_audit.engine.stray_handoffs import SERIES_HOME, in_handoffs_folder, other_markdown
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
    crowded = _crowded(gate.root, unaudited) if unaudited else {}
    if crowded:
        return Advice(*_move_advice(problem.message, crowded, gate.config, path_of, new(where)))
    if unaudited:
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


def _crowded(root: Path, written: list[str]) -> dict[str, tuple[list[str], list[str]]]:
    """The folders of ``written`` (the branch's dated notes no series reads) that no ``series``
    setting can make a series of, each with its dated notes (the branch's and those git tracks
    there, one ``git ls-files``) and the other markdown files there: the top folder (``series``
    names folders, and would take every markdown file there in) and one holding other markdown
    (`other_markdown`: a guide, a plan), which would become the series' history."""
    try:
        listed = plumbing.run(root, ["ls-files", "-z", "--", "*.md"]).decode("utf-8", "replace")
    except plumbing.GitError:
        listed = ""
    tracked = [name for name in listed.split("\0") if name]
    notes: dict[str, set[str]] = {}
    for name in [*written, *tracked]:
        folder = name.rpartition("/")[0]
        if name in written or (folder in notes and in_handoffs_folder(name)):
            notes.setdefault(folder, set()).add(name)
    others = other_markdown(tracked, [name for found in notes.values() for name in found])
    return {
        folder: (sorted(found), others.get(folder, []))
        for folder, found in notes.items()
        if not folder or folder in others
    }


def _move_advice(
    message: str,
    crowded: dict[str, tuple[list[str], list[str]]],
    config: Config,
    path_of: Callable[[str], str],
    new: str,
) -> tuple[str, str, str]:
    """The reason, the fix and the line after it for the branch's dated session notes in
    ``crowded`` folders (`_crowded`, with the others there): they move into a series folder,
    `SERIES_HOME` from the top folder, ``FOLDER/handoffs`` from another, as `check` moves
    them (``extend-series`` it where the configuration leaves it out)."""
    clauses, commands, homes = [], [], []
    for folder, (notes, others) in crowded.items():
        home = f"{folder}/handoffs" if folder else SERIES_HOME
        named = ", ".join(notes[:3]) + (f" (+{len(notes) - 3} more)" if len(notes) > 3 else "")
        one = len(notes) == 1
        what, it = ("is a dated session note", "it") if one else ("are dated session notes", "them")
        where = (
            f"in {folder}/, which also holds other markdown ({', '.join(others[:2])}) that a "
            "series there would take as its history"
            if folder
            else "at the repository's top folder, which no `series` setting makes a series "
            "(it names folders)"
        )
        clauses.append(f"{named} {what} {where}: move {it} into {home}/, a series folder")
        files = " ".join(path_of(name) for name in notes)
        commands.append(
            f"mkdir -p {path_of(home)} && git add -- {files} && git mv -- {files} {path_of(home)}/"
        )
        homes.append(home)
    reason = f"{message}; {'; '.join(clauses)}, and the newest file there is this branch's handoff"
    then = "then commit"
    if unseen := [home for home in homes if not matches_any_case(home, config.series)]:
        then = f"then set {added_advice(config, 'series', unseen)}, and commit"
    return reason, " && ".join(commands), f"{then}; or write one with `{new}`"
