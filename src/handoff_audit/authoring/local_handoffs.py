"""The Stop hook's reading of a handoff that the repository keeps out of git: a file of a series
whose folder the repository's own committed ``.gitignore`` keeps out of git on purpose
(`ignored.owner_keeps_out`: ``.claude/handoffs/*.md``, "to prevent accidental sensitive data
commits"), written by the branch, or a working note it keeps local (`ignored.owner_notes`:
``HANDOFF.md``). No commit is to hold it, so it is the branch's handoff as the
work tree has it, judged as an uncommitted handoff is, and never asked to be added by force or
its ``.gitignore`` line deleted. Which file that is, and when it is outdated, is
`engine.local_handoff`'s, as `show` and ``SessionStart`` choose it."""

from __future__ import annotations

from handoff_audit.authoring.gate_verdict import Gate
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.engine.local_handoff import newest_local, outdated_local
from handoff_audit.git import plumbing
from handoff_audit.git.own_commits import own_commits
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding
from handoff_audit.rules.history import HANDOFF_OUTDATED


def take_local(gate: Gate, known: tuple[plumbing.RepoInfo, plumbing.Refs]) -> list[Finding]:
    """The gate's `Gate.local` files (`ignored.owners_files`' first part), the newest of each
    folder audited by name as the branch's handoff, which become its packets; the findings on
    them. One audit of those files, whatever their number. A live-name link of their folder
    (``latest.md``) is left as it is: a commit would hold a link to a file no commit holds."""
    if not gate.local or gate.branch is None:
        return []
    current = newest_local(gate.local, gate.config)
    request = AuditRequest(
        root=gate.root,
        paths=tuple(gate.root / name for name in current),
        config=gate.config,
        target=Target(branch=gate.branch),
        known_git=known,
    )
    report = run_audit(request)
    gate.packets = [p for p in report.packets if p.path in current]
    found = [f for f in report.findings if f.path in current]
    if gate.since is not None:  # the branch's own commits after the file, as `show` says it
        found = [f for f in found if f.rule != HANDOFF_OUTDATED.id]
        commits = own_commits(gate.root, gate.since)
        found += outdated_local(gate.root, gate.config, current, commits)
    return found
