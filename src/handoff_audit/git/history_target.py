"""The history's merge target that ``ci`` names on a push (`Target.history_target`, the default
branch): what it reaches is not the branch's own work. actions/checkout's default clone (depth 1,
only the pushed branch) lacks it, so the first deepening fetches it first, bounded: ``git fetch
--depth=N`` of that branch alone, N the depth the round deepens by (one git process per run). A
fetch of it riding on ``git fetch --deepen`` would bring its whole history whenever it does not
meet the branch's within the deepened part (a branch with more own commits than N: every commit
of the default branch). When it cannot be fetched, the deepening goes on without it and the
audit says once that the target is missing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.git import plumbing
from handoff_audit.model.context import Target

if TYPE_CHECKING:
    from handoff_audit.git.facts import _Gatherer


def wanted(target: Target, refs: list[plumbing.Ref]) -> str | None:
    """The history target to fetch with the first deepening: named, no ``target_branch``
    instead, fetching allowed, and absent from ``refs``."""
    name = target.history_target
    if not name or target.target_branch or not target.fetch_history:
        return None
    if not plumbing.is_safe_branch(name) or any(ref.branch == name for ref in refs):
        return None
    return name


def deepen_fetching(
    root: Path, depth: int, budget: plumbing.Budget, seconds: float
) -> plumbing.RepoInfo | None:
    """One round of deepening a shallow clone (``git fetch --deepen``) within ``budget``
    (``seconds`` in all); the repository read again. `GitError` on failure."""
    remotes = plumbing.remotes(root)
    if not remotes:
        raise plumbing.GitError("the shallow clone has no remote to fetch more history from")
    if budget.left() <= 0:
        raise plumbing.GitError(f"fetching more history took over {seconds:.0f} s")
    plumbing.deepen(root, remotes[0], depth, budget.left())
    return plumbing.repo_info(root)


def fetch_bounded(root: Path, name: str, depth: int, budget: plumbing.Budget) -> str | None:
    """Branch ``name`` of the first remote fetched ``depth`` commits deep (``git fetch
    --depth``), never its whole history; its remote-tracking ref, or ``None`` when it cannot
    be fetched."""
    remotes = plumbing.remotes(root)
    if not remotes or budget.left() <= 0:
        return None
    try:
        plumbing.fetch_branch(
            root, remotes[0], name, shallow=True, depth=depth, timeout=max(budget.left(), 1.0)
        )
    except plumbing.GitError:
        return None
    return f"refs/remotes/{remotes[0]}/{name}"


def deepen_round(
    gatherer: _Gatherer, depth: int, budget: plumbing.Budget, revisions: list[str], seconds: float
) -> None:
    """A round of `_Gatherer`'s deepening (its ``repo`` read again after it). The target it
    still wants is fetched first (once: now, or never), as deep as the round deepens, and its
    ref added to ``revisions`` to resolve; the deepening then moves its shallow boundary on
    with the branch's. A target that cannot be fetched leaves the deepening as it was."""
    fetch = gatherer.target_fetch
    also, fetch.wanted = fetch.wanted, None
    if also is not None:
        fetch.ref = fetch_bounded(gatherer.root, also, depth, budget)
        revisions.extend([fetch.ref] if fetch.ref else [])
    gatherer.repo = deepen_fetching(gatherer.root, depth, budget, seconds) or gatherer.repo


@dataclass(slots=True)
class Fetch:
    """The history target's fetch, as one gathering goes."""

    wanted: str | None = None
    """Its name, absent here, to fetch with the first deepening (`wanted`)."""
    ref: str | None = None
    """Its remote-tracking ref once fetched."""
    tip: str | None = None
    """The commit of ``ref``, once resolved."""

    def resolve(self, resolved: dict[str, tuple[str, str] | None]) -> None:
        """Read ``tip`` from the revisions resolved (``ref`` is among them once fetched)."""
        found = resolved.get(self.ref) if self.ref else None
        self.tip = found[0] if found else None


def notice(gatherer: _Gatherer) -> str | None:
    """Why commits of the history target may count as the branch's own, when it was needed
    (packets judged by their history) and is neither here nor fetched."""
    target = gatherer.target
    name = target.history_target
    if not name or target.target_branch or not (gatherer.active or gatherer.hand_written):
        return None
    branch, refs = gatherer.where
    if name == branch or any(ref.branch == name for ref in refs) or gatherer.target_fetch.tip:
        return None
    return (
        f"the default branch {name!r}, this branch's merge target, is not in the clone and "
        "could not be fetched, so the commits a merge of it brought in may count as this "
        "branch's own work; check out with `fetch-depth: 0` (actions/checkout)"
    )
