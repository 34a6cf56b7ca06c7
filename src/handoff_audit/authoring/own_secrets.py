"""Which credentials the Stop hook holds a session for: those in files the branch added or
changed since its base, committed or not. A credential in an older file the branch never
touched (a series' history file, written sessions ago) is the project's to remove, not this
session's: it would block every stop of every future session. The hook says those once, in
one line, and lets the stop go; `check` and the merge gate still report each as before.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.workbench import workbench_at
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding


def hold_own_secrets(
    gate: Gate,
    branch: str,
    secrets: Sequence[Finding],
    dirt: Collection[str],
    notes: Collection[str],
) -> None:
    """The ``secret`` problems of `own_secrets` into ``gate``, and its line naming the others
    into ``gate.warnings``; with them, those of the working ``notes`` in agent folders that the
    audit did not read (`Report.agent_notes`) which the branch changed (`note_secrets`)."""
    if not secrets and not notes:
        return
    base = _base(gate, branch)
    changed = _changed(gate.root, base[1]) if base is not None else None
    if base is not None and changed is not None:
        own = (changed | set(dirt)) & set(notes)
        secrets = [*secrets, *note_secrets(gate, (branch, base[0]), own)]
    held, older = own_secrets(secrets, changed, dirt)
    gate.problems.extend(Problem("secret", finding.message, finding) for finding in held)
    gate.warnings += (older,) if older else ()


def own_secrets(
    secrets: Sequence[Finding], changed: set[str] | None, dirt: Collection[str]
) -> tuple[list[Finding], str | None]:
    """Of ``secrets`` (`secret` findings on files that are none of the branch's packets): those
    in a file the branch ``changed`` against its base (``gate.since`` when the hook read it,
    else the merge base with the first protected branch) or left uncommitted (``dirt``); and
    the line naming the others, ``None`` when there are none. All of them when that base cannot
    be told (``changed`` is ``None``: no protected branch, a shallow clone): they then block,
    as before."""
    if not secrets:
        return [], None
    if changed is None:
        return list(secrets), None
    changed = changed | set(dirt)
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


def note_secrets(gate: Gate, branches: tuple[str, str], notes: Collection[str]) -> list[Finding]:
    """The `secret` findings the merge gate of ``branches`` (the branch, its base branch)
    reports in the working ``notes`` the branch changed or left uncommitted: a note in an
    agent's command folder (``.claude/commands/handoff.md``) is read by the gate alone, as a
    note merged like any other. The gate's audit runs only when there is such a note."""
    if not notes:
        return []
    target = Target(branch=branches[0], target_branch=branches[1])
    request = AuditRequest(root=gate.root, paths=(gate.root,), config=gate.config, target=target)
    return [f for f in run_audit(request).findings if f.rule == "secret" and f.path in notes]


def _base(gate: Gate, branch: str) -> tuple[str, str] | None:
    """The branch's base branch, as a merge target names it, and the commit it left it at (as
    the hook read them, else the merge base with the first protected branch); ``None`` when no
    base branch tells its own work from the rest."""
    if gate.since is not None and gate.base_target is not None:
        return gate.base_target, gate.since
    try:
        bench = workbench_at(gate.root, gate.config, branch, None, status=dict)
    except InputError:
        return None
    if bench.base_target is None:
        return None
    return bench.base_target, bench.base


def _changed(root: Path, base: str) -> set[str] | None:
    """The files changed since commit ``base``, committed (whatever their kind, packet files
    too); ``None`` when git cannot tell."""
    try:
        return set(plumbing.changed_since(root, base))
    except plumbing.GitError:
        return None
