"""The checked-out branch's own commits against its merge target and the files they change,
for `handoff-outdated` on a series' current file: a series the branch did not touch is the
project's record (docs/lifecycle.md), judged only by the commits up to the merge base, not by
the branch's own work. One git process, only when such a record is judged."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.git import plumbing
from handoff_audit.git.base_tip import base_ref
from handoff_audit.git.protected import protected_name
from handoff_audit.model.packet import in_series, untouched

if TYPE_CHECKING:
    from handoff_audit.git.facts import _Gatherer


@dataclass(frozen=True, slots=True)
class BranchOwn:
    """The branch's own commits (not on the merge target) and the files they change."""

    commits: frozenset[str]
    files: frozenset[str]
    """Paths from the top folder."""


def record_commits(
    gatherer: _Gatherer, head: str, todo: dict[str, str]
) -> tuple[frozenset[str], set[str]]:
    """Off the merge target's own branch: the branch's own commits, and the current files of a
    series among ``todo`` (path from the top folder -> from the audited root) that the branch
    did not touch, nor an older file of their series (`_wrote_older`), which those commits do
    not make outdated: the project's record is not this branch's handoff. Nothing on the target
    (the default branch) itself."""
    branch, refs = gatherer.where
    series = [top for top, path in todo.items() if in_series(path, gatherer.config)]
    if not series or protected_name(branch, gatherer.target, gatherer.protected):
        return frozenset(), set()
    target = gatherer.target.target_branch or gatherer.target.history_target
    own = branch_own(
        gatherer.root, head, target, gatherer.protected, refs, gatherer.target_fetch.tip
    )
    if own is None:
        return frozenset(), set()
    prefix = gatherer.repo.prefix
    older = {prefix + p.path: p.history for p in gatherer.hand_written}
    return own.commits, {
        top
        for top in untouched(series, own.files)
        if not _wrote_older(gatherer.root, prefix, older.get(top, ()), own.files)
    }


def _wrote_older(root: Path, prefix: str, older: Iterable[str], changed: frozenset[str]) -> bool:
    """Whether the branch's own work (``changed``, from the top folder) added or changed one of
    the series' ``older`` files (from the audited ``root``) that is still there: that file is
    the branch's handoff and the current one no record of the project's, as `show` tells it
    (`engine.series_owner.project_records`)."""
    return any(prefix + path in changed and (root / path).is_file() for path in older)


def counted_against(
    sha: str,
    older: Iterable[str],
    records: set[str],
    own: frozenset[str],
    theirs: frozenset[str],
) -> list[str]:
    """Of the ``older`` handoffs, those a later commit ``sha`` counts against: the merge
    target's commits (``theirs``, `Ancestry.targets`) only against the project's record
    (``records``, from `record_commits`), judged by the commits up to the merge base; the
    branch's own commits (``own``) against every handoff but that record."""
    if sha in theirs:
        return [p for p in older if p in records and sha not in own]
    return [p for p in older if p not in records or sha not in own]


def merge_target_tip(gatherer: _Gatherer, head: str) -> str | None:
    """The tip of the branch checked's merge target (``--target-branch``, else the first
    protected branch here), whose commits are not the branch's own work; ``None`` on the
    target itself, or when there is no such branch or it is the commit checked."""
    branch, refs = gatherer.where
    if protected_name(branch, gatherer.target, gatherer.protected):
        return None
    target = gatherer.target.target_branch or gatherer.target.history_target
    tip = _tip(gatherer.root, target, gatherer.protected, refs) or gatherer.target_fetch.tip
    return None if tip == head else tip


def branch_own(
    root: Path,
    head: str,
    target: str | None,
    protected: tuple[str, ...],
    refs: list[plumbing.Ref],
    fetched: str | None = None,
) -> BranchOwn | None:
    """The commits of ``head`` that its merge target (``target``, else the first protected
    branch here, as `base_tip.base_ref` picks it) lacks; ``None`` when there is no such branch or
    ``head`` is the target's own commit (the default branch itself). ``fetched``: the target's
    tip when ``refs`` (read before it was fetched) lack it."""
    tip = _tip(root, target, protected, refs) or fetched
    if tip is None or tip == head:
        return None
    commits: set[str] = set()
    files: set[str] = set()
    fields = plumbing.log_with_files("%H%x1f%ct", [head, "--not", tip])
    try:
        with plumbing.stream(root, fields) as found:
            for (sha, _when), changed in plumbing.log_records(found, 2, 1):
                commits.add(sha)
                files.update(changed)
    except plumbing.GitError:
        return None
    return BranchOwn(frozenset(commits), frozenset(files))


def _tip(
    root: Path, target: str | None, protected: tuple[str, ...], refs: list[plumbing.Ref]
) -> str | None:
    found = base_ref(root, refs, (target,) if target else protected)
    return None if found is None else found.commit
