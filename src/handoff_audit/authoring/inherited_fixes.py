"""The Stop hook's fix for an active packet of another branch in this branch's tree
(`agent_gate` calls it ``inherited``): archived here and this branch's own packet started; or,
when this branch was renamed from that branch (`git branch -m`), re-pointed here with `update
--branch`, and refreshed in the same command when it is older than the work: the re-point's
commit makes the packet newer than the work, so a re-point alone would hide that it is stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handoff_audit import shell
from handoff_audit.authoring.gate_verdict import Problem
from handoff_audit.credentials import redact
from handoff_audit.git.renames import renamed_from
from handoff_audit.model.findings import Finding, PacketInfo
from handoff_audit.program import program
from handoff_audit.rules.repoint import repoint_command
from handoff_audit.textcut import whole_clauses

if TYPE_CHECKING:
    from handoff_audit.authoring.agent_fixes import Fixes

OUTDATED_RULES = ("packet-outdated", "handoff-outdated")
"""The rules that say the work moved on after the handoff (what `--summary` answers)."""

REASON_CHARS = 480
"""The most characters of a finding's statement in the Stop hook's reason line (the file, the
rule and "(and N more on this file)" besides), cut after a whole clause
(`textcut.whole_clauses`)."""

Told = tuple[str, str, str | None]
"""A reason, its fix and the line after it (`agent_fixes.Advice`'s fields)."""


def inherited_advice(fixes: Fixes, problem: Problem) -> Told:
    """An active packet of the branch this one was made from: archived here (the other
    branch keeps its own copy active) and committed apart, so that `new` may start this
    branch's packet; unless the branch has one already."""
    packet, finding = problem.packet, problem.finding
    assert packet is not None and finding is not None
    files = " ".join(fixes.path(name) for name in (packet.path, packet.markdown) if name)
    if _renamed_here(fixes, packet, finding):
        return _repointed(fixes, packet, finding, files, problem.stale)
    message = shell.quote(f"handoff: archive the packet of {packet.branch} here")
    command = (
        f"{program()} archive {fixes.path(packet.path)} && git add -- {files} && "
        f"git commit -m {message} -- {files}"
    )
    also = f"the packet stays active on {packet.branch}: this archives this branch's copy"
    if finding.repoint is not None:
        also = f"branch {packet.branch} is not in this repository: this archives its packet"
    if not fixes.gate.packets:
        command = f"{command} && {fixes.new()}"
        also = (
            f"branch {fixes.gate.branch} has no active handoff of its own; {also}, then "
            "starts its own packet"
        )
    if finding.repoint is not None:
        repoint = _repoint(fixes, packet, finding.repoint, problem.stale)
        also += f"; to keep it as this branch's instead: {repoint}"
    return reason(finding, [finding]), command, also


def _renamed_here(fixes: Fixes, packet: PacketInfo, finding: Finding) -> bool:
    """True when the packet's branch is gone and this branch's reflog says it was renamed
    from it (`git branch -m`): the packet is this branch's under its old name."""
    branch = fixes.gate.branch
    if finding.repoint is None or branch is None or packet.branch is None:
        return False
    return packet.branch in renamed_from(fixes.gate.root, branch)


def _repointed(
    fixes: Fixes, packet: PacketInfo, finding: Finding, files: str, stale: tuple[Finding, ...]
) -> Told:
    """A packet whose branch no longer exists (renamed): re-pointed at this branch by
    `update --branch`, keeping its decisions, risks and last known good commit, and
    committed; refreshed in the same command when it is older than the work (``stale``):
    with what changed since, unless those commits touched only the branch's other topics'
    files (`_theirs_only`), which a re-point with `--verify` answers, its summary kept."""
    assert finding.repoint is not None
    theirs = _theirs_only(fixes, packet, stale)
    verb = "re-point and refresh" if stale and not theirs else "re-point"
    new = redact(finding.repoint)  # a branch named like a credential is renamed first
    message = shell.quote(f"handoff: {verb} the packet of {packet.branch} here")
    command = (
        f"{_repoint(fixes, packet, finding.repoint, stale, theirs)} && git add -- {files} && "
        f"git commit -m {message} -- {files}"
    )
    also = (
        f"branch {packet.branch} no longer exists: this makes the packet {new}'s, "
        "everything else kept"
    )
    if theirs:
        also = (
            f"branch {packet.branch} no longer exists: this makes the packet {new}'s; the "
            "commits since touched only the branch's other topics' files, so it keeps its "
            "summary and next action, everything else kept"
        )
    elif stale:
        also = (
            f"branch {packet.branch} no longer exists and the work moved on after the packet: "
            f"this makes it {new}'s and records what changed since, its decisions "
            "and risks kept"
        )
    return reason(finding, [finding, *stale]), command, also


def _theirs_only(fixes: Fixes, packet: PacketInfo, stale: tuple[Finding, ...]) -> bool:
    """True when the commits since ``packet`` touched only the files of the branch's other
    topics: its packets, and the other packets of its old name not re-pointed yet."""
    renamed = [
        p.packet
        for p in fixes.gate.problems
        if p.kind == "inherited" and p.packet is not None and p.packet.branch == packet.branch
    ]
    return bool(stale) and fixes.other_topics_only(packet, stale, renamed)


def _repoint(
    fixes: Fixes,
    packet: PacketInfo,
    branch: str,
    stale: tuple[Finding, ...],
    theirs: bool = False,
) -> str:
    """`update PACKET --branch BRANCH`, with the refresh that the ``stale`` findings (the
    packet is older than the work) ask for: what changed since, a passing test run; the
    re-point alone when the commits since were other topics' (``theirs``), as `check` prints."""
    quoted = fixes.path(packet.path)
    if not stale or theirs:
        # The re-point alone, as `check` and `show` print it (`rules.repoint.theirs_only`):
        # the commits since were other topics' work, and so are this session's commands.
        return repoint_command(f"{program()} update {quoted}", branch)
    verify = any(f.rule == "lkg-behind" for f in stale)
    since = fixes.since(list(stale)) if any(f.rule in OUTDATED_RULES for f in stale) else None
    return repoint_command(fixes.refresh(quoted, verify=verify), branch, since)


def reason(first: Finding, findings: list[Finding]) -> str:
    """The reason line of the findings on one file: the first, and how many more."""
    where = first.path + (f":{first.line}" if first.line else "")
    # The fix line is the hook's own: the rule's advice beside it could contradict it.
    statement = whole_clauses(" ".join(first.statement.split()), REASON_CHARS)
    said = f"{where} {first.rule}: {statement}"
    if len(findings) > 1:
        said += f" (and {len(findings) - 1} more on this file)"
    return said
