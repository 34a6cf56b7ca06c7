"""Which credentials the Stop hook holds a session for: those in files the branch added or
changed since its base, committed or not. A credential in an older file the branch never
touched (a series' history file, written sessions ago) is the project's to remove, not this
session's: it would block every stop of every future session. The hook says those once, in
one line, and lets the stop go; `check` and the merge gate still report each as before.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.workbench import workbench_at
from handoff_audit.model.findings import Finding


def hold_own_secrets(
    gate: Gate, branch: str, secrets: Sequence[Finding], dirt: Collection[str]
) -> None:
    """The ``secret`` problems of `own_secrets` into ``gate``, and its line naming the others
    into ``gate.warnings``."""
    held, older = own_secrets(gate, branch, secrets, dirt)
    gate.problems.extend(Problem("secret", finding.message, finding) for finding in held)
    gate.warnings += (older,) if older else ()


def own_secrets(
    gate: Gate, branch: str, secrets: Sequence[Finding], dirt: Collection[str]
) -> tuple[list[Finding], str | None]:
    """Of ``secrets`` (`secret` findings on files that are none of the branch's packets): those
    in a file the branch changed against its base (``gate.since`` when the hook read it, else
    the merge base with the first protected branch) or left uncommitted (``dirt``); and the line
    naming the others, ``None`` when there are none. All of them when that base cannot be told
    (no protected branch, a shallow clone): they then block, as before."""
    if not secrets:
        return [], None
    changed = _changed(gate, branch)
    if changed is None:
        return list(secrets), None
    changed |= set(dirt)
    mine = [f for f in secrets if f.path in changed]
    older = sorted({f.path for f in secrets if f.path not in changed})
    if not older:
        return mine, None
    count = len(older)
    files = "handoff file" if count == 1 else "handoff files"
    named = ", ".join(older[:2]) + (f" and {count - 2} more" if count > 2 else "")
    holds, them = ("holds", "it") if count == 1 else ("hold", "them")
    return mine, (
        f"{count} older {files} that this branch did not change {holds} credentials ({named}): "
        f"they do not hold this stop, but `handoff-audit check` and the merge gate report "
        f"{them}; remove the credentials from {them} and revoke them"
    )


def _changed(gate: Gate, branch: str) -> set[str] | None:
    """The files the branch changed against its base, committed (whatever their kind, packet
    files too); ``None`` when no base branch tells its own work from the rest."""
    base = gate.since
    if base is None:
        try:
            bench = workbench_at(gate.root, gate.config, branch, None, status=dict)
        except InputError:
            return None
        if bench.base_branch is None:
            return None
        base = bench.base
    try:
        return set(plumbing.changed_since(gate.root, base))
    except plumbing.GitError:
        return None
