"""`new --verify` with failing tests keeps the commit where the branch left main as the last
known good commit, taken on trust; `show` and the SessionStart brief then say so, never "tests
passed there", and the open risk does not say the commit "stays" (it was never set before).
Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook
from conftest import GitRepo, Result

Run = Callable[..., Result]


def test_a_last_known_good_commit_taken_on_trust_is_not_called_green(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(".handoff-audit.yml", "verify: sh test.sh\n")
    git_repo.write("test.sh", "exit 0\n")
    base = git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("test.sh", "exit 1\n")
    git_repo.commit("break the tests")
    made = run_cli(
        ["new", "--verify", "--summary", "Tests broken on purpose.", "--next-action",
         "Make test.sh pass.", "--verdict-pointer", "test.sh"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 1, made.err
    assert "taken on trust" in made.err
    git_repo.commit("handoff")
    shown = run_cli(["show"], cwd=git_repo.root).out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(git_repo.root)}
    started = run_hook({**event, "source": "startup"})
    brief = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    for text in (shown, brief):
        assert "tests passed there" not in text, text
        assert f"last known good commit {base[:7]} (taken on trust" in text, text
        assert "stays" not in text, text
        assert f"last_known_good_commit is {base[:12]}, where the branch left main" in text, text
