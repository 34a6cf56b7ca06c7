"""When the files of a series were last committed, for the series whose names carry no date
and no number: their order is their commits' (`engine.series_order`).

In a shallow clone every file the clone's oldest commit holds seems committed then, so the
order would be the clone's, not the work's. Allowed to fetch (``check --fetch-history``,
``ci``), the clone is deepened first, in the bounded rounds of `git.facts`; else, or when that
fails, the files dated by a shallow boundary are named, so that the audit says so
(``history-unavailable``) rather than guess in silence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from handoff_audit.git import fetching, file_listing, plumbing
from handoff_audit.git.facts import DEEPEN_SECONDS, DEEPEN_STEPS
from handoff_audit.git.history_target import deepen_fetching
from handoff_audit.model.repo_history import NOT_FETCHED


@dataclass(slots=True)
class CommitDates:
    """The last commit of each file asked about, and what a shallow clone hid."""

    times: dict[str, int] = field(default_factory=dict)
    """File -> the time of its last commit (seconds); absent when no commit touched it."""
    order: dict[str, tuple[int, int]] = field(default_factory=dict)
    """File -> its place among the others' by their last commits, the greater the newer
    (`commit_order`)."""
    blind: set[str] = field(default_factory=set)
    """Files dated by a shallow clone's boundary commit: their real last commit is older."""
    repo: plumbing.RepoInfo | None = None
    """The repository as read (after any deepening), for the rest of the audit."""
    missing_reason: str = ""
    """`` (not fetched: …)`` or `` (deepening failed: …)`` when ``blind`` is not empty."""


def last_commit_dates(
    root: Path, paths: list[str], fetch_history: bool, settled: Callable[[CommitDates], bool]
) -> CommitDates:
    """The last commit of each of ``paths``: one ``log`` call, and in a shallow clone whose
    dates do not ``settled`` what is asked, one more per round of deepening (at most three)."""
    dates = CommitDates()
    try:
        dates.repo = plumbing.repo_info(root)
    except plumbing.GitError:
        return dates
    if dates.repo is None:
        return dates
    budget = fetching.Budget(DEEPEN_SECONDS)
    for step in (0, *DEEPEN_STEPS):
        if step:
            if not fetch_history:
                dates.missing_reason = f" ({NOT_FETCHED})"
                break
            try:
                dates.repo = deepen_fetching(root, step, budget, DEEPEN_SECONDS) or dates.repo
            except plumbing.GitError as error:
                dates.missing_reason = f" (deepening failed: {error})"
                break
        found = file_listing.last_commits(root, paths)
        dates.times = {name: when for name, (when, _, _) in found.items()}
        dates.order = commit_order(found)
        boundary = dates.repo.boundary if dates.repo.shallow else frozenset()
        dates.blind = {name for name, (_, sha, _) in found.items() if sha in boundary}
        if not dates.blind or settled(dates):
            break
    return dates


def commit_order(found: dict[str, tuple[int, str, int]]) -> dict[str, tuple[int, int]]:
    """Each file's last commit (time, id, place in ``git log --date-order``) -> a key, the
    greater the newer: a commit that builds on another is newer even when a rebase or a skewed
    clock gave it the same time or an earlier one; files of one commit tie. The key is the
    latest time of the commit and of those listed after it, then the place."""
    latest = 0
    order: dict[str, tuple[int, int]] = {}
    for name, (when, _, place) in sorted(found.items(), key=lambda item: -item[1][2]):
        latest = max(latest, when)
        order[name] = (latest, -place)
    return order
