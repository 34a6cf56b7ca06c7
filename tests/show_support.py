"""What the tests of `show`'s next-step quoting (tests/test_show_next_*.py) share: a handoff
committed on a feature branch, the "Next action:" lines `show` prints for it, and what `show`
and the SessionStart hook both tell the next session."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook
from conftest import GitRepo, Result, handoff_on_branch

Run = Callable[..., Result]

BASE = ("a.txt", "a\n")
"""The one file of main's commit, so that the feature branch has a base to compare with."""


def shown_on_branch(git_repo: GitRepo, run_cli: Run, text: str) -> str:
    """What `show` prints for ``text`` committed as ``HANDOFF.md`` on ``feat/x``."""
    handoff_on_branch(git_repo, "HANDOFF.md", text, base=BASE)
    return run_cli(["show"], cwd=git_repo.root).out


def next_action(shown: str) -> str:
    """The "Next action:" lines of ``shown``, without the "(…)" line that says where they
    stand and what follows it, nor the "Stale: …" line before them."""
    if shown.startswith("Stale: "):
        shown = shown.split("\n", 1)[1]
    return shown.split("\n(", 1)[0]


def briefs(git_repo: GitRepo, run_cli: Run) -> tuple[str, str]:
    """What `show` prints and what the SessionStart hook adds as context, for the branch
    checked out in ``git_repo``."""
    shown = run_cli(["show"], cwd=git_repo.root).out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(git_repo.root)}
    started = run_hook({**event, "source": "startup"})
    return shown, json.loads(started.out)["hookSpecificOutput"]["additionalContext"]


def briefs_on_branch(git_repo: GitRepo, run_cli: Run, text: str) -> tuple[str, str]:
    """`briefs` for ``text`` committed as ``HANDOFF.md`` on ``feat/x``."""
    handoff_on_branch(git_repo, "HANDOFF.md", text, base=BASE)
    return briefs(git_repo, run_cli)
