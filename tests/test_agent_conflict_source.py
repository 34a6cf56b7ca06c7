"""A conflict that no merge, pick or revert is stopped on (no ``MERGE_HEAD``): the Stop hook
names what left it — a squash merge, a ``cherry-pick -n`` of several commits, a stash pop —
from git's folder, and its printed fixes, run in order, finish it. Real repositories, the real
hook."""

from __future__ import annotations

import subprocess

from agent_support import diverged, run_fix, run_hook, stop_event
from conftest import GitRepo


def _commands(lines: list[str]) -> list[str]:
    """Each printed fix, in order, and the commands the lines say to run with it: after the
    commit (`then commit: ...`, or `after that commit, run: ...`, once a fix commits)."""
    found: list[str] = []
    later: list[str] = []
    for line in lines:
        if line.startswith("  fix: "):
            command = line.removeprefix("  fix: ")
            found.append(command.split("then: ", 1)[1] if "by hand" in command else command)
            if "git commit" in command:
                found.extend(later)
                later.clear()
        elif "then commit: " in line:
            found.append(line.split("then commit: ", 1)[1])
        elif "after that commit, run: " in line:
            later.append(line.split("after that commit, run: ", 1)[1])
    assert not later, lines
    return found


def _play(repo: GitRepo) -> str:
    """Run the hook and every command it prints, in order (a.py resolved by hand first); each
    must work. The hook's answer."""
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    repo.write("a.py", "a = 3\n")
    for command in _commands(run.lines):
        done = run_fix(repo.root, command)
        assert done.returncode == 0, (command, run.err, done.stdout, done.stderr)
    again = run_hook(stop_event(repo.root))
    assert "conflict" not in again.err, again.err
    return run.err


def test_a_squash_merge_conflict_is_named_a_squash_merge_not_a_stash_pop(
    git_repo: GitRepo,
) -> None:
    """`git merge --squash` stopped on a conflict was described as a `git stash pop` that kept
    its stash entry (`git stash list` is empty); it is now named as the squash merge, and its
    fixes, run in order, commit it."""
    diverged(git_repo, with_packet=True)
    merged = subprocess.run(["git", "merge", "--squash", "other"], cwd=git_repo.root)
    assert merged.returncode != 0
    assert (git_repo.root / ".git" / "SQUASH_MSG").exists()
    said = _play(git_repo)
    assert "git merge --squash" in said and "stash" not in said, said
    assert not (git_repo.root / ".git" / "SQUASH_MSG").exists()
    assert git_repo.git("status", "--porcelain") == ""
    assert git_repo.git("show", "HEAD:c.py") == "c = 2"


def test_a_cherry_pick_n_sequence_stopped_on_a_conflict_is_named_and_goes_on(
    git_repo: GitRepo,
) -> None:
    """`git cherry-pick -n A B C` stopped on B (git's sequencer folder, no CHERRY_PICK_HEAD)
    was described as a `git stash pop`; it is now named, with the command that takes the rest
    once what it took is committed (and commits it), and the printed commands, run in order,
    finish it."""
    diverged(git_repo, with_packet=True)
    picked = subprocess.run(
        ["git", "cherry-pick", "-n", "other~2", "other~1", "other"], cwd=git_repo.root
    )
    assert picked.returncode != 0
    assert (git_repo.root / ".git" / "sequencer").is_dir()
    assert git_repo.git("stash", "list") == ""
    said = _play(git_repo)
    assert "git cherry-pick -n" in said and "stash" not in said, said
    assert "GIT_EDITOR=true git cherry-pick --continue" in said, said
    assert not (git_repo.root / ".git" / "sequencer").exists()
    assert git_repo.git("status", "--porcelain") == ""  # the rest, picked and committed
    assert git_repo.git("show", "HEAD:d.py") == "d = 2"
    assert [git_repo.git("show", f"HEAD:{n}.py") for n in "ac"] == ["a = 3", "c = 2"]
