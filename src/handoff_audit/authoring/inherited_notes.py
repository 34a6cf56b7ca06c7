"""The Stop hook on a branch made from one that keeps several working notes of one project (a
note per workstream: ``docs/auth/HANDOFF.md`` beside ``docs/billing/HANDOFF.md``): the branch's
work needs one handoff, not a refresh of every note it inherited.

A note the base commit holds and the branch left as it is (committed or not) is inherited;
`handoff-outdated` on it blocks only while the branch has no note of its own (one it wrote or
changed), and then only for one of them, the one closest to the work: the others are named as
inherited. A note that speaks for its own package alone (`note_scopes`) keeps its own finding.
"""

from __future__ import annotations

from pathlib import Path

from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.config import Config
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.later_work import note_scopes, work_folders
from handoff_audit.git.workbench import branch_base

_OUTDATED = "handoff-outdated"


def one_handoff(gate: Gate, config: Config) -> None:
    """Drop from ``gate`` the `handoff-outdated` problems of inherited notes that this branch's
    work does not need refreshed, and say which notes were left to their own workstreams."""
    notes = [p.path for p in gate.packets if p.kind == "markdown"]
    scoped = note_scopes(notes, "", work_folders(gate.root)) if len(notes) > 1 else {}
    notes = [n for n in notes if n not in scoped]
    stale = [p for p in gate.problems if _outdated_note(p) in notes]
    if len(notes) < 2 or not stale:
        return
    try:
        base_branch, _, base, _ = branch_base(gate.root, config, None)
        if base_branch is None:
            return
        changed = set(plumbing.changed_since(gate.root, base))
        on_base = _listed(gate.root, base, notes)
        newest = _newest_first(gate.root, base, notes)
    except (plumbing.GitError, InputError):  # the hook then asks for each note, as before
        return
    inherited = [n for n in notes if n in on_base and n not in changed]
    left = [p for p in stale if _outdated_note(p) in inherited]
    own = [n for n in notes if n not in inherited]
    if own:
        kept = own[0]
    elif len(left) > 1:
        work = [path for path in changed if path not in notes]
        order = {name: place for place, name in enumerate(newest)}
        ranked = sorted(
            left,
            key=lambda p: (
                -_mentions(gate.root, _outdated_note(p), work),
                order.get(_outdated_note(p), 0),
            ),
        )
        kept, left = _outdated_note(ranked[0]), ranked[1:]
    else:
        return
    if not left:
        return
    gate.problems = [p for p in gate.problems if p not in left]
    others = ", ".join(_outdated_note(p) for p in left)
    said = (
        f"{others}, inherited from {base_branch} and unchanged on this branch, "
        f"{'is' if len(left) == 1 else 'are'} left to {'its' if len(left) == 1 else 'their'} "
        f"own workstream: this branch's work needs one handoff, {kept}"
    )
    if gate.problems:
        gate.warnings = (*gate.warnings, f"{said}, not a refresh of each note")
    else:
        gate.note = said


def _outdated_note(problem: Problem) -> str:
    """The note a `handoff-outdated` problem is about; "" for any other problem."""
    finding, packet = problem.finding, problem.packet
    if problem.kind != "finding" or finding is None or packet is None:
        return ""
    return finding.path if finding.rule == _OUTDATED and packet.kind == "markdown" else ""


def _listed(root: Path, commit: str, names: list[str]) -> set[str]:
    """Those of ``names`` that ``commit`` holds."""
    specs = [f":(literal){name}" for name in names]
    out = plumbing.run(root, ["ls-tree", "-r", "-z", "--name-only", commit, "--", *specs])
    return set(out.decode("utf-8", "surrogateescape").split("\0")) - {""}


def _newest_first(root: Path, commit: str, names: list[str]) -> list[str]:
    """``names``, by their last change up to ``commit``, newest first; one `git log`."""
    specs = [f":(literal){name}" for name in names]
    out = plumbing.run(root, ["log", "-z", "--format=", "--name-only", commit, "--", *specs])
    seen = out.decode("utf-8", "surrogateescape").replace("\n", "\0").split("\0")
    return list(dict.fromkeys(name for name in seen if name in names))


def _mentions(root: Path, note: str, work: list[str]) -> int:
    """How many of the branch's ``work`` files ``note`` names, by path, file name or stem (in
    its text or its own path: ``docs/auth/HANDOFF.md`` for ``src/auth.py``)."""
    try:
        text = f"{note}\n{(root / note).read_text(encoding='utf-8', errors='replace')}".lower()
    except OSError:
        return 0
    count = 0
    for path in work:
        name = path.rpartition("/")[2].lower()
        stem = name.partition(".")[0]
        words = (path.lower(), name, *([stem] if len(stem) > 2 else []))
        count += any(word in text for word in words)
    return count
