"""Review 52-1, defect 5: `new` without `--verify` says the last known good commit (HEAD) was
"taken on trust: nothing verified it", but once work commits followed it, `show` and the
SessionStart brief called it "(tests passed there)". With no passing run in the packet's log,
they now say it was taken on trust; a `--verify` run that passed there is still called so. Real
repositories, the real CLI and hook."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _briefs(git_repo: GitRepo, run_cli: Run) -> tuple[str, str]:
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(git_repo.root)}
    started = run_hook({**event, "source": "startup"})
    return shown.out, json.loads(started.out)["hookSpecificOutput"]["additionalContext"]


def _work_after_the_packet(git_repo: GitRepo, run_cli: Run, *verify: str) -> str:
    git_repo.write("app.py", "print(1)\n")
    git_repo.write(".handoff-audit.yml", "verify: 'true'\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("x.py", "x = 1\n")
    lkg = git_repo.commit("x")
    made = run_cli(
        ["new", *verify, "--summary", "Added x.py", "--next-action", "Implement x parsing",
         "--verdict-pointer", "app.py"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    git_repo.write("x.py", "x = 1\nx2 = 2\n")
    git_repo.commit("x more")
    updated = run_cli(
        ["update", "--summary", "x.py got a second line", "--next-action", "Implement x parsing"],
        cwd=git_repo.root,
    )
    assert updated.code == 0, updated.err
    git_repo.commit("handoff: refresh")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    return lkg


def test_new_without_verify_is_not_called_green_after_more_work(
    git_repo: GitRepo, run_cli: Run
) -> None:
    lkg = _work_after_the_packet(git_repo, run_cli)
    for text in _briefs(git_repo, run_cli):
        assert "tests passed there" not in text, text
        assert (
            f"since the last known good commit {lkg[:7]} (taken on trust, no test run recorded "
            "there): 3 commits"
        ) in text, text


def test_a_verify_run_that_passed_there_is_still_called_green(
    git_repo: GitRepo, run_cli: Run
) -> None:
    lkg = _work_after_the_packet(git_repo, run_cli, "--verify")
    for text in _briefs(git_repo, run_cli):
        assert f"since the last known good commit {lkg[:7]} (tests passed there)" in text, text
