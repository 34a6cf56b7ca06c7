"""On a pull request, which files the rules judge: the merge gate's settings (``packets``,
``series``) come from the base commit (`action.base_gate`), the rest of the configuration is the
pull request's own (`AuditRequest.judged_by`). So the files found are those of both: what the
gate's settings find (the merge gate judges them, a pull request cannot hide a packet from it)
and what the pull request's own find (the other rules judge them, as ``check`` on the branch
does); a file only the gate's settings find is judged by the merge-gate rules alone, and by
`secret` when a ``!`` entry of the pull request's leaves it out (``check`` scans it)."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.engine import discovery
from handoff_audit.engine.discovery import Found
from handoff_audit.model.packet import rel


def widen(
    root: Path, paths: tuple[Path, ...], own: Config, gate: Found
) -> tuple[Found, frozenset[str]]:
    """The files ``gate`` (what the gate's settings found) and the pull request's own
    configuration ``own`` find, together, and those (relative to the root) only the gate's
    find: the rules other than the merge gate's leave them alone."""
    mine = discovery.discover_all(root, paths, own)
    left_out = frozenset(found_names(root, gate) - found_names(root, mine))
    names = set(gate.names)
    history = dict(gate.history)
    for current, older in mine.history.items():
        history.setdefault(current, older)
    joined = Found(
        sorted(names.union(mine.names), key=lambda name: Path(name).parts),
        history,
        gate.lexists,
        {**mine.unordered, **gate.unordered},
        gate.repo or mine.repo,
        {**mine.passed_over, **gate.passed_over},
        sorted(set(gate.templates).union(mine.templates)),
        gate.series | mine.series,
        gate.searched,
        sorted(set(gate.left_out).union(mine.left_out)),
        sorted(set(gate.archived).union(mine.archived)),
        {**mine.pointers, **gate.pointers},
        sorted(set(gate.agent_notes).union(mine.agent_notes)),
    )
    return joined, left_out


def found_names(root: Path, found: Found) -> set[str]:
    """Every file ``found`` reads (relative to the root): packets, twins, series' older files,
    archives and templates."""
    names = set(found.templates).union(found.archived)
    for files in discovery.pair(found.names, found.lexists):
        names.update(rel(root, name) for name in (files.path, files.markdown) if name)
    names.update(name for older in found.history.values() for name in older)
    return names
