"""A credential-shaped branch name is never echoed by the markdown report: not in the job
summary, not in the pull request comment, not by ``check --format markdown`` (the JSON report
already redacted it). (The token is built from parts: this file holds none.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from action_runner import PR, Runner

TOKEN = "ghp_" + "A1b2C3d4E5f6" * 3


def test_a_credential_shaped_branch_is_redacted_in_the_summary_and_the_comment(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    runner.repo.git("branch", "-m", TOKEN)
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nDo Y.\n")
    runner.head = runner.repo.commit("a working note")
    payload = runner.pull_request()
    payload["pull_request"]["head"]["ref"] = TOKEN
    done = runner.run("pull_request", payload)
    assert "Checked branch `[redacted GitHub token]`" in done.summary
    [comment] = runner.fake.ours(PR)
    assert "Checked branch `[redacted GitHub token]`" in comment["body"]
    shown = run_cli(["check", "--format", "markdown"], cwd=runner.repo.root)
    assert "Checked branch `[redacted GitHub token]`" in shown.out
    assert TOKEN not in done.out + done.summary + comment["body"] + shown.out + shown.err


def test_a_pushed_credential_shaped_branch_is_redacted_in_the_log(runner: Runner) -> None:
    branch = f"fix/{TOKEN}"
    runner.repo.git("branch", "-m", branch)
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{branch}", after=runner.head, before=runner.base)
    done = runner.run("push", payload)
    assert "no open pull request from fix/[redacted GitHub token]: no comment to update" in done.out
    # GitHub refuses to list the branch's pull requests: the warning names the branch redacted.
    runner.fake.fail("GET", r"/pulls$", 422, "Validation Failed")
    failed = runner.run("push", payload)
    assert "listing the open pull requests of fix/[redacted GitHub token]" in failed.out
    assert TOKEN not in done.out + done.summary + failed.out + failed.summary
