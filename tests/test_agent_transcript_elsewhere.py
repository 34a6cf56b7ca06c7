"""The Stop hook's `new --from-transcript` when the transcript's session ran in another checkout:
the printed command must work as printed."""

from __future__ import annotations

import json
from pathlib import Path

from agent_support import Session, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo


def _main_with_a_worktree(git_repo: GitRepo, tmp_path: Path) -> Path:
    """``main`` with one commit, and a worktree on ``feat/w`` with one commit of its own."""
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    worktree = tmp_path / "wt"
    git_repo.git("worktree", "add", "-q", str(worktree), "-b", "feat/w", "main")
    (worktree / "w.py").write_text("w = 1\n")
    for args in (["add", "w.py"], ["commit", "-qm", "w"]):
        git_repo.git("-C", str(worktree), *args)
    return worktree


def _new_fix(worktree: Path, transcript: Path) -> str:
    hook = run_hook(stop_event(worktree, transcript))
    assert hook.code == 2, hook.err
    return the_command(hook.err, "fix: ")


def test_a_session_of_another_worktree_gets_the_flag_new_needs(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    worktree = _main_with_a_worktree(git_repo, tmp_path)
    session = Session(git_repo.root)  # the session started in the main checkout
    session.write(worktree / "w.py", "w = 1\n")
    session.bash("pytest -q", "1 passed")
    command = _new_fix(worktree, session.save(tmp_path / "t.jsonl"))
    assert "--from-transcript" in command and "--allow-foreign-transcript" in command
    done = run_fix(worktree, command)
    assert done.returncode == 0, done.stderr
    packet = json.loads((worktree / "handoff.json").read_text())
    assert {"cmd": "pytest -q", "exit": 0} in packet["commands_run"]


def test_a_session_of_another_repository_is_left_out(git_repo: GitRepo, tmp_path: Path) -> None:
    worktree = _main_with_a_worktree(git_repo, tmp_path)
    other = GitRepo(tmp_path / "other")
    session = Session(other.root)
    session.bash("make", "done")
    command = _new_fix(worktree, session.save(tmp_path / "t.jsonl"))
    assert "--from-transcript" not in command
    done = run_fix(worktree, command)
    assert done.returncode == 0, done.stderr
    assert (worktree / "handoff.json").is_file()
