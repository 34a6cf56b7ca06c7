"""`update PACKET --branch NEW` on a renamed branch: a packet whose branch no longer exists
(``git branch -m``) is re-pointed at the branch given, keeping everything else (its decisions,
risks and last known good commit), where `archive` and `new` would start over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.errors import InputError
from handoff_audit.git.renames import branch_gone, known_branches
from handoff_audit.suggest import closest


def repointed(
    packet: Path, data: dict[str, Any], branch: str, given: str | None, root: Path
) -> tuple[dict[str, Any], str]:
    """``data`` with its ``branch`` set to ``branch`` and the note saying so, when the packet's
    own branch no longer exists and ``--branch`` (``given``) names an existing one; else the
    `InputError` saying why not and what to run instead."""
    old = data.get("branch")
    shown = shell.quote_path(name(packet))
    known = known_branches(root)
    if not isinstance(old, str) or known is None or not branch_gone(root, old, branch, *known):
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
