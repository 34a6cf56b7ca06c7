"""Which of the branch's changed files a topic's packet takes in.

The branch's diff holds the work of every topic on it. A packet that took it whole would list
the other topics' files as its own, and the hook could then no longer tell that later commits
were another topic's (`agent_fixes.Fixes.other_topics_only`): it would ask to replace this
topic's summary with their work.

Nor does a packet take in handoff files (a series' files, a series folder's records): writing
them is handing off, not work (docs/lifecycle.md), though the diff holds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from handoff_audit.authoring.session_facts import SessionFacts
from handoff_audit.config import Config
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.git.setup_change import setup_only_paths
from handoff_audit.git.workbench import Workbench
from handoff_audit.model.packet import Packet, is_handoff_record


def own_changed_files(
    bench: Workbench,
    config: Config,
    branch_packets: Iterable[Packet],
    packet: Path | None = None,
    listed_before: Any = None,
    files: Iterable[str] | None = None,
) -> tuple[str, ...]:
    """``files`` (the branch's changed files when ``None``; else, say, those a transcript
    edited) without those another of its active packets lists in its ``changed_files`` and
    ``packet`` did not list before (``listed_before``, its ``changed_files`` as read): all of
    them on a branch with one topic. Handoff files and series records (`is_handoff_record`),
    and changes that only set the tool up (`setup_only_paths`: the configuration file, the
    hook entries `hook --install` wrote), are always left out."""
    itself = packet.resolve() if packet is not None else None
    others = [p for p in branch_packets if (bench.root / p.path).resolve() != itself]
    theirs = {path for other in others for path in _listed((other.data or {}).get("changed_files"))}
    kept = set(_listed(listed_before))
    candidates = bench.changed_files if files is None else files
    series = SeriesFolders(bench.root, config)
    setup = setup_only_paths(config.source, bench.root, candidates, bench.base, None)
    return tuple(
        path
        for path in candidates
        if path not in setup
        and not is_handoff_record(path, config, series)
        and (path in kept or path not in theirs)
    )


def own_facts(
    bench: Workbench,
    config: Config,
    reported: SessionFacts,
    branch_packets: Iterable[Packet],
    packet: Path | None = None,
    listed_before: Any = None,
) -> SessionFacts:
    """What the session ``reported`` (``--from-transcript``, ``--verify``), then the branch's
    changed files, each list without another topic's files and handoff files
    (`own_changed_files`): a file the session edited is no more this topic's than one of the
    branch's diff."""
    packets = list(branch_packets)
    told = own_changed_files(bench, config, packets, packet, listed_before, reported.changed_files)
    changed = own_changed_files(bench, config, packets, packet, listed_before)
    return replace(reported, changed_files=told) | SessionFacts(changed_files=changed)


def still_changed(bench: Workbench, listed: Any, notes: list[str]) -> Any:
    """``listed`` (a packet's ``changed_files``) without the files the branch's diff against
    its base no longer changes (a revert brought them back), said in one note in ``notes``. A
    folder some changed file is in stays; nothing is dropped on a branch with no commit of its
    own past its base (merged, or the base itself): its diff says nothing of its work."""
    if not isinstance(listed, list) or bench.base_branch is None or bench.base == bench.head:
        return listed
    changed = set(bench.changed_files)

    def gone(item: Any) -> bool:
        if not isinstance(item, str) or item in changed or not (bench.root / item).is_file():
            return False
        folder = item.rstrip("/") + "/"
        return not any(path.startswith(folder) for path in changed)

    dropped = [item for item in listed if gone(item)]
    if dropped:
        notes.append(
            f"note: dropped from changed_files {', '.join(dropped)}: the branch's diff against "
            f"{bench.base_branch} no longer changes them (reverted back)"
        )
    return [item for item in listed if item not in dropped]


def _listed(files: Any) -> list[str]:
    return [f for f in files if isinstance(f, str)] if isinstance(files, list) else []
