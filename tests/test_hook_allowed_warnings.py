"""The Stop hook's warnings on a stop it lets go reach the user: Claude Code reads standard
output on exit 0 (a JSON answer, whose ``systemMessage`` it shows the user) and shows standard
error only in its debug output. So the warnings are there, once (they were on both, printed twice);
a blocked stop is as before: exit 2, its reasons on standard error, nothing on standard output.
Real repositories, the real hook."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from agent_support import HookRun, feature_repo, hook_command, run_fix, run_hook, stop_event
from conftest import GitRepo
from test_brief_stale_pointer import series_with_stale


def stop_as(agent: str, root: Path) -> HookRun:
    """The Stop event, answered as ``agent`` (`hook --agent`) reads answers."""
    done = subprocess.run(
        [*hook_command(), "--agent", agent],
        input=json.dumps(stop_event(root)).encode(),
        capture_output=True,
        cwd=root,
        env=os.environ.copy(),
        check=False,
    )
    return HookRun(done.returncode, done.stderr.decode("utf-8"), done.stdout.decode("utf-8"))


def shown_to_the_user(out: str) -> list[str]:
    """The lines of the answer's ``systemMessage``: standard output holds that JSON only."""
    answer = json.loads(out)
    assert list(answer) == ["systemMessage"]
    message: str = answer["systemMessage"]
    return message.splitlines()


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_stale_pointer_s_warning_on_an_allowed_stop_is_shown_to_the_user(
    git_repo: GitRepo, agent: str
) -> None:
    pointer = series_with_stale(git_repo, "text")
    stop = stop_as(agent, git_repo.root)
    assert stop.code == 0, stop.err
    lines = shown_to_the_user(stop.out)
    assert stop.err == ""  # printed once, where the user sees it
    [warning] = [line for line in lines if pointer in line]
    assert warning.startswith(f"handoff-audit: warning: {pointer} names ")
    # The user (or the agent it tells) runs the command the message gives, and the warning goes.
    command = re.search(r"\(`(.+)`\) and commit it", warning)
    assert command is not None, warning
    assert run_fix(git_repo.root, command[1]).returncode == 0
    git_repo.commit("re-point")
    again = stop_as(agent, git_repo.root)
    assert again.code == 0 and pointer not in again.out + again.err


def test_a_blocked_stop_keeps_its_contract(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo, "feat/refunds")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2 and "no active handoff" in blocked.err
    assert blocked.out == ""


def test_the_stop_let_go_after_max_blocks_says_so_to_the_user(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo, "feat/refunds")
    repo.write(".handoff-audit.yml", "agent-hook:\n  max-blocks: 1\n")
    repo.commit("configure the hook")
    assert run_hook(stop_event(repo.root)).code == 2
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    [line] = shown_to_the_user(let_go.out)
    assert "blocked 1 times in a row (agent-hook.max-blocks: 1)" in line
    assert "letting it end" in line and let_go.err == ""
