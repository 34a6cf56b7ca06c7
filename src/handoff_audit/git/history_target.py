"""The history's merge target that ``ci`` names on a push (`Target.history_target`, the default
branch): what it reaches is not the branch's own work. actions/checkout's default clone (depth 1,
only the pushed branch) lacks it, so the first deepening fetches it first, bounded: ``git fetch
--depth=N`` of that branch alone, N the depth the round deepens by (one git process per run). A
fetch of it riding on ``git fetch --deepen`` would bring its whole history whenever it does not
meet the branch's within the deepened part (a branch with more own commits than N: every commit
of the default branch). When it cannot be fetched, the deepening goes on without it and the
audit says once that the target is missing.

``check`` in a clone that holds no default branch at all (``git clone --single-branch`` of a
feature branch) asks the remote for it and fetches it with ``--fetch-history`` (`fetch_default`);
without it, or when that fails, one note names the ``git fetch`` that brings it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from handoff_audit.git import fetching, plumbing
from handoff_audit.git.protected import protected_patterns
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
    root: Path, depth: int, budget: fetching.Budget, seconds: float
) -> plumbing.RepoInfo | None:
    """One round of deepening a shallow clone (``git fetch --deepen``) within ``budget``
    (``seconds`` in all); the repository read again. `GitError` on failure."""
    remotes = fetching.remotes(root)
    if not remotes:
        raise plumbing.GitError("the shallow clone has no remote to fetch more history from")
    if budget.left() <= 0:
        raise plumbing.GitError(f"fetching more history took over {seconds:.0f} s")
    fetching.deepen(root, remotes[0], depth, budget.left())
    return plumbing.repo_info(root)


def fetch_bounded(root: Path, name: str, depth: int, budget: fetching.Budget) -> str | None:
    """Branch ``name`` of the first remote fetched ``depth`` commits deep (``git fetch
    --depth``), never its whole history; its remote-tracking ref, or ``None`` when it cannot
    be fetched."""
    remotes = fetching.remotes(root)
    if not remotes or budget.left() <= 0:
        return None
    try:
        fetching.fetch_branch(
            root, remotes[0], name, shallow=True, depth=depth, timeout=max(budget.left(), 1.0)
        )
    except plumbing.GitError:
        return None
    return f"refs/remotes/{remotes[0]}/{name}"


def deepen_round(
    gatherer: _Gatherer, depth: int, budget: fetching.Budget, revisions: list[str], seconds: float
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


def remote_default(root: Path, remote: str, timeout: float) -> str | None:
    """The branch ``remote``'s HEAD names (its default branch), asked of the remote
    (``git ls-remote --symref``); ``None`` when it names none. `GitError` on failure."""
    if not plumbing.is_safe_branch(remote):
        raise plumbing.GitError(f"remote name {remote!r} is not usable")
    args = ["ls-remote", "--symref", "--end-of-options", remote, "HEAD"]
    out = plumbing.run(root, args, timeout=timeout, network=True).decode("utf-8", "surrogateescape")
    for line in out.splitlines():
        symref, _, name = line.partition("\t")
        if name == "HEAD" and symref.startswith("ref: refs/heads/"):
            return symref.removeprefix("ref: refs/heads/")
    return None


def fetch_default(
    gatherer: _Gatherer,
    known: plumbing.Refs | None,
    steps: tuple[int, ...],
    budget: fetching.Budget,
) -> plumbing.Refs:
    """``check --fetch-history`` in a clone that holds no default branch (``git clone
    --single-branch`` of a feature branch; without ``--fetch-history``, only `notice` says
    so): the remote's default branch, named by the remote (``git ls-remote --symref``),
    fetched (as deep as the deepening's first of ``steps`` in a shallow clone), and the refs
    read again with it as ``origin/HEAD``'s target; both within ``budget``, which the
    deepening then goes on with. The refs ``known`` (else read here) as they were when it is
    not wanted or cannot be had (`notice` then says so)."""
    listed = known if known is not None else plumbing.read_refs(gatherer.root)
    refs, origin_head = listed
    target = gatherer.target
    if (
        target.in_action  # the event names the default branch
        or target.target_branch
        or target.history_target
        or gatherer.config.protected_branches is not None
        or protected_patterns(None, refs, origin_head)
        or not (gatherer.active or gatherer.hand_written)
    ):
        return listed
    root, shallow = gatherer.root, gatherer.repo.shallow
    remotes = fetching.remotes(root)
    gatherer.target_fetch.missing = remotes[0] if remotes else None
    if not target.fetch_history or not remotes:
        return listed
    gatherer.target_fetch.tried = True
    try:
        name = remote_default(root, remotes[0], _left(budget))
        if name is None or not plumbing.is_safe_branch(name):
            return listed
        gatherer.target_fetch.default = name
        fetching.fetch_branch(
            root, remotes[0], name, shallow=shallow, depth=steps[0], timeout=_left(budget)
        )
    except plumbing.GitError:
        return listed
    gatherer.target_fetch.missing = None
    gatherer.repo = plumbing.repo_info(root) or gatherer.repo
    return plumbing.list_refs(root), origin_head or name


def _left(budget: fetching.Budget) -> float:
    """The seconds ``budget`` leaves a network call; `GitError` once it is spent."""
    left = budget.left()
    if left <= 0:
        raise plumbing.GitError("the time for fetching history is spent")
    return left


@dataclass(slots=True)
class Fetch:
    """The history target's fetch, as one gathering goes."""

    wanted: str | None = None
    """Its name, absent here, to fetch with the first deepening (`wanted`)."""
    ref: str | None = None
    """Its remote-tracking ref once fetched."""
    tip: str | None = None
    """The commit of ``ref``, once resolved."""
    default: str | None = None
    """The remote's default branch, as the remote named it (`fetch_default`)."""
    missing: str | None = None
    """The remote whose default branch `fetch_default` wanted and did not fetch."""
    tried: bool = False
    """Whether `fetch_default` tried to (``--fetch-history``)."""

    def resolve(self, resolved: dict[str, tuple[str, str] | None]) -> None:
        """Read ``tip`` from the revisions resolved (``ref`` is among them once fetched)."""
        found = resolved.get(self.ref) if self.ref else None
        self.tip = found[0] if found else None


def notice(gatherer: _Gatherer) -> str | None:
    """Why commits of the history target may count as the branch's own, when it was needed
    (packets judged by their history) and is neither here nor fetched."""
    target = gatherer.target
    name = target.history_target
    if gatherer.target_fetch.missing:
        return _not_fetched(gatherer.target_fetch)
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


def _not_fetched(fetch: Fetch) -> str:
    """The note for ``check`` when the remote's default branch is not in the clone and was not
    fetched (no ``--fetch-history``, or asking for it or fetching it failed): the commands
    that fetch it and make it ``origin/HEAD``'s target, whatever its name; when the remote
    was not asked, every branch of it, its default named by the remote."""
    remote, name = fetch.missing, fetch.default
    which = f"the default branch {name!r}" if name else f"the default branch of {remote!r}"
    why = "and could not be fetched" if fetch.tried else "(no --fetch-history)"
    if name:
        command = (
            f"git fetch {remote} {name}:refs/remotes/{remote}/{name} && "
            f"git remote set-head {remote} {name}"
        )
    else:
        command = (
            f"git fetch {remote} '+refs/heads/*:refs/remotes/{remote}/*' && "
            f"git remote set-head {remote} --auto"
        )
    return (
        f"{which} is not in this clone {why}, so the commits a merge of it brought in may "
        f"count as this branch's own work; fetch it: `{command}`"
    )
