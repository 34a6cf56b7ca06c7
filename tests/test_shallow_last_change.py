"""A shallow clone (`git clone --depth 1`) of a branch whose work went on after its packet's last
change: that change is beyond the clone's boundary, and git shows the boundary commit (every
file new) as the packet's last change. `show` and the SessionStart brief said "since the
handoff's last change (<the boundary>): no commits", and the Stop hook let the session end
silently, where `check` says `history-unavailable` and a full clone blocks on `packet-outdated`.
Now the brief says the last change is beyond the shallow clone, and the Stop hook blocks with
`git fetch --unshallow`, after which the usual judgement applies."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import a_is_2_branch, run_hook, stop_event
from conftest import GitRepo
from git_helpers import git


def _shallow_clone(repo: GitRepo, tmp_path: Path) -> Path:
    """``feat/s`` with its packet committed, then one more work commit, cloned with depth 1."""
    a_is_2_branch(repo, "feat/s")
    repo.write("a.py", "a = 3\n")
    repo.commit("more work after the handoff")
    repo.git("switch", "-q", "main")  # the clone's origin/HEAD: main, the protected branch
    clone = tmp_path / "clone"
    uri = repo.root.as_uri()
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "feat/s", uri, str(clone))
    return clone


def test_show_and_session_start_do_not_call_the_packet_current(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _shallow_clone(git_repo, tmp_path)
    text = run_cli(["show"], cwd=clone)
    assert text.code == 0, text.err
    assert "no commits" not in text.out, text.out
    assert "last change: not known" in text.out, text.out
    assert "beyond this shallow clone" in text.out
    assert "git fetch --unshallow" in text.out
    fresh = json.loads(run_cli(["show", "--format", "json"], cwd=clone).out)["freshness"]
    assert fresh["current"] is False
    assert fresh["last_change_unavailable"] is True
    assert fresh["last_change"] is None
    start = run_hook(stop_event(clone, event="SessionStart"))
    assert start.code == 0, start.err
    assert "beyond this shallow clone" in start.out, start.out
    assert "no commits" not in start.out
    git(clone, "fetch", "-q", "--unshallow")
    full = run_cli(["show"], cwd=clone)
    assert "1 commit, which the handoff may not describe" in full.out, full.out
    again = json.loads(run_cli(["show", "--format", "json"], cwd=clone).out)["freshness"]
    assert "last_change_unavailable" not in again


def test_stop_hook_blocks_with_the_fetch_then_judges_as_in_a_full_clone(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    clone = _shallow_clone(git_repo, tmp_path)
    stop = run_hook(stop_event(clone))
    assert stop.code == 2, (stop.code, stop.err)
    assert "handoff.json: this shallow clone does not hold the history" in stop.err, stop.err
    assert "fix: git fetch --unshallow" in stop.err
    assert stop.err.count("fix:") == 1, stop.err
    git(clone, "fetch", "-q", "--unshallow")
    after = run_hook(stop_event(clone))
    assert after.code == 2, (after.code, after.err)
    assert "packet-outdated" in after.err or "the work moved on" in after.err, after.err
    assert "git fetch --unshallow" not in after.err
