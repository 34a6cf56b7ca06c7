"""In the action, a message's fix names the step's inputs or the workflow, never a command-line
option the action does not have (``--branch``, ``--config``); a tag is no branch to compare."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from action_runner import Runner
from conftest import Result


def test_a_tag_push_compares_no_packets_branch(runner: Runner) -> None:
    """A push of a release tag (actions/checkout leaves HEAD detached at it): no branch is
    checked, so no `branch-mismatch` and no ``--branch`` advice."""
    runner.repo.git("tag", "v1.0", runner.head)
    runner.repo.git("checkout", "-q", "--detach", "v1.0")
    payload = runner.event("push.branch.json")
    payload.update(ref="refs/tags/v1.0", after=runner.head, base_ref=None)
    done = runner.run("push", payload, fail_on="warning")
    assert "branch-mismatch" not in done.out + done.summary
    assert "--branch" not in done.out + done.summary
    assert done.code == 0, done.out


def test_a_detached_run_names_the_workflow_not_the_branch_option(
    runner: Runner, run_cli: Callable[..., Result]
) -> None:
    """An event that names no branch (``pull_request_review`` runs at ``refs/pull/N/merge``) on
    a detached checkout: the warning says what the workflow can do, not ``--branch``."""
    runner.repo.git("checkout", "-q", "--detach", runner.head)
    runner.run("pull_request_review", runner.pull_request())  # sets up the environment
    runner.mp.setenv("GITHUB_REF", "refs/pull/2/merge")
    runner.mp.setenv("GITHUB_SHA", runner.head)
    done = run_cli(["ci"], cwd=runner.repo.root)
    [line] = [line for line in done.out.splitlines() if "branch-mismatch" in line]
    assert "the event names no branch" in line
    assert "actions/checkout's `ref:` input" in line
    assert "--branch" not in line


def test_a_linked_configuration_names_the_config_input(
    runner: Runner, run_cli: Callable[..., Result], tmp_path: Path
) -> None:
    outside = tmp_path / "outside.yml"
    outside.write_text("max-lines: 300\n", encoding="utf-8")
    runner.run("pull_request", runner.pull_request())  # sets up the environment
    (runner.repo.root / ".handoff-audit.yml").symlink_to(outside)
    runner.repo.commit("the configuration is a link out of the repository")
    done = run_cli(["ci"], cwd=Path(os.environ["GITHUB_WORKSPACE"]))
    assert done.code == 2, done.out
    assert ".handoff-audit.yml: a link leading outside the repository" in done.err
    assert "(name another file with the action's `config` input)" in done.err
    assert "--config" not in done.out + done.err
