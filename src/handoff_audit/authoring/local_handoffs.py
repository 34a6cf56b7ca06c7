"""The Stop hook's reading of a handoff that the repository keeps out of git: a file of a series
whose folder the repository's own committed ``.gitignore`` keeps out of git on purpose
(`ignored.owner_keeps_out`: ``.claude/handoffs/*.md``, "to prevent accidental sensitive data
commits"), written by the branch. No commit is to hold it, so it is the branch's handoff as the
work tree has it, judged as an uncommitted handoff is, and never asked to be added by force or
its ``.gitignore`` line deleted."""

from __future__ import annotations

import os
import time

from handoff_audit.authoring.gate_verdict import Gate
from handoff_audit.config import Config
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.engine.branch_ignored import MARGIN
from handoff_audit.engine.series_order import newest_first
from handoff_audit.git import plumbing
from handoff_audit.git.own_commits import OwnCommit, own_commits
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding
from handoff_audit.model.packet import is_handoff_file
from handoff_audit.model.series_names import name_says
from handoff_audit.rules.history import HANDOFF_OUTDATED, moved_on


def take_local(gate: Gate, known: tuple[plumbing.RepoInfo, plumbing.Refs]) -> list[Finding]:
    """The gate's `Gate.local` files (`ignored.owners_files`' first part), the newest of each
    folder audited by name as the branch's handoff, which become its packets; the findings on
    them. One audit of those files, whatever their number. A live-name link of their folder
    (``latest.md``) is left as it is: a commit would hold a link to a file no commit holds."""
    if not gate.local or gate.branch is None:
        return []
    files = gate.local
    folders = sorted({f.rpartition("/")[0] for f in files})
    current = {
        newest_first([f for f in files if f.rpartition("/")[0] == d], {})[0] for d in folders
    }
    request = AuditRequest(
        root=gate.root,
        paths=tuple(gate.root / name for name in sorted(current)),
        config=gate.config,
        target=Target(branch=gate.branch),
        known_git=known,
    )
    report = run_audit(request)
    gate.packets = [p for p in report.packets if p.path in current]
    found = [f for f in report.findings if f.path in current]
    if gate.since is not None:
        found += outdated_local(gate, sorted(current), own_commits(gate.root, gate.since))
    return found


def outdated_local(gate: Gate, files: list[str], commits: list[OwnCommit]) -> list[Finding]:
    """``handoff-outdated`` on each of the local handoff ``files`` last modified more than
    `MARGIN` seconds before the newest of the branch's own ``commits`` (newest first) that
    changes other than handoff files: no commit holds the file, so its time in the work tree
    is when it was last written."""
    severity = gate.config.rules.get(HANDOFF_OUTDATED.id, HANDOFF_OUTDATED.default)
    work = [c for c in commits if c.files and not _only_handoffs(c, gate.config)]
    if severity is None or not work:
        return []
    found = []
    for name in files:
        try:
            written = os.stat(gate.root / name).st_mtime
        except OSError:
            continue
        later = [c for c in work if c.time > written + MARGIN]
        if not later:
            continue
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(written))
        folder = name.rpartition("/")[0]
        other = "" if name_says(name) == 1 else f", or write the next dated handoff in {folder}/"
        newest = (later[0].sha, later[0].subject, later[0].files)
        since = f" (last written {when}, in the work tree)"
        message = moved_on(name, since, len(later), newest, other)
        found.append(Finding(HANDOFF_OUTDATED.id, severity, name, message))
    return found


def _only_handoffs(commit: OwnCommit, config: Config) -> bool:
    return all(is_handoff_file(name, config) for name in commit.files)
