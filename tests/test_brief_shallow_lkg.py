"""A last known good commit that a shallow clone hides (`git clone --depth 1`): `show` and the
SessionStart brief called it "not a commit in this repository", while `check` said
`history-unavailable` (not in this shallow clone, `git fetch --unshallow`). The brief says the
same as `check` now."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import a_is_2_branch, run_hook, stop_event
from conftest import GitRepo
from git_helpers import git


def _shallow_clone(repo: GitRepo, tmp_path: Path) -> Path:
    a_is_2_branch(repo, "feat/s")
    clone = tmp_path / "clone"
    uri = repo.root.as_uri()
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "feat/s", uri, str(clone))
    return clone


def test_show_and_session_start_say_the_clone_is_shallow(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _shallow_clone(git_repo, tmp_path)
    text = run_cli(["show"], cwd=clone)
    assert text.code == 0, text.err
    assert "not a commit in this repository" not in text.out
    assert "is not in this shallow clone" in text.out, text.out
    assert "git fetch --unshallow" in text.out
    brief = json.loads(run_cli(["show", "--format", "json"], cwd=clone).out)
    assert brief["freshness"]["last_known_good_status"] == "unavailable"
    start = run_hook(stop_event(clone, event="SessionStart"))
    assert start.code == 0, start.err
    assert "is not in this shallow clone" in start.out, start.out
    assert "not a commit in this repository" not in start.out
