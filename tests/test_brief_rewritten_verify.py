"""`show` and SessionStart mark a ``--verify`` run at a commit the branch no longer holds (a
rebase or squash rewrote it): it tested code the branch does not hold exactly."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]
MARK = "at a commit no longer on the branch: a rebase or squash rewrote it"


def test_a_verify_run_at_a_commit_a_squash_replaced_is_marked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = feature_repo(git_repo)
    repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    repo.commit("refunds: sign")
    new = ["new", "--summary", "Refunds.", "--next-action", "Test them."]
    made = run_cli([*new, "--verdict-pointer", "src/refunds.py", "--verify", "true"], cwd=repo.root)
    assert made.code == 0, made.err
    repo.commit("packet")
    before = run_cli(["show"], cwd=repo.root)
    assert "--verify at " in before.out and MARK not in before.out, before.out

    repo.git("reset", "-q", "--soft", "main")
    repo.commit("refunds, squashed")
    after = run_cli(["show"], cwd=repo.root)

    assert after.code == 0, after.err
    runs = [line for line in after.out.splitlines() if "--verify at " in line]
    assert len(runs) == 1 and MARK in runs[0], after.out
    started = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "startup"})
    assert started.code == 0 and MARK in started.out, started.err
