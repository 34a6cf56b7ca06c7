"""Which of the working notes a branch inherited from its base (``docs/auth/HANDOFF.md`` beside
``docs/billing/HANDOFF.md``, none changed on the branch) speaks for the branch's work: the one
whose folder or name words are the changed paths' (``billing`` for ``src/billing/invoice.py``)
or whose text names the changed files or their folders, then by the files' bare names, then the
one changed last on the base; none when that leaves two alike (a branch that changed only its
README). The Stop hook (`authoring.inherited_notes`) asks for that note, and `show` and
``SessionStart`` (`engine.brief`) show it, in one order."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.later_work import note_scopes, work_folders
from handoff_audit.git.workbench import branch_base

_WORD = re.compile(r"[a-z0-9]+")
_GENERIC = frozenset(
    {
        "doc",
        "docs",
        "handoff",
        "handoffs",
        "hand",
        "off",
        "note",
        "notes",
        "session",
        "sessions",
        "next",
        "state",
        "status",
        "md",
        "markdown",
        "txt",
        "src",
        "lib",
        "app",
        "apps",
        "pkg",
        "internal",
        "readme",
        "claude",
        "agent",
        "agents",
        "work",
        "current",
        "latest",
        "main",
        "py",
        "js",
        "ts",
        "go",
        "rs",
    }
)
"""Words of a note's or a work file's path that name no workstream."""


def listed(root: Path, commit: str, names: Sequence[str]) -> set[str]:
    """Those of ``names`` that ``commit`` holds."""
    specs = [f":(literal){name}" for name in names]
    out = plumbing.run(root, ["ls-tree", "-r", "-z", "--name-only", commit, "--", *specs])
    return set(out.decode("utf-8", "surrogateescape").split("\0")) - {""}


def closest(root: Path, commit: str, notes: Sequence[str], work: Sequence[str]) -> str | None:
    """Of ``notes``, the one that speaks for most of the branch's ``work`` files (by folder or
    name words or by path, then by a file's bare name: ``test.py`` names a file of every
    workstream), then the one last changed up to ``commit``; one `git log`. ``None`` when none
    of two or more speaks for the work, or when the first two speak for it alike and were last
    changed in one commit: picking one then would be arbitrary."""
    if len(notes) == 1:
        return notes[0]
    specs = [f":(literal){name}" for name in notes]
    out = plumbing.run(root, ["log", "-z", "--format=", "--name-only", commit, "--", *specs])
    changed_in: dict[str, int] = {}
    commits = 0
    for name in out.decode("utf-8", "surrogateescape").split("\0"):
        # each commit's list of names starts on a new line
        commits += name.startswith("\n")
        changed_in.setdefault(name.lstrip("\n"), commits)
    near = {note: _near(root, note, work) for note in notes}
    ranked = sorted(notes, key=lambda note: (near[note], -changed_in.get(note, commits + 1)))
    first, second = ranked[-1], ranked[-2]
    if near[first] == (0, 0):
        return None
    if near[first] == near[second] and changed_in.get(first) == changed_in.get(second):
        return None
    return first


@dataclass(frozen=True, slots=True)
class Inherited:
    """What `inherited_pick` found among the notes a branch inherited."""

    pick: str | None = None
    """The note `closest` picks for the branch's work."""
    aside: tuple[str, ...] = ()
    """All the notes, when none speaks for the work more than another: the Stop hook asks
    for none of them but for a handoff of the branch's own."""
    base_branch: str = ""
    work: tuple[str, ...] = ()
    """The files the branch changed since its base."""


def inherited_pick(root: Path, config: Config, notes: Sequence[str]) -> Inherited:
    """For `show`: of two or more ``notes`` (no package's own, `note_scopes`) that the branch's
    base holds and the branch left unchanged, the one `closest` picks, when the branch has
    work, or all of them set aside when it picks none; nothing otherwise, or when git cannot
    say."""
    if len(notes) < 2:
        return Inherited()
    scoped = note_scopes(notes, "", work_folders(root))
    notes = [note for note in notes if note not in scoped]
    if len(notes) < 2:
        return Inherited()
    try:
        base_branch, _, base, _ = branch_base(root, config, None)
        if base_branch is None:
            return Inherited()
        changed = sorted(plumbing.changed_since(root, base))
        if set(changed) & set(notes) or listed(root, base, notes) != set(notes) or not changed:
            return Inherited()
        pick = closest(root, base, notes, changed)
    except (plumbing.GitError, InputError):
        return Inherited()
    aside = () if pick else tuple(notes)
    return Inherited(pick, aside, base_branch, tuple(changed))


def _near(root: Path, note: str, work: Sequence[str]) -> tuple[int, int]:
    """How many of ``work`` the note speaks for: its folder or name words are among a work
    file's path words (``docs/billing/HANDOFF.md`` for ``src/billing/invoice.py``), or its text
    names the file's path or folder (``src/billing``); then how many more its text names only by
    the file's name or stem."""
    own = _words(note)
    try:
        text = (root / note).read_text(encoding="utf-8", errors="replace").lower()
    except OSError:
        text = ""
    by_place = by_name = 0
    for path in work:
        lower = path.lower()
        folder, _, name = lower.rpartition("/")
        stem = name.partition(".")[0]
        places = (lower, *([folder] if "/" in folder else []))
        if own & _words(path) or any(place in text for place in places):
            by_place += 1
        elif name in text or (len(stem) > 2 and stem in text):
            by_name += 1
    return by_place, by_name


def _words(path: str) -> set[str]:
    """The words of ``path`` that may name a workstream."""
    return {w for w in _WORD.findall(path.lower()) if len(w) > 2 and w not in _GENERIC}
