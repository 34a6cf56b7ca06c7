"""Rules about which packets are active where: one active packet per (branch, topic), on its
own branch."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from handoff_audit import shell
from handoff_audit.model.context import AuditContext
from handoff_audit.model.findings import Severity
from handoff_audit.model.packet import Packet
from handoff_audit.rules.base import Fix, Hit, Rule
from handoff_audit.rules.repoint import check_repoint, repoint_since
from handoff_audit.textcut import shorten

BRANCH_MISMATCH = Rule(
    id="branch-mismatch",
    default=Severity.ERROR,
    summary="an active packet names another branch than the one checked",
    doc="""\
**Why.** A packet hands off the work of one branch. An active packet that names another branch
was copied, merged or branched off with the work it describes, and the next session on this
branch would follow instructions meant for the other one.

**Example.** On branch `feat/refund-v2`, `.handoff/refund.json` still says
`"branch": "feat/refund"`, because `feat/refund-v2` was branched off `feat/refund`.

**Fix.** The packet belongs to the other branch: archive or supersede it here (`handoff-audit
archive PACKET`); if the work continues on this branch, start its packet with `handoff-audit
new`. When the other branch no longer exists (renamed with `git branch -m`; a pushed branch
too, whose remote-tracking ref keeps the old name, when this branch's reflog shows the rename),
the packet is this branch's under its old name: re-point it with `handoff-audit update PACKET
--branch BRANCH`, which keeps its decisions, risks and last known good commit (with `--summary`
too when the work moved on after it: a re-point alone would make it count as current, so `update`
refuses it; `packet-outdated` prints the same command). The branch checked is
`--branch`, else the checked-out branch; in a detached checkout without `--branch` (CI builds
of pull requests, `git bisect`) the rule says once, as a warning, that it cannot tell, rather
than guess: pass `--branch` (the action passes the pull request's head branch). The action
run for a tag (a push of `refs/tags/*`, a release) checks no branch, so it compares none.
""",
)

MULTIPLE_ACTIVE = Rule(
    id="multiple-active",
    default=Severity.ERROR,
    summary="more than one active packet for the same (branch, topic)",
    doc="""\
**Why.** Two active packets for the same branch and topic are two sessions' versions of the
truth; the next session cannot know which one to follow, and whichever it picks, it undoes
the other's work.

**Example.** `handoff.json` and `.handoff/default.json` both say `"branch": "feat/x"`, no topic
(`default`), `"status": "active"`. With `--all-branches` the audit also reads the packets of
every local and remote-tracking branch (without checking them out), so a packet on
`feat/x-spike` claiming `feat/x` is caught too; a copy identical to one already read counts once.

**Fix.** Keep the newest (the finding marks it: the most recent change, by commit date) and
supersede the others: `handoff-audit supersede OLD --by NEW`. Give parallel lines of work
distinct topics.
""",
    fix=Fix.SUPERSEDE,
)

_LISTED = 10
"""At most this many packets are listed in one message (each packet has its own finding)."""

RULES = (
    BRANCH_MISMATCH,
    MULTIPLE_ACTIVE,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Compare active packets with the branch checked and with each other."""
    yield from _mismatch(ctx)
    yield from _multiple(ctx)


def _unknown_branch(in_action: bool) -> str:
    """Why no packet's branch was compared, and how to give the branch: ``--branch`` on the
    command line; in the action (which has no such input) the workflow's checkout."""
    if in_action:
        return (
            "cannot tell which branch is checked (HEAD is detached and the event names no "
            "branch), so no packet's `branch` was compared: run the action on a pull_request or "
            "a push of a branch, or check the branch out (actions/checkout's `ref:` input)"
        )
    return (
        "cannot tell which branch is checked (HEAD is detached and no --branch was given), so "
        "no packet's `branch` was compared: pass --branch NAME (in CI, the pull request's head "
        "branch)"
    )


def _mismatch(ctx: AuditContext) -> Iterator[Hit]:
    facts = ctx.history
    active = [
        p for p in ctx.packets if p.ref is None and p.status == "active" and p.branch is not None
    ]
    if not active:
        return
    checked = facts.branch if facts is not None else ctx.target.branch
    if checked is None:
        if facts is not None and facts.branch_unknown and not ctx.target.tag_checked:
            first = active[0]
            line, column = first.position("/branch")
            yield Hit(
                BRANCH_MISMATCH,
                first.path,
                _unknown_branch(ctx.target.in_action),
                line,
                column,
                "/branch",
                severity=Severity.WARNING,  # nothing is known to be wrong
            )
        return
    for packet in active:
        if packet.branch == checked:
            continue
        line, column = packet.position("/branch")
        archive = f"handoff-audit archive {shell.fix_path(packet.path)}"
        if facts is not None and packet.branch and facts.branch_gone(packet.branch):
            since = repoint_since(facts, packet, ctx.packets, checked)
            refresh = " and record what changed since (the work moved on after it)"
            advice = (
                f"run `{check_repoint(packet, checked, since)}` to re-point it here"
                f"{refresh if since else ''}, keeping its decisions, risks and last known good "
                f"commit; or, if its work is done, `{archive}`"
            )
            yield Hit(
                BRANCH_MISMATCH,
                packet.path,
                f"this active packet is for branch {_show(packet.branch)}, which no longer "
                f"exists (renamed or deleted), but the branch checked is {_show(checked)}: "
                f"{advice}",
                line,
                column,
                "/branch",
                repoint=checked,
                advice=advice,
            )
            continue
        yield Hit(
            BRANCH_MISMATCH,
            packet.path,
            f"this active packet is for branch {_show(packet.branch)} but the branch checked is "
            f"{_show(checked)}: run `{archive}` here (or `supersede`), then, if the work "
            "continues on this branch, start its packet with `handoff-audit new`",
            line,
            column,
            "/branch",
        )


def _multiple(ctx: AuditContext) -> Iterator[Hit]:
    groups: defaultdict[tuple[str, str], list[Packet]] = defaultdict(list)
    for packet in ctx.packets:
        if packet.status == "active" and packet.data is not None and packet.branch:
            groups[(packet.branch, packet.topic)].append(packet)
    facts = ctx.history
    for (branch, topic), group in sorted(groups.items()):
        if len(group) < 2:
            continue

        def newest(packet: Packet) -> tuple[float, bool, str]:
            when = facts.changed_at(packet) if facts is not None else None
            return (when or 0.0, packet.ref is None, _label(packet))

        keep = max(group, key=newest)
        others = [_label(p) for p in group[:_LISTED] if p is not keep]
        names = ", ".join(
            f"{_label(p)}{' (newest)' if p is keep else ''}" for p in group[:_LISTED]
        ) + (f" and {len(group) - _LISTED} more" if len(group) > _LISTED else "")
        supersede = "; ".join(
            f"handoff-audit supersede {shell.fix_path(p.path)} --by {shell.fix_path(keep.path)}"
            for p in group[:_LISTED]
            if p is not keep and p.ref is None
        )
        how = f" ({supersede})" if supersede else ""
        for packet in group:
            line, column = packet.position("/status")
            role = (
                "this is the newest: keep it"
                if packet is keep
                else f"keep the newest, {_label(keep)}"
            )
            yield Hit(
                MULTIPLE_ACTIVE,
                _label(packet),
                f"{len(group)} active packets claim branch {_show(branch)}, topic "
                f"{_show(topic)}: {names}; {role} and supersede {', '.join(others)}{how}",
                line,
                column,
                "/status",
                keep=keep.path if keep.ref is None else None,
            )


def _label(packet: Packet) -> str:
    return packet.path if packet.ref is None else f"{packet.ref}:{packet.path}"


def _show(value: str | None, limit: int = 80) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in (value or ""))
    return f"`{shorten(text, limit + 1)}`"
