"""What a branch without a handoff of its own is told about the active packets of other
branches in its tree (a merged branch's, carried over by a fast-forward merge): the next
action waiting there, and the commands the Stop hook's `branch-mismatch` fix would run; and
what a detached HEAD is told about the active packets there (`detached_lines`), after a git
operation left midway, if any (`detached_told`); and how a packet of a branch renamed into
this one is re-pointed here (`renamed_repoint`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from handoff_audit import jsonpos
from handoff_audit.config import Config
from handoff_audit.credentials import redact
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.engine.brief_errors import NoHandoff
from handoff_audit.engine.rebase_brief import tip_packets
from handoff_audit.git import plumbing
from handoff_audit.git.conflicts import unmerged, unstaged
from handoff_audit.git.rebase_state import pending_in_progress, rebase_in_progress
from handoff_audit.git.refs import Ref
from handoff_audit.git.renames import branch_gone, known_branches
from handoff_audit.git.switch import Branches, branches, switch_command
from handoff_audit.git.workstream import Inherited
from handoff_audit.model.brief import Freshness
from handoff_audit.model.packet import Packet
from handoff_audit.program import program
from handoff_audit.rules.repoint import SINCE, repoint_command, theirs_only
from handoff_audit.shell import from_top, quote, quote_path
from handoff_audit.textcut import shorten

NEXT_ACTION_CHARS = 300
"""How much of the packet's next action is quoted: the packet itself has the rest."""


def _active_of_others(packets: Sequence[Packet], branch: str | None) -> list[Packet]:
    """The readable active JSON packets of a branch other than ``branch`` (of any branch when
    it is ``None``), those nearest the top folder first."""
    return sorted(
        (
            p
            for p in packets
            if p.kind == "json"
            and p.data is not None
            and p.branch not in (None, branch)
            and p.data.get("status") == "active"
        ),
        key=lambda p: (p.path.count("/"), p.path),
    )


def inherited_lines(packets: Sequence[Packet], branch: str, root: Path) -> tuple[str, ...]:
    """A few lines on the first other branch's active JSON packet (and how many more there
    are); none when there is no such packet. Only when its branch no longer exists in the
    repository at ``root`` (`renames.branch_gone`, as `update` decides it) does `update PACKET
    --branch` take it over; while it exists (this branch was made from it), the Stop hook's
    way: archive this branch's copy, commit that, and write this branch's own with `new`."""
    others = _active_of_others(packets, branch)
    if not others:
        return ()
    packet = others[0]
    more = f" (and {len(others) - 1} more)" if len(others) > 1 else ""
    lines = [
        f"This tree holds the active handoff of another branch{more}: {packet.path} "
        f"(branch {packet.branch}); branch {redact(branch)} has none of its own."
    ]
    next_action = _next_action(packet.data or {})
    if next_action:
        lines.append(f"Its next action: {next_action}")
    path = quote(packet.path)
    known = known_branches(root)
    if packet.branch and known is not None and branch_gone(root, packet.branch, branch, *known):
        lines.append(f"To take it over: {repoint_command(f'{program()} update {path}', branch)}")
    else:
        # From the top (``:/handoff.json``): the session may be in a subfolder, where the
        # archive finds the packet from the root but git would not.
        files = " ".join(from_top(f) for f in (packet.path, packet.markdown_path) if f)
        message = quote(f"handoff: archive the packet of {packet.branch} here")
        lines.append(
            f"To take it over (branch {packet.branch} still exists and keeps its copy active: "
            f"this archives this branch's copy; `{program()} new` then writes this branch's own "
            f"before the session ends): {program()} archive {path} && git add -- {files} && "
            f"git commit -m {message} -- {files}"
        )
    lines.append(f"Or, if it is finished: {program()} archive {path}")
    return tuple(" ".join(line.split()) for line in lines)


