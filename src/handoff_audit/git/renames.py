"""Which names a local branch had before ``git branch -m`` renamed it: what tells a packet of
this branch under its old name from a packet of another, deleted branch."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from handoff_audit.git import plumbing

_RENAMED = "Branch: renamed refs/heads/"
_TO = " to refs/heads/"


def renamed_from(root: Path, branch: str) -> set[str]:
    """The names local branch ``branch`` had before it was renamed, from its reflog (one git
    call); empty when it was never renamed or git cannot say (no reflog, as in a CI clone)."""
    if not plumbing.is_safe_branch(branch):
        return set()
    try:
        out = plumbing.run(root, ["reflog", "show", "--format=%gs", f"refs/heads/{branch}", "--"])
    except plumbing.GitError:
        return set()
    return {
        line.removeprefix(_RENAMED).partition(_TO)[0]
        for line in out.decode("utf-8", "surrogateescape").splitlines()
        if line.startswith(_RENAMED) and _TO in line
    }


def renamed_into(
    root: Path, refs: Collection[plumbing.Ref], branches: Collection[str | None]
) -> frozenset[str]:
    """Those of ``branches`` (the active packets') that only a remote-tracking ref among
    ``refs`` still names and that the current branch's reflog says it was renamed from
    (``git branch -m`` after a push); the reflog is read only when there is such a branch."""
    local = {ref.branch for ref in refs if ref.name.startswith("refs/heads/")}
    pushed_only = ({ref.branch for ref in refs} - local) & set(branches)
    current = next((ref for ref in refs if ref.current), None)
    if not pushed_only or current is None:
        return frozenset()
    return frozenset(renamed_from(root, current.branch) & pushed_only)


def known_branches(root: Path) -> tuple[set[str], set[str]] | None:
    """The local and remote-tracking branches (short names), and the local ones, read with one
    git process; ``None`` when git cannot say (then no branch is taken for gone)."""
    try:
        refs, _ = plumbing.read_refs(root)
    except plumbing.GitError:
        return None
    return {ref.branch for ref in refs}, {
        r.branch for r in refs if r.name.startswith("refs/heads/")
    }


def branch_gone(root: Path, old: str, branch: str, known: set[str], local: set[str]) -> bool:
    """Whether branch ``old`` no longer exists here (``known``, ``local``: `known_branches`):
    no ref names it, or only a remote-tracking one does and ``branch``'s reflog says it was
    renamed from it (pushed, then ``git branch -m``). Only then does `update PACKET --branch
    BRANCH` re-point a packet of ``old``."""
    if old not in known:
        return True
    return old not in local and old in renamed_from(root, branch)
