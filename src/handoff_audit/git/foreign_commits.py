"""A packet copied from another branch: every commit it records (its last known good commit,
the commits its ``--verify`` runs name) is off the history checked, and another branch holds
them. A rebase leaves its old commits off the history too, but on no other branch than the
rebased one and its remote-tracking copies, which are not counted. Asked, for all packets
together, only of those whose last known good commit is off the history: their recorded
commits resolved in the `git.facts` call that resolves the others, and one ``rev-list`` of the
commits the branches' tips reach that the commit checked does not, which tells both whether a
recorded commit is on the history and which branches hold it, however many packets there are.
Not folded into the ancestry walk (`ancestry_counts.ancestry_walk`): that walk would start from
every branch's tip in every audit, needed or not, and lose commits of the history checked to its
limit (bench/README.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from handoff_audit.git import plumbing
from handoff_audit.git.refs import Ref
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import Copied, History

_RUN_AT = re.compile(r"--verify at ([0-9a-f]{7,40})\b")


def recorded_commits(data: Mapping[str, Any]) -> list[str]:
    """The commits ``data`` records: its last known good commit, then those its ``--verify``
    notes name (distinct, in that order)."""
    found = [data.get("last_known_good_commit")]
    for entry in data.get("commands_run") or []:
        note = entry.get("note") if isinstance(entry, dict) else None
        if isinstance(note, str) and (match := _RUN_AT.match(note)):
            found.append(match.group(1))
    named = [sha for sha in found if isinstance(sha, str) and re.fullmatch(r"[0-9a-f]{7,40}", sha)]
    return list(dict.fromkeys(named))


def recorded_of(packets: Sequence[Packet]) -> list[str]:
    """The commits ``packets`` record (`recorded_commits`), for `git.facts` to resolve."""
    return sorted({sha for packet in packets for sha in recorded_commits(packet.data or {})})


def copied_from(
    root: Path, data: Mapping[str, Any], head: str, branch: str | None
) -> Copied | None:
    """`Copied` when none of the commits ``data`` records is an ancestor of ``head`` and a
    branch other than ``branch`` (and its remote-tracking copies) holds one; else ``None``:
    `copied_packets` of one packet, its commits resolved and the refs read first."""
    recorded = recorded_commits(data)
    if not recorded or not head:
        return None
    try:
        resolved = plumbing.resolve(root, recorded)
        refs = plumbing.read_refs(root)[0]
    except (plumbing.GitError, ValueError):
        return None
    return copied_packets(root, {"": data}, resolved, head, (refs, branch)).get("")


def copied_packets(
    root: Path,
    packets: Mapping[str, Mapping[str, Any]],
    resolved: Mapping[str, tuple[str, str] | None],
    head: str,
    where: tuple[Sequence[Ref], str | None],
) -> dict[str, Copied]:
    """Per key of ``packets`` (a packet's data) that was copied from another branch, its
    `Copied`: none of its recorded commits (resolved in ``resolved``) is an ancestor of
    ``head``, and a branch of ``where`` (the refs, and the branch checked, whose own refs do not
    count) holds one. One git process for all of them, none when no packet records a commit."""
    full = {key: _full(recorded_commits(data), resolved) for key, data in packets.items()}
    wanted = {commit for commits in full.values() for commit in commits}
    if not wanted or not head:
        return {}
    refs, branch = where
    others = [ref for ref in refs if not _same_branch(ref.name, branch)]
    tips = sorted(wanted | {ref.commit for ref in others})
    order = sorted(wanted)
    try:
        reach = _reaches(root, tips, head, order)
    except plumbing.GitError:
        return {}
    held = {ref.name: reach[ref.commit] for ref in others if ref.commit in reach}
    result: dict[str, Copied] = {}
    for key, commits in full.items():
        if not commits or any(commit not in reach for commit in commits):
            continue  # no commit here, or one on the history checked
        bits = 0
        for commit in commits:
            bits |= 1 << order.index(commit)
        names = [_branch_name(ref) for ref, reached in held.items() if reached & bits]
        if names:
            shown = dict.fromkeys(commit[:12] for commit in commits)
            result[key] = Copied(tuple(shown), tuple(dict.fromkeys(names)))
    return result


def copied_into(
    root: Path,
    facts: History,
    active: Sequence[Packet],
    resolved: Mapping[str, tuple[str, str] | None],
    refs: Sequence[Ref],
) -> None:
    """Set `PacketHistory.copied` of each of the ``active`` packets whose last known good
    commit is off the history ``facts`` checked and that `copied_packets` finds copied."""
    off = {
        packet.path: packet.data or {}
        for packet in active
        if (info := facts.packets.get(packet.path)) and info.lkg_state == "not-ancestor"
    }
    if not off or facts.head is None:
        return
    for path, copied in copied_packets(
        root, off, resolved, facts.head, (refs, facts.branch)
    ).items():
        facts.packets[path] = replace(facts.packets[path], copied=copied)


def _reaches(root: Path, tips: list[str], head: str, wanted: list[str]) -> dict[str, int]:
    """Each commit ``tips`` reach that ``head`` does not -> the ``wanted`` commits it reaches,
    as a bit set over ``wanted`` (one ``rev-list --topo-order``, parents read after their
    children; the commits on its standard input, where git reads no options). A wanted commit
    missing from it is on the history of ``head``."""
    lines = "".join(f"{tip}\n" for tip in tips) + f"^{head}\n"
    args = ["rev-list", "--parents", "--topo-order", "--stdin"]
    out = plumbing.run(root, args, stdin=lines.encode("ascii"))
    own = {commit: 1 << i for i, commit in enumerate(wanted)}
    reach: dict[str, int] = {}
    for line in reversed(out.decode("ascii", "replace").splitlines()):
        commit, *parents = line.split()
        bits = own.get(commit, 0)
        for parent in parents:
            bits |= reach.get(parent, 0)
        reach[commit] = bits
    return reach


def _full(recorded: list[str], resolved: Mapping[str, tuple[str, str] | None]) -> list[str]:
    """The full ids of the ``recorded`` commits that are commits here."""
    return list(dict.fromkeys(found[0] for sha in recorded if (found := resolved.get(sha))))


def _same_branch(ref: str, branch: str | None) -> bool:
    """Whether ``ref`` is ``branch`` or a remote-tracking copy of it (``refs/remotes/R/B``)."""
    if branch is None:
        return False
    return ref == f"refs/heads/{branch}" or (
        ref.startswith("refs/remotes/") and ref.endswith(f"/{branch}")
    )


def _branch_name(ref: str) -> str:
    return ref.removeprefix("refs/heads/").removeprefix("refs/remotes/")