def set_aside(inherited: Inherited) -> NoHandoff:
    """What a branch is told whose only handoffs are working notes it inherited unchanged from
    its base of which none speaks for its work more than another (`workstream.inherited_pick`:
    a branch that changed only README.md): none is its handoff, as the Stop hook judges it,
    which asks for a handoff of the branch's own; the lines say so and give the command."""
    notes, base = ", ".join(inherited.aside), inherited.base_branch
    work = ", ".join(inherited.work[:3]) + (", …" if len(inherited.work) > 3 else "")
    nothing = NoHandoff(
        f"no handoff of this branch's own: {notes}, inherited from {base} and unchanged on "
        "this branch, are their own workstreams' notes, not this branch's handoff"
    )
    nothing.inherited = (
        f"This branch has no handoff of its own. {notes}, inherited from {base} and unchanged "
        f"here, are left to their own workstreams: none of them speaks for this branch's work "
        f"({work}) more than another, so none is its handoff; read them for those workstreams "
        "only, and leave them as they are.",
        f"This branch's work needs a handoff of its own (the Stop hook asks for it): {program()} "
        'new --summary "<what this session did>" --next-action "<the first thing the next '
        'session should do>" --verdict-pointer "<path or URL of the test report>"',
    )
    return nothing


DETACHED_SHOWN = 5
"""How many active packets a detached HEAD's lines name before saying how many more."""


def detached_told(
    packets: Sequence[Packet], root: Path, config: Config
) -> tuple[str | None, tuple[str, ...]]:
    """What a detached HEAD in the work tree at ``root`` is told: the message `show` ends with
    (``None``: the plain one) and the lines. A rebase stopped midway is no plain detached HEAD
    (`git switch` is refused mid-rebase); a bisect, sequence or `git am` left midway
    (`rebase_state.Pending`) is named first and no `git switch` is printed, which would leave
    it behind."""
    rebase = rebase_in_progress(root)
    if rebase is not None:
        said = rebase.said(_not_staged(root))
        return f"no handoff shown yet: {said}", (f"{said[0].upper()}{said[1:]}.",)
    pending = pending_in_progress(root)
    if pending is not None:
        told = pending.told()
        if pending.kind == "bisect" and pending.branch:
            return f"no handoff shown yet: {told}", bisect_lines(root, pending.branch, config)
        return f"no handoff shown yet: {told}", detached_lines(packets, Branches(), midway=True)
    try:
        refs = plumbing.list_refs(root)
    except plumbing.GitError:
        refs = []  # no branch known: no command is printed
    return None, detached_lines(
        packets, branches(refs), tips=tip_actions(root, packets, refs, config)
    )


def tip_actions(
    root: Path, packets: Sequence[Packet], refs: Sequence[Ref], config: Config
) -> dict[str, str]:
    """For each active packet a detached HEAD is told of, by path, what the tip of its branch
    (local, else remote-tracking) holds in its place when that differs from the commit checked
    out (`git checkout HEAD~3` to bisect): its next action there, or that it is finished or not
    there; one `cat-file` for them all."""
    tips: dict[str, str] = {}
    for ref in sorted(refs, key=lambda r: not r.name.startswith("refs/heads/")):
        if ref.branch:
            tips.setdefault(ref.branch, ref.commit)
    shown = [p for p in _active_of_others(packets, None)[:DETACHED_SHOWN] if p.branch in tips]
    names = {p.path: f"{tips[p.branch or '']}~0:{p.path}" for p in shown}
    try:
        blobs = plumbing.read_blobs(root, list(names.values()), config.max_file_bytes)
    except (plumbing.GitError, ValueError):  # a path git cannot be asked by name: none said
        return {}
    said: dict[str, str] = {}
    for packet in shown:
        at_tip = f"at the tip of branch {packet.branch}"
        try:
            data = jsonpos.loads(blobs[names[packet.path]])
        except (KeyError, ValueError):
            said[packet.path] = f"{at_tip} there is no such packet"
            continue
        status = data.get("status") if isinstance(data, dict) else None
        if status != "active":
            said[packet.path] = (
                f"{at_tip} it is {status if isinstance(status, str) else 'no packet'}"
            )
        elif (tip := _next_action(data)) != _next_action(packet.data or {}):
            said[packet.path] = f"{at_tip} its next action is: {tip or '(none)'}"
    return said


def bisect_lines(root: Path, branch: str, config: Config) -> tuple[str, ...]:
    """What a bisect left running on ``branch`` (it started there) is told after the bisect:
    the active JSON packets at the branch's tip (the commit the bisect checked out may predate
    them), each with its next action, or that it has none."""
    found = tip_packets(root, branch, config)[0]
    active = [p for p in _active_of_others(found, None) if p.branch == branch]
    if not active:
        return (f"The bisect started on branch {branch}, which holds no active handoff packet.",)
    lines = [
        f"The bisect started on branch {branch}; its active handoff (at the branch's tip, not "
        "in the commit the bisect checked out; finish the bisect first):"
    ]
    for packet in active[:DETACHED_SHOWN]:
        line = f"{packet.path} (branch {packet.branch})"
        next_action = _next_action(packet.data or {})
        lines.append(f"{line}; its next action: {next_action}" if next_action else line)
    return tuple(" ".join(line.split()) for line in lines)


