"""Which of the working notes a branch inherited from its base (``docs/auth/HANDOFF.md`` beside
``docs/billing/HANDOFF.md``, none changed on the branch) speaks for the branch's work: the one
whose folder or name words are the changed paths' (``billing`` for ``src/billing/invoice.py``)
or whose text names the changed files or their folders, then the one changed last on the base,
then the first path. The Stop hook (`authoring.inherited_notes`) asks for that note, and `show`
and ``SessionStart`` (`engine.brief`) show it, in one order."""

from __future__ import annotations

import re
from collections.abc import Sequence
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


def closest_first(root: Path, commit: str, notes: Sequence[str], work: Sequence[str]) -> list[str]:
    """``notes`` by how many of the branch's ``work`` files each speaks for, most first, then
    by their last change up to ``commit``, newest first; one `git log`."""
    specs = [f":(literal){name}" for name in notes]
    out = plumbing.run(root, ["log", "-z", "--format=", "--name-only", commit, "--", *specs])
    seen = out.decode("utf-8", "surrogateescape").replace("\n", "\0").split("\0")
    newest = list(dict.fromkeys(name for name in seen if name in notes))
    order = {name: place for place, name in enumerate(newest)}
    near = {note: _near(root, note, work) for note in notes}
    return sorted(notes, key=lambda note: (-near[note], order.get(note, len(order))))


def inherited_pick(root: Path, config: Config, notes: Sequence[str]) -> str | None:
    """For `show`: of two or more ``notes`` (no package's own, `note_scopes`) that the branch's
    base holds and the branch left unchanged, the one `closest_first` puts first, when the
    branch has work; ``None`` otherwise, or when git cannot say."""
    if len(notes) < 2:
        return None
    scoped = note_scopes(notes, "", work_folders(root))
    notes = [note for note in notes if note not in scoped]
    if len(notes) < 2:
        return None
    try:
        base_branch, _, base, _ = branch_base(root, config, None)
        if base_branch is None:
            return None
        changed = set(plumbing.changed_since(root, base))
        if changed & set(notes) or listed(root, base, notes) != set(notes):
            return None
        work = sorted(changed)
        return closest_first(root, base, notes, work)[0] if work else None
    except (plumbing.GitError, InputError):
        return None


def _near(root: Path, note: str, work: Sequence[str]) -> int:
    """How many of ``work`` the note speaks for: its folder or name words are among a work
    file's path words (``docs/billing/HANDOFF.md`` for ``src/billing/invoice.py``), or its text
    names the file by path, name or stem, or its folder (``src/billing``)."""
    own = _words(note)
    try:
        text = (root / note).read_text(encoding="utf-8", errors="replace").lower()
    except OSError:
        text = ""
    count = 0
    for path in work:
        lower = path.lower()
        folder, _, name = lower.rpartition("/")
        stem = name.partition(".")[0]
        named = (
            lower,
            name,
            *([stem] if len(stem) > 2 else []),
            *([folder] if "/" in folder else []),
        )
        count += bool(own & _words(path)) or any(word in text for word in named)
    return count


def _words(path: str) -> set[str]:
    """The words of ``path`` that may name a workstream."""
    return {w for w in _WORD.findall(path.lower()) if len(w) > 2 and w not in _GENERIC}
