"""The Stop hook on a finished branch whose packet lost its twin: deleting a packet's
``handoff.md`` finishes nothing, as `check` fails on it (`md-missing`); the twin written anew,
or the packet deleted too, does."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from handoff_audit import jsonpos
from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.config import Config
from handoff_audit.git import plumbing
from handoff_audit.model.findings import Finding, PacketInfo
from handoff_audit.model.packet import FINISHED_STATUSES, is_finished, is_packet_file, twin_of
from handoff_audit.rules.twin import removal


def twinless(gate: Gate, findings: Sequence[Finding]) -> list[Problem]:
    """`md-missing` among ``findings`` on a finished packet of the branch, with the gate's own
    fix (`render --write`)."""
    mine = {p.path: p for p in gate.finished if p.branch == gate.branch}
    return [
        Problem("finding", f.message, f, mine[f.path])
        for f in findings
        if f.rule == "md-missing" and f.path in mine
    ]


def delete_too(root: Path, packet: PacketInfo) -> str | None:
    """The other way beside `render --write` for the finished ``packet`` whose twin is gone:
    the packet deleted too, in a commit (`rules.twin.removal`); ``None`` for an active packet,
    or one whose twin is there."""
    if packet.status not in FINISHED_STATUSES or os.path.lexists(root / twin_of(packet.path)):
        return None
    return f"or, as its work is finished, delete the packet too: {removal(packet.path)}"


def deleted_finished(root: Path, change: tuple[str, str], path: str, config: Config) -> str | None:
    """How the commit ``change`` (its id, and the branch) finished the branch's packet ``path``
    by deleting it (gone from the work tree): its last version, in the commit's first parent,
    was archived or superseded (one git process); ``None`` for any other file, another
    branch's packet, or one deleted while still active."""
    sha, branch = change
    if not path.endswith(".json") or os.path.lexists(root / path):
        return None
    if not is_packet_file(path, config, twin=False):
        return None
    try:
        data = jsonpos.loads(plumbing.run(root, ["cat-file", "blob", f"{sha}^:{path}"]))
    except (plumbing.GitError, ValueError):
        return None
    if not isinstance(data, dict) or not is_finished(data) or data.get("branch") != branch:
        return None
    return f"{path}, {data['status']}, was deleted (commit {sha[:12]})"
