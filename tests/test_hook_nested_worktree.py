"""A worktree made inside the repository (`git worktree add .worktrees/inner`), or a repository
of its own there, is no work of the branch: the Stop hook never prints a `git add` of it (that
commits a gitlink no clone can check out) but a fix that keeps git from seeing it, which works as
printed. Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_support import feature_repo, refunds_packet, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]


@pytest.mark.parametrize("nested", ["worktree", "repository"])
def test_a_nested_worktree_is_excluded_never_added(
    git_repo: GitRepo, run_cli: Run, nested: str
) -> None:
    repo = feature_repo(git_repo, "feat/host")
    refunds_packet(repo, run_cli)
    repo.commit("handoff")
    assert run_hook(stop_event(repo.root)).code == 0
    if nested == "worktree":
        repo.git("worktree", "add", "-q", "-b", "feat/inner", ".worktrees/inner", "main")
    else:
        GitRepo(repo.root / ".worktrees" / "inner").write("x.py", "x = 1\n")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    command = the_command(blocked.err, "fix: ")
    assert "git add" not in command, blocked.err
    done = run_fix(repo.root / "src", command)
    assert done.returncode == 0, f"{command}\n{done.stderr}"
    assert repo.git("status", "--porcelain") == ""
    assert repo.git("ls-files", "--", ".worktrees") == ""
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 0, stopped.err


@pytest.mark.parametrize("nested", ["worktree", "repository"])
def test_new_and_the_hook_s_work_list_leave_a_nested_worktree_out(
    git_repo: GitRepo, run_cli: Run, nested: str
) -> None:
    repo = feature_repo(git_repo, "feat/host")
    if nested == "worktree":
        repo.git("worktree", "add", "-q", "-b", "feat/inner", ".worktrees/inner", "main")
    else:
        GitRepo(repo.root / ".worktrees" / "inner").write("x.py", "x = 1\n")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    assert "no active handoff (its work: src/refunds.py); write one" in blocked.err
    # `new` does not call it uncommitted work ("commit or stash them"): it names the hook's fix.
    made = refunds_packet(repo, run_cli)
    assert "commit or stash" not in made.err and "never `git add` it" in made.err, made.err
    exclude = the_command(blocked.err, "fix: ")
    assert exclude in made.err, made.err
    done = run_fix(repo.root, exclude)
    assert done.returncode == 0, f"{exclude}\n{done.stderr}"
    repo.commit("handoff")
    assert repo.git("ls-files", "--", ".worktrees") == ""
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 0, stopped.err


def _fixes(err: str) -> list[str]:
    return [line.split("fix: ", 1)[1] for line in err.splitlines() if "  fix: " in line]


@pytest.mark.parametrize("nested", ["worktree", "repository"])
def test_every_fix_is_printed_beside_an_untracked_file_and_they_end_the_session(
    git_repo: GitRepo, nested: str
) -> None:
    repo = feature_repo(git_repo, "feat/host")
    repo.write("work/notes.py", "notes = []\n")  # the session's work, not committed yet
    if nested == "worktree":
        repo.git("worktree", "add", "-q", "-b", "feat/inner", "work/other", "main")
    else:
        GitRepo(repo.root / "work" / "other").write("x.py", "x = 1\n")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    fixes = _fixes(blocked.err)
    assert any("info/exclude" in fix for fix in fixes), blocked.err
    assert any(fix.startswith("git add -- work/notes.py &&") for fix in fixes), blocked.err
    assert not any("work/other" in fix and "git add" in fix for fix in fixes), blocked.err
    for fix in fixes:  # in the order printed, as an agent follows them
        done = run_fix(repo.root, fix)
        assert done.returncode == 0, f"{fix}\n{done.stdout}{done.stderr}"
    repo.commit("handoff")
    assert repo.git("ls-files", "--", "work/other") == ""
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 0, stopped.err


def test_a_nested_worktree_beside_a_current_handoff_gets_no_route_that_outdates_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = feature_repo(git_repo, "feat/host")
    refunds_packet(repo, run_cli)
    repo.commit("handoff")
    repo.git("worktree", "add", "-q", "-b", "feat/other", ".wt/other", "main")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2, blocked.err
    # A committed .gitignore line is a change the packet does not describe (packet-outdated):
    # every route printed keeps the handoff current, with nothing to commit.
    assert ".gitignore" not in blocked.err, blocked.err
    assert "nothing to commit" in blocked.err, blocked.err
    [fix] = _fixes(blocked.err)
    done = run_fix(repo.root, fix)
    assert done.returncode == 0, f"{fix}\n{done.stderr}"
    assert repo.git("status", "--porcelain") == ""
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 0, stopped.err
