"""May a coding agent's session end here? The judgement behind `handoff-audit hook`.

A branch with work of its own (files changed since its merge base with the first protected
branch, or uncommitted changes: the `Workbench` that `new` and `update` read) must carry an active
packet that passes the audit and is not older than the work, and nothing but packets may be left
uncommitted. A protected branch, or a branch with no work of its own, needs no packet. The rules
themselves are the audit's (`run_audit`); this module only picks the findings that concern the
branch's own packets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.config import Config
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding, PacketInfo, Severity

if TYPE_CHECKING:
    from handoff_audit.authoring.workbench import Workbench

STALE_RULES = frozenset({"packet-outdated", "lkg-behind"})
"""Findings that say the packet is older than the work: they block whatever their severity."""


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
    from handoff_audit.authoring.workbench import read_workbench
    from handoff_audit.config import load_config
    from handoff_audit.rules import RULES_BY_ID

    if plumbing.repo_info(cwd) is None:
        raise Unreadable(f"{cwd} is not inside a git work tree")
    try:
        bench, config = read_workbench(
            cwd, lambda root: load_config(root, rule_ids=RULES_BY_ID), None, None
        )
    except InputError as error:
        raise Unreadable(str(error)) from None
    return judge_workbench(bench, config)


def judge_workbench(bench: Workbench, config: Config) -> Gate:
    """Judge the branch of ``bench`` under ``config``."""
    gate = Gate(root=bench.root, branch=bench.branch, config=config)
    if matches_any(bench.branch, config.protected_branches):
        gate.note = f"{bench.branch} is a protected branch: it needs no packet"
        return gate
    target = Target(branch=bench.branch)
    report = run_audit(
        AuditRequest(root=bench.root, paths=(bench.root,), config=config, target=target)
    )
    gate.packets = [p for p in report.packets if _is_own(p, bench.branch)]
    has_work = bool(bench.changed_files or bench.dirt)
    if not gate.packets:
        if not has_work:
            gate.note = f"{bench.branch} has no work of its own: it needs no packet"
            return gate
        gate.problems.append(
            Problem("no-packet", f"branch {bench.branch} has work of its own but no active packet")
        )
    blocking = _blocking(config)
    by_file = {name: p for p in gate.packets for name in (p.path, p.markdown) if name}
    for finding in report.findings:
        packet = by_file.get(finding.path)
        if packet is not None and blocking(finding):
            gate.problems.append(Problem("finding", finding.message, finding, packet))
    if bench.dirt:
        # First: `new` and `update` want a clean workbench, so committing comes first.
        files = tuple(path for path, _ in bench.dirt)
        gate.problems.insert(
            0, Problem("uncommitted", f"{len(files)} file(s) not committed", files=files)
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
