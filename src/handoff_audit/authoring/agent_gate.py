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

from handoff_audit.authoring.workbench import packet_file_test, read_workbench
from handoff_audit.config import Config, load_config
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.globs import matches_any
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Finding, PacketInfo, Severity
from handoff_audit.rules import RULES_BY_ID

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
    """The checked-out branch (``None``: HEAD is detached)."""
    problems: list[Problem] = field(default_factory=list)
    """Why the session may not end; empty = it may."""
    note: str | None = None
    """Why nothing was required (protected branch, no work of its own, detached HEAD)."""
    packets: list[PacketInfo] = field(default_factory=list)
    """The branch's own packets."""
    config: Config = field(default_factory=Config)
    """The configuration used (its ``verify`` command goes into the fixes)."""


class CannotJudge(Exception):
    """The hook cannot judge (no repository, broken configuration): never block on it."""


def judge(cwd: Path) -> Gate:
    """Judge the work tree around ``cwd``. `CannotJudge` when there is nothing to judge.

    The common case, a branch with a current packet, costs the audit and one ``git status``;
    only a branch without a packet of its own needs the workbench's merge base and diff."""
    info = plumbing.repo_info(cwd)
    if info is None:
        raise CannotJudge(f"{cwd} is not inside a git work tree")
    root = info.toplevel
    try:
        config = load_config(root, rule_ids=RULES_BY_ID)
        branch = plumbing.current_branch(root)
    except InputError as error:
        raise CannotJudge(f"configuration: {error}") from None
    except plumbing.GitError as error:
        raise CannotJudge(str(error)) from None
    gate = Gate(root=root, branch=branch, config=config)
    if branch is None:
        gate.note = "HEAD is detached: no branch to hand off"
    elif matches_any(branch, config.protected_branches):
        gate.note = f"{branch} is a protected branch: it needs no packet"
    else:
        _judge_branch(gate, branch, config)
    return gate


def _judge_branch(gate: Gate, branch: str, config: Config) -> None:
    request = AuditRequest(
        root=gate.root, paths=(gate.root,), config=config, target=Target(branch=branch)
    )
    report = run_audit(request)
    gate.packets = [p for p in report.packets if _is_own(p, branch)]
    try:
        if gate.packets:
            packet_file = packet_file_test(config)
            status = plumbing.status(gate.root, [])
            dirt = tuple(path for path in sorted(status) if not packet_file(path))
        else:
            bench, _ = read_workbench(gate.root, lambda _root: config, branch, None)
            dirt = tuple(path for path, _ in bench.dirt)
            if not (bench.changed_files or dirt):
                gate.note = f"{branch} has no work of its own: it needs no packet"
                return
            gate.problems.append(
                Problem("no-packet", f"branch {branch} has work of its own but no active packet")
            )
    except plumbing.GitError as error:
        raise CannotJudge(str(error)) from None
    except InputError as error:
        raise CannotJudge(str(error)) from None
    blocking = _blocking(config)
    by_file = {name: p for p in gate.packets for name in (p.path, p.markdown) if name}
    for finding in report.findings:
        packet = by_file.get(finding.path)
        if packet is not None and blocking(finding):
            gate.problems.append(Problem("finding", finding.message, finding, packet))
    if dirt:
        # First: `new` and `update` want a clean workbench, so committing comes first.
        gate.problems.insert(
            0, Problem("uncommitted", f"{len(dirt)} file(s) not committed", files=dirt)
        )


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
