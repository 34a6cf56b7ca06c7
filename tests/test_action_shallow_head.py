"""A pull request's head commit that a shallow checkout lacks and git cannot fetch: the run
fails closed (exit 2, ``blocked: true``), never auditing the checked-out tree in its place."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from action_runner import Runner, parse_file_command
from conftest import GitRepo


def test_a_head_commit_the_shallow_clone_lacks_and_cannot_fetch_is_exit_2(
    runner: Runner, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    # pull_request_target's default checkout: the base branch at depth 1, which has no packet;
    # the pull request's head carries one, and the remote cannot be reached.
    runner.run("pull_request", runner.pull_request(), comment="false")  # sets up the runner
    clone = tmp_path / "clone"
    origin = f"file://{runner.repo.root}"
    subprocess.run(["git", "clone", "-q", "--depth=1", "--branch=main", origin, clone], check=True)
    GitRepo(clone).git("remote", "set-url", "origin", str(tmp_path / "gone"))
    output, summary = (Path(os.environ[name]) for name in ("GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"))
    output.write_text("", encoding="utf-8")
    summary.write_text("", encoding="utf-8")
    runner.mp.setenv("GITHUB_WORKSPACE", str(clone))
    runner.mp.setenv("GITHUB_EVENT_NAME", "pull_request_target")
    result = run_cli(["ci"], cwd=clone)
    assert result.code == 2, result.out
    [line] = result.err.strip().splitlines()
    assert f"the event's head commit {runner.head} is not in this shallow clone" in line
    assert "`fetch-depth: 0`" in line
    assert "::error title=handoff-audit%3A input::the event's head commit" in result.out
    assert parse_file_command(output.read_text(encoding="utf-8"))["blocked"] == "true"
    assert "all clear" not in summary.read_text(encoding="utf-8")
    assert "the audit could not run" in summary.read_text(encoding="utf-8")
