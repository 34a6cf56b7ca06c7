"""May a coding agent's session end here? The judgement behind `handoff-audit hook`.

A branch with work of its own (commits beyond its merge base with the default branch, or
uncommitted changes) must carry an active packet that passes the audit and is not older than
the work, and nothing but that packet may be left uncommitted. A protected branch, or a branch
with no work of its own, needs no packet. The rules themselves are the audit's (`run_audit`);
this module only picks the findings that concern the branch's own packets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding, PacketInfo, Severity

STALE_RULES = frozenset({"packet-outdated", "lkg-behind"})
"""Findings that say the packet is older than the work: they block whatever their severity."""
_LITERAL_BRANCH = re.compile(r"[^*?\[\]{}]+")


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason the session may not end yet."""

    kind: str
    """``no-packet``, ``finding`` or ``uncommitted``."""
    message: str
    """What is wrong, one line."""
    finding: Finding | None = None
    """For ``finding``: the audit's finding."""
    packet: PacketInfo | None = None
    """For ``finding``: the packet it is about."""
    files: tuple[str, ...] = ()
    """For ``uncommitted``: the files, from the repository root."""


@dataclass(slots=True)
class Gate:
    """The judgement: problems (block when any) or a note saying why there is nothing to do."""

    root: Path
    """The work tree's top folder."""
    branch: str | None = None
    """The checked-out branch."""
    problems: list[Problem] = field(default_factory=list)
    """Why the session may not end; empty = it may."""
    note: str | None = None
    """Why nothing was required (protected branch, no work of its own, detached HEAD)."""
    packets: list[PacketInfo] = field(default_factory=list)
    """The branch's own packets."""
    config: Config = field(default_factory=Config)
    """The configuration used (its ``verify`` command goes into the fixes)."""


class Unreadable(Exception):
    """The hook cannot judge (no repository, broken configuration): never block on it."""


def judge(cwd: Path) -> Gate:
    """Judge the work tree around ``cwd``. `Unreadable` when there is nothing to judge."""
    from handoff_audit.config import load_config
    from handoff_audit.errors import InputError

    info = plumbing.repo_info(cwd)
    if info is None:
        raise Unreadable(f"{cwd} is not inside a git work tree")
    root = info.toplevel
    try:
        from handoff_audit.rules import RULES_BY_ID

        config = load_config(root, rule_ids=RULES_BY_ID)
    except InputError as error:
        raise Unreadable(f"configuration: {error}") from None
    return judge_repository(root, config)


def judge_repository(root: Path, config: Config) -> Gate:
    """Judge the checked-out branch of the repository at ``root`` under ``config``."""
    gate = Gate(root=root, config=config)
    try:
        branch = plumbing.current_branch(root)
        if branch is None:
            gate.note = "HEAD is detached: no branch to hand off"
            return gate
        gate.branch = branch
        if matches_any(branch, config.protected_branches):
            gate.note = f"{branch} is a protected branch: it needs no packet"
            return gate
        own_commits = _has_own_commits(root, config)
        dirty = plumbing.status(root, [])
    except plumbing.GitError as error:
        raise Unreadable(str(error)) from None
    request = AuditRequest(root=root, paths=(root,), config=config, target=Target(branch=branch))
    report = run_audit(request)
    gate.packets = [p for p in report.packets if _is_own(p, branch)]
    own_files = {name for p in gate.packets for name in (p.path, p.markdown) if name}
    from handoff_audit.git.facts import is_handoff_file as handoff_file

    changed = sorted(path for path, code in dirty.items() if code.strip())
    work_files = [path for path in changed if not handoff_file(path, config)]
    if not gate.packets:
        if own_commits or work_files:
            gate.problems.append(
                Problem("no-packet", f"branch {branch} has work of its own but no active packet")
            )
        else:
            gate.note = f"{branch} has no work of its own: it needs no packet"
    blocking = _blocking(config)
    by_file = {name: p for p in gate.packets for name in (p.path, p.markdown) if name}
    for finding in report.findings:
        packet = by_file.get(finding.path)
        if packet is not None and blocking(finding):
            gate.problems.append(Problem("finding", finding.message, finding, packet))
    left = tuple(path for path in changed if path not in own_files)
    if left and (gate.packets or own_commits or work_files):
        # First: `new` and `update` want a clean workbench, so committing comes first.
        gate.problems.insert(
            0, Problem("uncommitted", f"{len(left)} file(s) not committed", files=left)
        )
    return gate


def _is_own(packet: PacketInfo, branch: str) -> bool:
    """The branch's active packets, and those whose branch cannot be read (an unreadable
    file, a hand-written markdown handoff): they are in this branch's tree."""
    if packet.branch is None:
        return True
    return packet.branch == branch and packet.status == "active"


def _blocking(config: Config) -> Callable[[Finding], bool]:
    rules = config.agent_hook.rules

    def blocks(finding: Finding) -> bool:
        if rules is not None:
            return finding.rule in rules
        return finding.severity is Severity.ERROR or finding.rule in STALE_RULES

    return blocks


def _has_own_commits(root: Path, config: Config) -> bool:
    """True when HEAD has commits that the default branch (the first protected branch found,
    local or ``origin/``) does not; False when there is no such branch to compare with."""
    names = [name for name in config.protected_branches if _LITERAL_BRANCH.fullmatch(name)]
    names = [name for name in names if plumbing.is_safe_branch(name)]
    candidates = [rev for name in names for rev in (name, f"origin/{name}")]
    found = plumbing.resolve(root, ["HEAD", *candidates])
    head = found["HEAD"]
    if head is None:
        return False
    base_tip = next((found[rev] for rev in candidates if found[rev] is not None), None)
    if base_tip is None:
        return False
    base = plumbing.merge_base(root, head[0], base_tip[0])
    return base != head[0]
