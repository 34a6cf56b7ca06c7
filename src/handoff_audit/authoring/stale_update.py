"""`update` of a packet older than the branch's work (`packet-outdated`) with no new words: it
would keep a summary and next action that never recorded the last commits and make the packet
newer than them, so the Stop hook would let the session go and `show` would hand the next one
a next action those commits may have done. Refused, naming the commits and `--summary` and
`--next-action`; unless the commits touched only the branch's other topics' files, whose
refresh keeps this packet's words (the Stop hook's `update PACKET --verify`)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from handoff_audit import shell
from handoff_audit.authoring.no_active import name
from handoff_audit.config import Config
from handoff_audit.errors import InputError
from handoff_audit.git.workbench import Workbench
from handoff_audit.model.context import Target
from handoff_audit.model.packet import Packet
from handoff_audit.rules.repoint import NEXT_NOW, SINCE, only_other_topics


def refuse_unrecorded_work(
    bench: Workbench,
    config: Config,
    packet: tuple[Path, dict[str, Any]],
    topics: Iterable[Packet],
    verify: str | None,
) -> None:
    """`InputError` when ``packet`` (its path and data) of the checked-out branch, about to be
    refreshed with neither `--summary` nor `--next-action`, is older than the work, unless the
    commits since touched only the files of the branch's other ``topics``; the command it names
    runs the `--verify` given (``verify``; ``None``: none)."""
    # start-up: the audit loads only for an update that writes no new words
    from handoff_audit.engine.audit import AuditRequest, run_audit

    path_given, data = packet
    top = bench.root.resolve()
    packet_path = path_given.resolve()
    others = [p.data for p in topics if (top / p.path).resolve() != packet_path]
    request = AuditRequest(
        root=top,
        paths=(packet_path,),
        config=config,
        target=Target(branch=bench.branch),
        select=frozenset({"packet-outdated"}),
    )
    path = packet_path.relative_to(top).as_posix()
    found = [f for f in run_audit(request).findings if f.path == path]
    if not found or only_other_topics(found[0].touched, data, others):
        return
    # The finding's own advice (a refresh alone) is replaced by the one that says what to add.
    said = found[0].statement.split("; refresh the packet", 1)[0]
    run = "" if verify is None else " --verify" + (f" {shell.quote(verify)}" if verify else "")
    update = (
        f"handoff-audit update {shell.quote_path(name(path_given))}{run} "
        f'--summary "{SINCE}" --next-action "{NEXT_NOW}"'
    )
    raise InputError(
        f"{name(path_given)}: {said}; its summary and next action do not cover those commits, and "
        "an update that keeps them would make the packet count as current: give what they did "
        f"and the next step now, with --summary and --next-action: `{update}`"
    )
