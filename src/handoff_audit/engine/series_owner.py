"""Whose is a series' current file: the checked-out branch's handoff when the branch wrote or
changed it (its own work against the default branch, committed or not, as the Stop hook reads
it), else the project's record, not the branch's handoff (docs/lifecycle.md). On a protected
branch (the default branch), every series is its own, as before."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from handoff_audit.config import Config
from handoff_audit.credentials import redact
from handoff_audit.engine import loading
from handoff_audit.errors import InputError
from handoff_audit.git import plumbing
from handoff_audit.git.protected import protected_patterns, unborn_branch
from handoff_audit.git.workbench import branch_changes
from handoff_audit.globs import matches_any
from handoff_audit.model.packet import Packet, in_series, untouched
from handoff_audit.program import program
from handoff_audit.shell import quote


def branch_and_refs(root: Path, found: Sequence[Packet]) -> tuple[str | None, plumbing.Refs | None]:
    """The checked-out branch, and the repository's refs when a hand-written handoff is among
    ``found`` (`project_records` reads them for a series, `show` to tell whether a handoff came
    with a merge): the branch is then the ref they mark as checked out, so that git is not
    asked twice (`checked_out` on a detached HEAD or an unborn branch)."""
    if not any(p.kind == "markdown" for p in found):
        return checked_out(root), None
    try:
        refs = plumbing.read_refs(root)
    except plumbing.GitError:
        return checked_out(root), None
    current = (r.branch for r in refs[0] if r.current and r.name.startswith("refs/heads/"))
    return next(current, None) or checked_out(root), refs


def checked_out(root: Path) -> str | None:
    """The checked-out branch (``None``: HEAD detached); `InputError` when git cannot say."""
    try:
        return plumbing.current_branch(root)
    except plumbing.GitError as error:
        raise InputError(str(error)) from None


def project_records(
    root: Path,
    config: Config,
    branch: str | None,
    packets: Sequence[Packet],
    status: Callable[[], dict[str, str]],
    history: Mapping[str, Sequence[str]] | None = None,
    read: plumbing.Refs | None = None,
) -> tuple[tuple[str, ...], dict[str, tuple[str, str]]]:
    """The current files of a series among ``packets`` (paths from the top folder ``root``)
    that ``branch`` did not write or change: the project's record, not its handoff; and, of
    those series, an older file (``history``: each current file's older ones) that the branch
    itself added or renamed into it (its own work against the default branch): the branch's
    handoff though a newer-dated file is current, as its path -> (the current file, why).
    Nothing on a detached HEAD, a protected branch, or when git cannot say (its own error is
    `show`'s). ``status``: the work tree's `plumbing.status`, read once for this and the
    brief; ``read``: the refs (`plumbing.read_refs`) when the caller has them."""
    series = [p.path for p in packets if p.kind == "markdown" and in_series(p.path, config)]
    if not series or branch is None:
        return (), {}
    try:
        refs, origin_head = read if read is not None else plumbing.read_refs(root)
        unborn = unborn_branch(branch, refs)
        if matches_any(
            branch, protected_patterns(config.protected_branches, refs, origin_head, unborn=unborn)
        ):
            return (), {}
        changed, base_branch = branch_changes(root, config, branch, (refs, origin_head), status)
    except (plumbing.GitError, InputError):
        return (), {}
    own: dict[str, tuple[str, str]] = {}
    for current in untouched(series, changed):
        older = (history or {}).get(current, ())
        mine = next((p for p in older if p in changed and (root / p).is_file()), None)
        if mine is not None:
            against = f" against {base_branch}" if base_branch else ""
            own[mine] = (current, _why_own(mine, current, against))
    replaced = {current for current, _ in own.values()}
    return tuple(p for p in untouched(series, changed) if p not in replaced), own


def _why_own(mine: str, current: str, against: str) -> str:
    return (
        f"{mine} is this branch's handoff: the branch added it to the series "
        f"{mine.rpartition('/')[0]}/ in its own commits{against}, though {current} is the "
        "series' current file (newer by its name, a record this branch did not write)"
    )


def without_records(
    found: list[Packet], project: tuple[str, ...], own: dict[str, tuple[str, str]]
) -> list[Packet]:
    """``found`` without the project's records and the current files of the series in which
    the branch wrote a file of its own (`project_records`)."""
    gone = {*project, *(current for current, _ in own.values())}
    return [p for p in found if p.path not in gone]


def own_files(root: Path, config: Config, own: dict[str, tuple[str, str]]) -> list[Packet]:
    """The series files the branch wrote that a newer-dated file outranks, loaded."""
    if not own:
        return []
    return loading.load_packets(root, [root / path for path in own], config)[0]


def record_lines(records: Sequence[str], branch: str) -> tuple[str, ...]:
    """What a session on ``branch`` is told about the project's record when the branch has no
    handoff of its own: where the latest is, and that it is not this branch's."""
    if not records:
        return ()
    first = records[0]
    more = f" (and {len(records) - 1} more)" if len(records) > 1 else ""
    return (
        f"Branch {redact(branch)} has no handoff of its own yet; the project's latest record is "
        f"{first}{more}, a series this branch did not write or change: the project's record, "
        f"not this branch's handoff (`{program()} show {quote(first)}` shows it).",
    )
