"""The working notes the merge gate would block that the Stop hook does not see as the branch's
handoff: a ``handoff.md`` beside another tool's JSON (`packets` leaves both out), a lower-case
note in an agent's command folder. The hook asks the gate itself (`rules.merge`, the audit run
with the branch's protected base as the merge target), so that a session whose branch it lets
count as handed over (finished, or with no work of its own) meets no block it was never told of.
Only the files the branch added or changed against that base are named, those its `packets`
globs find too (``**/handoff.md`` finds ``.claude/commands/handoff.md``): the others are the
base's, not this session's to delete."""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path

from handoff_audit import shell
from handoff_audit.config import Config
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.git import plumbing
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding
from handoff_audit.model.packet import named_block_file
from handoff_audit.rules.merge_rules import HANDOFF_IN_MERGE


def gated_notes(
    root: Path,
    config: Config,
    branches: tuple[str, str | None, str | None],
    changed: Collection[str],
    uncommitted: Collection[str],
) -> list[Finding]:
    """The `handoff-in-merge` findings a merge of the branch into its protected base would get
    on the files it changed, and the `secret` findings it gets in those notes: ``changed``
    (from the top folder: its own work) and every file that differs from the commit it left
    the base at, but for the ``uncommitted`` ones (the hook's commit comes first);
    ``branches``: the branch, its base and that commit. ``[]`` with no base or no such file.
    The audit runs only when one of them has a name `block-files` finds."""
    branch, base, since = branches
    if base is None:
        return []
    committed = plumbing.changed_since(root, since) if since is not None else []
    changed = {*changed, *(path for path in committed if path not in uncommitted)}
    if not any(named_block_file(path, config) for path in changed):
        return []
    request = AuditRequest(
        root=root, paths=(root,), config=config, target=Target(branch=branch, target_branch=base)
    )
    findings = [f for f in run_audit(request).findings if f.path in changed]
    notes = [f for f in findings if f.rule == HANDOFF_IN_MERGE.id]
    # A credential in such a note is the gate's finding too, at its line.
    noted = {f.path for f in notes}
    return [*notes, *(f for f in findings if f.rule == "secret" and f.path in noted)]


def note_advice(
    finding: Finding, path: Callable[[str], str], kind: str = "working-note"
) -> tuple[str, str, str | None]:
    """The Stop hook's reason, fix and alternative for the working note of ``finding``, or
    for the ``submodule`` under a handoff's name it names (`git rm` alone: no file to keep);
    ``path``: a path from the top folder as the agent's folder sees it, quoted."""
    if kind == "submodule":
        gone = f"git rm {shell.sparse(finding.path)}-- {path(finding.path)}"
        return finding.message, f'{gone} && git commit -m "handoff: no submodule"', None
    return (
        f"{finding.path} is a working note, and the merge gate blocks it (`handoff-in-merge`): "
        "the branch is not handed over while it is in it; once what it says is done or kept "
        "elsewhere (the docs, an issue), delete it",
        f"git rm {shell.sparse(finding.path)}-- {path(finding.path)} && "
        'git commit -m "handoff: done"',
        "or, when the file belongs in the repository, leave it out of `block-files` with a `!` "
        "entry naming it in the configuration (on a pull request, the base branch's decides: "
        "merge that change first)",
    )
