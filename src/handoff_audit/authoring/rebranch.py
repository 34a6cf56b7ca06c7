"""`update PACKET --branch NEW` on a renamed branch: a packet whose branch no longer exists
(``git branch -m``) is re-pointed at the branch given, keeping everything else (its decisions,
risks and last known good commit), where `archive` and `new` would start over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.renames import renamed_from
from handoff_audit.suggest import closest


def repointed(
    packet: Path, data: dict[str, Any], branch: str, given: str | None, root: Path
) -> tuple[dict[str, Any], str]:
    """``data`` with its ``branch`` set to ``branch`` and the note saying so, when the packet's
    own branch no longer exists and ``--branch`` (``given``) names an existing one; else the
    `InputError` saying why not and what to run instead."""
    old = data.get("branch")
    shown = shell.quote_path(name(packet))
    known = _known_branches(root)
    if not isinstance(old, str) or known is None or not _gone(root, old, branch, *known):
        raise InputError(
            f"{name(packet)} is the packet of branch {old!r}, not {branch!r}; refresh it on its "
            "branch, or start this branch's packet with `handoff-audit new`"
        )
    repoint = f"handoff-audit update {shown} --branch {shell.quote(branch)}"
    if given is None:
        raise InputError(
            f"{name(packet)} is the packet of branch {old!r}, which no longer exists (renamed "
            f"or deleted); to carry it to {branch!r} with its decisions, risks and last known "
            f"good commit, run `{repoint}`; if its work is done, `handoff-audit archive {shown}`"
        )
    if branch not in known[0]:
        guess = closest(branch, known[0])
        hint = f" — did you mean {guess!r}?" if guess else ""
        raise InputError(
            f"--branch {branch!r}: no such branch in this repository{hint}; a packet is "
            "re-pointed only at a branch that exists"
        )
    note = (
        f"{name(packet)}: re-pointed from branch {old!r} (no longer in the repository) to "
        f"{branch!r}; everything else kept"
    )
    return {**data, "branch": branch}, note


def _known_branches(root: Path) -> tuple[set[str], set[str]] | None:
    """The local and remote-tracking branches (short names), and the local ones, read with one
    git process; ``None`` when git cannot say (then no branch is taken for gone)."""
    try:
        refs, _ = plumbing.read_refs(root)
    except plumbing.GitError:
        return None
    return {ref.branch for ref in refs}, {
        r.branch for r in refs if r.name.startswith("refs/heads/")
    }


def _gone(root: Path, old: str, branch: str, known: set[str], local: set[str]) -> bool:
    """Whether branch ``old`` no longer exists here: no ref names it, or only a
    remote-tracking one does and ``branch``'s reflog says it was renamed from it (pushed, then
    ``git branch -m``)."""
    if old not in known:
        return True
    return old not in local and old in renamed_from(root, branch)
