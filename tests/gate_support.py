"""What the tests of the merge gate (tests/test_gate_*.py) share: a working note, a feature
branch holding the files under test, the paths `check --target-branch main` blocks, and the
Action's run on a pull request that the gate blocks."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from action_runner import Run as ActionRun
from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Handoff\n\n## State\nTests pass in src/a.py but refunds fail on GBP.\n\n"
    "## Next step\nFinish src/a.py rounding.\n\n## Ruled out\nUsing floats.\n"
)
"""A working note: a session's state, its next step, what was ruled out."""


def on_a_feature_branch(repo: GitRepo, files: Mapping[str, str | bytes]) -> None:
    """``files`` (path: text) committed on ``feat/x``, branched from one commit on main."""
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    for path, text in files.items():
        repo.write(path, text)
    repo.commit("the files under test")


def gated(repo: GitRepo, run_cli: Run) -> list[str]:
    """The files ``check --target-branch main`` blocks with ``handoff-in-merge``, sorted."""
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=repo.root)
    assert done.code in (0, 1), done.out
    return sorted(f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge")


def blocked_by_the_action(runner: Runner, files: Mapping[str, str | bytes]) -> ActionRun:
    """The Action's run on a pull request whose head replaces the runner's packet
    (``handoff.json`` and ``handoff.md``) by ``files``: it fails and blocks the merge."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    for path, text in files.items():
        runner.repo.write(path, text)
    runner.head = runner.repo.commit("the files under test")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    return done
