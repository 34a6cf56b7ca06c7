"""A git operation left midway with no conflict, and a ``cherry-pick -n`` sequence on a branch
with no handoff yet: the real Stop hook, in real repositories, from a subfolder, and the agent
running only what it prints, in order, until the hook lets it stop."""

from __future__ import annotations

import subprocess

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from test_agent_conflict_source import _commands


def _diverged(repo: GitRepo) -> None:
    """main: a.py, c.py, d.py and sub/; `other` changes c.py (A), a.py (B), d.py (C); `feat`
    changes a.py (committed, no handoff yet), so B conflicts with it."""
    for name in ("a", "c", "d"):
        repo.write(f"{name}.py", f"{name} = 1\n")
    repo.write("sub/notes.txt", "notes\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "other")
    for name, message in (("c", "A"), ("a", "B"), ("d", "C")):
        repo.write(f"{name}.py", f"{name} = 2\n")
        repo.commit(message)
    repo.git("switch", "-q", "-c", "feat", "main")
    repo.write("a.py", "a = 3\n")
    repo.commit("feat a")


def _play(repo: GitRepo, resolve: dict[str, str] | None = None) -> str:
    """From the subfolder sub/: the hook blocks; files in ``resolve`` are resolved by hand,
    then every printed command runs, in order, and must work, and what is left is committed
    when the hook says so; the next stop is let through.
    The first answer."""
    here = repo.root / "sub"
    run = run_hook(stop_event(here))
    assert run.code == 2, run.err
    for name, text in (resolve or {}).items():
        repo.write(name, text)
    for command in _commands(run.lines):
        done = run_fix(here, command)
        assert done.returncode == 0, (command, run.err, done.stdout, done.stderr)
    if "commit, then stop again" in run.err and repo.git("status", "--porcelain"):
        repo.commit("agent: as the hook said")
    again = run_hook(stop_event(here))
    assert again.code == 0, (run.err, again.err)
    return run.err


def test_a_cherry_pick_n_sequence_on_a_branch_with_no_handoff_ends_with_new_working(
    git_repo: GitRepo,
) -> None:
    """`git cherry-pick -n A B C` stopped on B, on a branch with no packet: the printed way
    went on with the sequence after the commit, which staged C, and the `new` after it refused
    (the workbench not clean). The sequence's way on now commits what the rest staged."""
    _diverged(git_repo)
    picked = subprocess.run(
        ["git", "cherry-pick", "-n", "other~2", "other~1", "other"],
        cwd=git_repo.root,
        capture_output=True,
    )
    assert picked.returncode != 0
    said = _play(git_repo, {"a.py": "a = 4\n"})
    assert "git cherry-pick --continue" in said, said
    assert not (git_repo.root / ".git" / "sequencer").exists()
    assert git_repo.git("status", "--porcelain") == ""
    assert (git_repo.root / "handoff.json").is_file()
    assert git_repo.git("show", "HEAD:d.py") == "d = 2"
