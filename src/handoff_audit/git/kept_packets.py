"""Handoffs no commit holds: a packet or a hand-written handoff in the work tree that git
ignores (``handoff.json`` in ``.gitignore``, a ``.claude/handoffs/`` series kept out of git), so
neither `git status` nor the commit checked has it. Git has no last change of it to count from:
a commit that deleted an earlier file of that name, or the whole history of the default branch,
is not when it was written. Its time in the work tree is (`new` and `update` rewrite it; a
``touch`` that changes no word is not, `written_times`), as
the Stop hook reads the kept-out series (`engine.local_handoff`); the commits of the walk newer
than that time, by more than `MARGIN`, are its later commits. No git process of its own."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from handoff_audit.git.written_times import written_at
from handoff_audit.model.repo_history import Commit

MARGIN = 60
"""Seconds a handoff may be older than a commit and still describe it: the agent writes the
handoff, then commits its work (`engine.branch_ignored.MARGIN`)."""


class Kept:
    """The judged handoffs no commit holds (path from the top folder -> when the file was last
    written) and, as the walk meets commits newest first, the first commit no newer than that
    time, after which no commit counts against the file."""

    def __init__(self, root: Path, tops: Mapping[str, str]) -> None:
        """``tops``: path from the top folder -> path from the audited ``root``, of handoffs
        neither the work tree's changes nor the commit checked hold."""
        self.written: dict[str, int] = {}
        for top, path in tops.items():
            full = os.path.normpath(root / path)
            if not full.endswith(os.path.normpath(top)):
                continue
            written = written_at(Path(full[: len(full) - len(os.path.normpath(top))]), top)
            if written is not None:
                self.written[top] = int(written)

    def __contains__(self, top: object) -> bool:
        return top in self.written

    def meet(self, commit: Commit, found: dict[str, Commit]) -> None:
        """Mark in ``found`` each kept handoff written no earlier than ``commit`` (walked newest
        first, within `MARGIN`): the walk reached its time, and older commits are no later
        work. No commit is its last change (`last_change.LastChanges` skips it)."""
        for top, written in self.written.items():
            if top not in found and commit.time <= written + MARGIN:
                found[top] = commit

    def without(self, todo: Mapping[str, str]) -> dict[str, str]:
        """``todo`` without the kept handoffs: never a series' record of the project, which
        the target's commits would make outdated (`branch_own.record_commits`)."""
        return {top: path for top, path in todo.items() if top not in self.written}
