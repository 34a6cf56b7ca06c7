"""The words of the lifecycle commands' refusals when the packet they want is not there: no
active packet for `update`, `archive` or `supersede` (the branch's packets of other topics, or
files that could not be read), and how `new` starts over on a topic that has one."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from handoff_audit import shell
from handoff_audit.credentials import redact
from handoff_audit.git.workbench import Workbench
from handoff_audit.model.packet import Packet, twin_of
from handoff_audit.rules.base import Hit


def name(path: Path) -> str:
    """How messages name a file: relative to the current folder when under it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def supersede_and_commit(bench: Workbench, packet: Packet) -> str:
    """The command that marks ``packet`` superseded and commits it, after which `new` may
    replace it at its place (git keeps it in the history)."""
    files = " ".join(shell.from_top(path) for path in (packet.path, twin_of(packet.path)))
    git = shell.git_at(bench.root)
    return (
        f"handoff-audit supersede {shell.quote_path(name(bench.root / packet.path))} && "
        f'{git} add -- {files} && {git} commit -m "handoff: superseded" -- {files}'
    )


_LISTED = 3
"""How many files a refusal names before it counts the rest."""


def branch_named(branch: object) -> str:
    """``branch`` quoted as `new`'s and `update`'s refusals name it: redacted when it looks like
    a credential, never echoed (as `check`, `show` and the Stop hook name it)."""
    return redact(repr(branch))


def no_active_message(
    bench: Workbench,
    topic: str,
    others: list[Packet],
    command: str,
    not_packets: Sequence[tuple[str, str]] = (),
) -> str:
    """Why ``command`` found no packet to change: the JSON files at packet paths that are no
    packet, each with why (`not_a_packet`'s words, as `show` and `new` say them); then the
    branch's active packets of other topics with the command for each, else what to do
    instead."""
    whose = f"branch {branch_named(bench.branch)} topic {topic!r}"
    missing = f"{whose} has no active packet to {command}"
    missing += _not_taken(bench, not_packets)
    if others:
        listed = ", ".join(
            f"{p.path} (`handoff-audit {command} --topic {shell.quote(p.topic)}`)"
            for p in others[:_LISTED]
        )
        which = "packets are of other topics" if len(others) > 1 else "packet is of another topic"
        return f"{missing}; its active {which}: {listed}"
    if command == "update":
        new_path = "handoff.json" if topic == "default" else f".handoff/{topic}.json"
        if any(path == new_path for path, _ in not_packets):
            return (
                f"{missing}; start one elsewhere with `handoff-audit new --output FILE` (`new` "
                f"will not overwrite {name(bench.root / new_path)}), or rename or move that file"
            )
        hint = f" --topic {shell.quote(topic)}" if topic != "default" else ""
        return f"{missing}; start one with `handoff-audit new{hint}`"
    return (
        f"{missing}; a finished packet (superseded, archived) is changed by its path: "
        f"`handoff-audit {command} PACKET.json`"
    )


def _not_taken(bench: Workbench, not_packets: Sequence[tuple[str, str]]) -> str:
    """The clause naming the JSON files at packet paths that were not taken, and why."""
    if not not_packets:
        return ""
    if len(not_packets) == 1:
        [(path, reason)] = not_packets
        taken = f"{name(bench.root / path)} was not taken (left unchanged)"
        return f"; {taken}: not a handoff packet ({reason})"
    listed = "; ".join(
        f"{name(bench.root / path)}: not a handoff packet ({reason})"
        for path, reason in not_packets[:_LISTED]
    )
    more = len(not_packets) - _LISTED
    if more > 0:
        listed += f"; {more} more such file{'s' if more > 1 else ''}"
    return f"; {len(not_packets)} files were not taken (left unchanged): {listed}"


def unread_message(bench: Workbench, topic: str, unread: list[Hit]) -> str:
    """Why no active packet was found when packet files could not be read: the packet may be
    one of them, and `new` would not start another one over it."""
    whose = f"branch {branch_named(bench.branch)} topic {topic!r}"
    if len(unread) == 1:
        hit = unread[0]
        return (
            f"{place(bench, hit)}: this packet file exists but cannot be read, so {whose} may "
            f"have its active packet there: {hit.message}"
        )
    listed = "; ".join(f"{place(bench, hit)}: {hit.message}" for hit in unread)
    return (
        f"{whose} has no active packet that can be read, and {len(unread)} packet files cannot "
        f"be read (it may be one of them); fix them: {listed}"
    )


def place(bench: Workbench, hit: Hit) -> str:
    """A hit's file named as messages name files, with its line:column when it has them."""
    where = f":{hit.line}:{hit.column}" if hit.line is not None else ""
    return f"{name(bench.root / hit.path)}{where}"
