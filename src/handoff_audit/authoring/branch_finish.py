"""How the Stop hook finds the branch's handoff finished: a commit after its last work that
archived or superseded one of its packets, or deleted its working note or moved it into a series
(`finished`), or such a change not committed yet (`finishing_now`). An archive or supersede
whose packet is older than the work it follows (only its status changed since a commit before
that work: `archive --force`, or the status edited by hand) finishes nothing: the packet never
recorded that work."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.authoring.gate_verdict import Gate
from handoff_audit.authoring.recorded_failure import beside_work
from handoff_audit.authoring.twinless import deleted_finished
from handoff_audit.config import Config
from handoff_audit.engine.series_folders import SeriesFolders
from handoff_audit.git import merge_work, plumbing
from handoff_audit.git.listed_work import unlisted
from handoff_audit.git.pure_rename import renamed_unchanged
from handoff_audit.model.findings import PacketInfo
from handoff_audit.model.packet import in_series, is_handoff_file, of_a_series, packet_of
from handoff_audit.model.repo_history import Commit

MAX_PACKET_BYTES = 1 << 20
"""A packet version larger than this is not compared: its finish stands."""

if TYPE_CHECKING:
    from handoff_audit.git.workbench import Workbench


def finished(
    gate: Gate, branch: str, config: Config, bench: Workbench, own: set[str]
) -> str | None:
    """How the branch's handoff was finished after its last work, or ``None``: walking its
    own commits (those its base lacks) newest first, a commit that archived or superseded one
    of its packets, or deleted a handoff file, before any commit that touched ``own`` files (the
    branch's changes against the base) other than handoff files, `.gitignore` and paths
    `agent-hook.ignore` lists (one git process). A merge of the base brings in no such file:
    what it brought is on the base, even in a file the branch changed too; only what the merge
    made by hand (`merge_work.made_by_hand`: a conflict's resolution, an edit) is work, asked
    once for all the merges passed over when the walk meets a finish."""
    finished = _finished_packets(gate, branch)
    series = SeriesFolders(gate.root, config)
    base = bench.base
    since = None if base == plumbing.empty_tree(len(base)) else base
    merges: dict[str, list[str]] = {}  # merges with own files, passed over until a finish
    met: _Finish | None = None
    moved: dict[str, str] = {}  # a note moved into a series unchanged -> that finish
    with merge_work.walk(gate.root, bench.head, since) as walk:
        for change, parents in walk:
            if change.sha == base:
                break
            own_work = [p for p in change.files if p in own and not beside_work(p, config, series)]
            if met is not None:
                if met.path in change.files:
                    break  # the packet's own change before its finish: it recorded the work
                if own_work and len(parents) < 2:
                    return None if _status_only(gate.root, met) else met.said
                continue
            work = [path for path in change.files if not beside_work(path, config, series)]
            for path in change.files:
                if path in moved:
                    return moved[path]  # its words were written after the last work
                if path in finished:
                    if merge_work.any_by_hand(gate.root, merges):
                        return None
                    if _undescribed(gate.root, finished[path], change, work):
                        return None  # work amended into the finish: it is no finished work
                    said = f"{path} is {finished[path].status} (commit {change.sha[:12]})"
                    met = _Finish(path, change.sha, said)
                    break
                gone = deleted_finished(gate.root, (change.sha, branch), path, config)
                if gone is not None:
                    return None if merge_work.any_by_hand(gate.root, merges) else gone
                if _hand_written(gate.root, path, change.files, config) and not os.path.lexists(
                    gate.root / path
                ):
                    if merge_work.any_by_hand(gate.root, merges):
                        return None
                    how = _gone(gate.root, change.files, config)
                    how = f"{path} {how} (commit {change.sha[:12]})"
                    if not _moved_unchanged(gate.root, change, path, config):
                        return how
                    moved[path] = how  # a finish only if its words are newer than the work
            if met is None and own_work and len(parents) < 2:
                return None
            if met is None and own_work:
                merges[change.sha] = own_work
    return met.said if met is not None else None


def _finished_packets(gate: Gate, branch: str) -> dict[str, PacketInfo]:
    """The branch's archived or superseded packets, by path."""
    return {
        p.path: p
        for p in gate.finished
        if p.branch == branch and p.status in ("archived", "superseded")
    }


@dataclass(frozen=True, slots=True)
class _Finish:
    """A commit that archived or superseded a packet of the branch, met on the walk."""

    path: str
    sha: str
    said: str
    """How the branch's handoff was finished, as the hook's note says it."""


_STATUS_KEYS = frozenset({"status", "superseded_by"})


def _status_only(root: Path, finish: _Finish) -> bool:
    """Whether the finish changed nothing of its packet but its status: the packet, older than
    the work before it, never recorded that work (one ``cat-file``, asked only then)."""
    names = [f"{finish.sha}~1:{finish.path}", f"{finish.sha}~0:{finish.path}"]
    try:
        texts = plumbing.read_blobs(root, names, MAX_PACKET_BYTES)
        before, after = (json.loads(texts[name]) for name in names)
    except (plumbing.GitError, KeyError, ValueError, RecursionError):
        return False  # no packet before it (written and finished at once) or none that reads
    if not isinstance(before, dict) or not isinstance(after, dict):
        return False
    kept = {k: v for k, v in before.items() if k not in _STATUS_KEYS}
    return kept == {k: v for k, v in after.items() if k not in _STATUS_KEYS}


def _undescribed(root: Path, packet: PacketInfo, change: Commit, work: list[str]) -> bool:
    """Whether ``work``, committed together with finishing ``packet`` in ``change``, holds a
    file its ``changed_files`` (when it lists any) does not cover (`listed_work.unlisted`):
    work amended into the finish."""
    listed = (packet.data or {}).get("changed_files")
    if not isinstance(listed, list) or not listed:
        return False
    return bool(unlisted(root, change.sha, work, listed))


def finishing_now(gate: Gate, branch: str, config: Config, dirt: tuple[str, ...]) -> str | None:
    """How the branch's handoff is being finished in the work tree or the index, or ``None``:
    an uncommitted file that archives or supersedes one of its packets, or deletes (or moves)
    its working note. Committing it is then all that is left to do."""
    for packet in gate.finished:
        if packet.branch == branch and {packet.path, packet.markdown} & set(dirt):
            return f"{packet.path} is {packet.status}"
    for path in dirt:
        if _hand_written(gate.root, path, dirt, config) and not os.path.lexists(gate.root / path):
            return f"{path} {_gone(gate.root, dirt, config)}"
    return None


def _gone(root: Path, files: tuple[str, ...], config: Config) -> str:
    """How a deleted working note was finished: moved into a series (a file of one added in
    the same commit), or deleted."""
    for path in files:
        if in_series(path, config) and os.path.lexists(root / path):
            return f"was moved into the series {path.rpartition('/')[0]}/"
    return "was deleted"


def _moved_unchanged(root: Path, change: Commit, path: str, config: Config) -> bool:
    """Whether ``change`` moved the working note ``path`` into a series with its words
    unchanged (`renamed_unchanged`): the series' file is then as old as the note's last change,
    and outdated by the work committed after that (`handoff-outdated`), not a finish."""
    return any(
        in_series(new, config)
        and os.path.lexists(root / new)
        and renamed_unchanged(root, change.sha, new, change.files) == path
        for new in change.files
    )


def _hand_written(root: Path, path: str, files: tuple[str, ...], config: Config) -> bool:
    """True for a single working note: a markdown-only handoff file that is no JSON packet's
    twin (deleting a JSON packet discards it; it is finished by `archive`; deleting the twin
    of a packet still in ``root`` finishes nothing: `md-missing`) nor a file of a series or of
    its archive (the project's record)."""
    if path.endswith(".json") or of_a_series(path, config) or not is_handoff_file(path, config):
        return False
    return packet_of(path) not in files and not os.path.lexists(root / packet_of(path))
