"""Checkouts in a row off a branch with work: `git checkout --detach`, then `git checkout
HEAD~1` (and one more). The hook read only git's last reflog entry, a checkout from a commit,
and let the session end off the branch; it follows the checkouts back to the branch the session
left now, and its `git switch` fix, run as printed from a subfolder, lets the session end. A
detached HEAD whose checkouts started on a protected branch is let through, as before."""

from __future__ import annotations

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from stop_play import sh
from test_agent_conflict_source import _commands


def _feature(repo: GitRepo) -> None:
    """main, then feat with three commits of work and its packet, all committed."""
    repo.write("sub/a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("sub/a.py", "a = 2\n")
    repo.commit("work 1")
    made = sh(
        "handoff-audit new --summary 'a is 2' --next-action 'Make a 3 in sub/a.py.' "
        "--verdict-pointer https://ci.example/1",
        repo.root,
    )
    assert made.returncode == 0, made.stderr
    repo.commit("handoff")
    for n in (3, 4):
        repo.write("sub/a.py", f"a = {n}\n")
        repo.commit(f"work {n}")
        assert sh(f"handoff-audit update --summary 'a is {n}'", repo.root).returncode == 0
        repo.commit(f"handoff {n}")


def _blocked_then_back(repo: GitRepo, checkouts: int) -> None:
    here = repo.root / "sub"
    run = run_hook(stop_event(here))
    assert run.code == 2, run.err
    assert f"the last {checkouts} checkouts moved to from branch feat" in run.err, run.err
    assert _commands(run.lines) == ["git switch feat"], run.err
    assert run_fix(here, "git switch feat").returncode == 0
    assert repo.git("branch", "--show-current") == "feat"
    again = run_hook(stop_event(here))
    assert again.code == 0, again.err


def test_two_checkouts_in_a_row_off_the_branch_block(git_repo: GitRepo) -> None:
    _feature(git_repo)
    git_repo.git("checkout", "-q", "--detach")
    git_repo.git("checkout", "-q", "HEAD~1")
    _blocked_then_back(git_repo, 2)
    # Checkouts that started on the protected branch: nothing of feat's is left behind.
    git_repo.git("checkout", "-q", "main")
    git_repo.write("sub/a.py", "a = 5\n")
    git_repo.git("commit", "-q", "-am", "main moves on")
    git_repo.git("checkout", "-q", "--detach")
    git_repo.git("checkout", "-q", "HEAD~1")
    run = run_hook(stop_event(git_repo.root / "sub"))
    assert run.code == 0 and "HEAD is detached: no branch to hand off" in run.err, run.err


def test_three_checkouts_in_a_row_off_the_branch_block(git_repo: GitRepo) -> None:
    _feature(git_repo)
    git_repo.git("checkout", "-q", "--detach")
    git_repo.git("checkout", "-q", "HEAD~1")
    git_repo.git("checkout", "-q", "HEAD~1")
    _blocked_then_back(git_repo, 3)