def _not_staged(root: Path) -> tuple[str, ...]:
    """The changes not staged at a rebase's stop in the work tree at ``root`` (its conflicts
    aside), which `git rebase --continue` refuses (one `git status`)."""
    try:
        codes = plumbing.status(root, [])
    except plumbing.GitError:
        return ()
    return unstaged(codes, skip=unmerged(codes))


def detached_lines(
    packets: Sequence[Packet],
    here: Branches,
    *,
    midway: bool = False,
    tips: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """What a detached HEAD (`git checkout --detach`, CI, `git bisect`) is told: no branch is
    checked out, then each active JSON packet in the tree by path and branch, with the command
    that checks that branch out (`switch.switch_command`; a branch that is not one of ``here``
    gets none, only that it does not exist here) and its next action; or that there is none.
    ``midway``: a git operation is left midway (`rebase_state.Pending`), named before these
    lines: no `git switch` is printed, as it would leave the operation behind. ``tips``, by
    path, what the tip of a packet's branch holds in its place when that differs
    (`tip_actions`): the packet is then said to be as the commit checked out holds it."""
    active = _active_of_others(packets, None)
    if not active:
        return (
            "HEAD is detached (no branch is checked out), and this tree holds no active handoff "
            "packet of any branch.",
        )
    more = len(active) - DETACHED_SHOWN
    what = (
        "the active handoff packet in this tree, with the command that checks out its branch "
        "if that branch exists here"
        if len(active) == 1
        else f"the {len(active)} active handoff packets in this tree, each with the command "
        "that checks out its branch if that branch exists here"
    )
    if midway:
        what = (
            f"{'the active handoff packet' if len(active) == 1 else 'the active handoff packets'}"
            " in this tree (finish the git operation named above first; checking out a branch now "
            "would leave it behind)"
        )
    lines = [f"HEAD is detached (no branch is checked out), so no handoff is its own; {what}:"]
    for packet in active[:DETACHED_SHOWN]:
        command = None if midway else switch_command(packet.branch, here)
        line = f"{packet.path} (branch {packet.branch})" + (
            ""
            if midway
            else ": "
            + (command or "that branch does not exist here (no local or remote-tracking branch)")
        )
        next_action = _next_action(packet.data or {})
        # on a plain detached HEAD the packet is the commit checked out's, maybe not its branch's
        held = " as the commit checked out holds it" if tips is not None else ""
        lines.append(f"{line}; its next action{held}: {next_action}" if next_action else line)
        if tips and packet.path in tips:
            lines[-1] += f"; {tips[packet.path]}"
    if more > 0:
        lines.append(f"and {more} more (`{program()} check` lists every packet)")
    return tuple(" ".join(line.split()) for line in lines)


def renamed_repoint(
    root: Path, packet: Packet, branch: str, freshness: Freshness, found: Iterable[Packet]
) -> str:
    """`show`'s warning on the packet of a branch renamed into ``branch``, with the command that
    re-points it (`rules.repoint`), named from the current folder; refreshed in the same
    command when the work moved on after it (``freshness``), unless those commits touched only
    the files of the branch's other topics (among ``found``, `theirs_only`)."""
    stale = bool(freshness.work_files) and not freshness.uncommitted
    stale = stale and not theirs_only(packet, freshness.work_files, found, branch)
    update = f"{program()} update {quote_path(from_cwd(root / packet.path))}"
    command = repoint_command(update, branch, SINCE if stale else None)
    done = "to re-point it here, keeping everything else"
    if stale:
        done = (
            "to re-point it here and record what changed since, keeping its decisions, risks "
            "and last known good commit"
        )
    return (
        f"this packet is of branch {packet.branch or ''}, which was renamed to "
        f"{redact(branch)}: run `{command}` {done}"
    )


def _next_action(data: Mapping[str, Any]) -> str | None:
    """A packet's next action, redacted and cut (``None`` when it has none)."""
    next_action = data.get("next_action")
    if isinstance(next_action, str) and next_action.strip():
        return shorten(redact(next_action), NEXT_ACTION_CHARS)
    return None
