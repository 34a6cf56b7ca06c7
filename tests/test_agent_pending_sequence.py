"""A git operation left midway with no conflict, and a ``cherry-pick -n`` sequence on a branch
with no handoff yet: the real Stop hook, in real repositories, from a subfolder, and the agent
running only what it prints, in order, until the hook lets it stop."""

from __future__ import annotations

import os
import subprocess

import pytest

from agent_support import HookRun, diverged, feature_repo, run_fix, run_hook, stop_event
from conftest import GitRepo
from test_agent_conflict_source import _commands
from test_brief_show import committed_packet


def _follow(repo: GitRepo, resolve: dict[str, str] | None) -> tuple[str, HookRun]:
    """From the subfolder sub/: the hook blocks; files in ``resolve`` are resolved by hand,
    then every printed command runs, in order, and must work, and what is left is committed
    when the hook says so. The first answer, and the next stop's."""
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
    return run.err, run_hook(stop_event(here))


def _play(repo: GitRepo, resolve: dict[str, str] | None = None) -> str:
    """`_follow`, and the next stop is let through. The first answer."""
    said, again = _follow(repo, resolve)
    assert again.code == 0, (said, again.err)
    return said


def test_a_cherry_pick_n_sequence_on_a_branch_with_no_handoff_ends_with_new_working(
    git_repo: GitRepo,
) -> None:
    """`git cherry-pick -n A B C` stopped on B, on a branch with no packet: the printed way
    went on with the sequence after the commit, which staged C, and the `new` after it refused
    (the workbench not clean). The sequence's way on now commits what the rest staged."""
    diverged(git_repo, with_packet=False, subfolder=True)
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


def _rounds(repo: GitRepo, resolve: dict[str, str] | None = None) -> list[str]:
    """`_play` until the hook lets the agent stop (at most three rounds, never the same block
    twice: no loop); each round's first answer."""
    said: list[str] = []
    for _round in range(3):
        if run_hook(stop_event(repo.root / "sub")).code == 0:
            return said
        said.append(_play_round(repo, resolve if not said else None))
    raise AssertionError(f"still blocked after 3 rounds: {said}")


def _play_round(repo: GitRepo, resolve: dict[str, str] | None) -> str:
    """`_follow`, and the next stop, if blocked, is blocked for another reason (no loop)."""
    said, again = _follow(repo, resolve)
    assert again.err != said, said
    return said


def _git(repo: GitRepo, *args: str, env: dict[str, str] | None = None) -> int:
    done = subprocess.run(
        ["git", *args], cwd=repo.root, capture_output=True, env={**os.environ, **(env or {})}
    )
    return done.returncode


def test_a_cherry_pick_sequence_left_between_two_picks_blocks_until_it_goes_on(
    git_repo: GitRepo,
) -> None:
    """`git cherry-pick A B C` stopped on B, resolved with `git commit` instead of `--continue`:
    git's sequencer folder still holds C, no CHERRY_PICK_HEAD, nothing to resolve. The hook let
    the session end there; it now names the sequence and its `--continue` first."""
    diverged(git_repo, with_packet=False, subfolder=True)
    assert _git(git_repo, "cherry-pick", "other~2", "other~1", "other") != 0
    git_repo.write("a.py", "a = 4\n")
    git_repo.git("add", "a.py")
    assert _git(git_repo, "commit", "-q", "--no-edit") == 0
    assert not (git_repo.root / ".git" / "CHERRY_PICK_HEAD").exists()
    said = _rounds(git_repo)
    assert said and "git cherry-pick` of several commits is left midway" in said[0], said
    assert "fix: GIT_EDITOR=true git cherry-pick --continue" in said[0], said
    assert "git cherry-pick --abort" in said[0]
    assert not (git_repo.root / ".git" / "sequencer").exists()
    assert git_repo.git("show", "HEAD:d.py") == "d = 2"


@pytest.mark.parametrize("todo", ["", "# nothing left\n", "\n", "drop 1234567 gone\n"])
def test_a_sequencer_folder_with_no_step_left_is_no_operation(git_repo: GitRepo, todo: str) -> None:
    """Review 51-4: a leftover sequencer folder whose to-do list names no pick or revert (an
    interrupted or old git's) blocked the stop, and its fix `git cherry-pick --continue` failed
    (exit 128: no commits parsed). Git itself reports no operation there (`git status`); nor
    does the hook now."""
    committed_packet(feature_repo(git_repo))
    sequencer = git_repo.root / ".git" / "sequencer"
    sequencer.mkdir()
    (sequencer / "head").write_text(git_repo.head() + "\n", encoding="utf-8")
    (sequencer / "todo").write_text(todo, encoding="utf-8")
    assert "cherry-pick" not in git_repo.git("status").lower()
    stopped = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stopped.code == 0, stopped.err
    assert "cherry-pick" not in stopped.err


def test_a_bisect_left_running_blocks_until_it_is_reset(git_repo: GitRepo) -> None:
    """A `git bisect` left running (HEAD detached at a commit it checked out): the hook said
    "HEAD is detached: no branch to hand off" and let the session end; it now names the bisect
    and `git bisect reset`, then what the branch itself needs."""
    diverged(git_repo, with_packet=False, subfolder=True)
    git_repo.git("switch", "-q", "other")
    assert _git(git_repo, "bisect", "start", "other", "main") == 0
    assert (git_repo.root / ".git" / "BISECT_LOG").exists()
    said = _rounds(git_repo)
    assert "a `git bisect` is left running" in said[0], said
    assert 'fix: git -C "$(git rev-parse --show-toplevel)" bisect reset' in said[0], said
    assert not (git_repo.root / ".git" / "BISECT_LOG").exists()
    assert git_repo.git("branch", "--show-current") == "other"


def test_a_rebase_of_a_detached_head_stopped_at_an_edit_step_blocks(git_repo: GitRepo) -> None:
    """`git rebase -i other~2 other^0` (a detached HEAD) stopped at an `edit` step: git's
    head-name says "detached HEAD", which was taken for no rebase, and the session could end
    there; it is now named, with `git rebase --continue` first."""
    diverged(git_repo, with_packet=False, subfolder=True)
    edit = {"GIT_SEQUENCE_EDITOR": "sed -i 1s/^pick/edit/", "GIT_EDITOR": "true"}
    assert _git(git_repo, "rebase", "-q", "-i", "other~2", "other^0", env=edit) == 0
    assert (git_repo.root / ".git" / "rebase-merge").is_dir()
    said = _rounds(git_repo)
    assert "a rebase of a detached HEAD is in progress" in said[0], said
    assert "fix: GIT_EDITOR=true git rebase --continue" in said[0], said
    assert not (git_repo.root / ".git" / "rebase-merge").exists()


def test_a_git_am_stopped_on_a_patch_blocks_and_its_way_out_works(git_repo: GitRepo) -> None:
    """`git am` stopped on a patch that does not apply (git's rebase-apply folder, no head-name,
    no conflict): the hook let the session end; it now names it and the way out."""
    diverged(git_repo, with_packet=False, subfolder=True)
    patch = git_repo.root.parent / "b.patch"
    patch.write_text(git_repo.git("format-patch", "-1", "--stdout", "other~1") + "\n")
    assert _git(git_repo, "am", str(patch)) != 0
    assert (git_repo.root / ".git" / "rebase-apply" / "applying").exists()
    said = _rounds(git_repo)
    assert "a `git am` is stopped on a patch" in said[0], said
    assert "fix: git am --abort" in said[0] and "git am --continue" in said[0], said
    assert not (git_repo.root / ".git" / "rebase-apply").exists()


def test_a_rebase_stopped_at_an_edit_step_with_an_amendment_begun_stages_it_first(
    git_repo: GitRepo,
) -> None:
    """An `edit` step, then a change to a file not staged, then the session ends: the printed
    `git rebase --continue` refused ("You must edit all merge conflicts ... git add") and the
    hook repeated it. The change is now staged first, and the stopped commit takes it."""
    diverged(git_repo, with_packet=False, subfolder=True)
    git_repo.git("switch", "-q", "other")
    edit = {"GIT_SEQUENCE_EDITOR": "sed -i 1s/^pick/edit/", "GIT_EDITOR": "true"}
    assert _git(git_repo, "rebase", "-q", "-i", "other~2", env=edit) == 0
    git_repo.write("a.py", "a = 5\n")
    said = _rounds(git_repo)
    assert "with changes not staged in a.py" in said[0], said
    assert "fix: git add -- ../a.py && GIT_EDITOR=true git rebase --continue" in said[0], said
    assert not (git_repo.root / ".git" / "rebase-merge").exists()
    assert git_repo.git("show", "HEAD~1:a.py") == "a = 5"
    assert git_repo.git("status", "--porcelain") == ""


def test_the_bisect_log_it_advises_runs_from_a_subfolder(git_repo: GitRepo) -> None:
    """The advice said to run a bare `git bisect log` first, which git refuses outside the top
    folder; the printed one names the top folder, as the reset does."""
    diverged(git_repo, with_packet=False, subfolder=True)
    git_repo.git("switch", "-q", "other")
    assert _git(git_repo, "bisect", "start", "other", "main") == 0
    here = git_repo.root / "sub"
    run = run_hook(stop_event(here))
    assert run.code == 2, run.err
    log = 'git -C "$(git rev-parse --show-toplevel)" bisect log'
    assert f"`{log}` first" in run.err, run.err
    done = run_fix(here, log)
    assert done.returncode == 0 and "git bisect start" in done.stdout, done.stderr


def _bisect_in_a_rebase(repo: GitRepo) -> None:
    """On `other`: a rebase stopped at an `edit` step, and a bisect started there (on the
    rebase's detached HEAD: git's BISECT_START holds a commit, not a branch)."""
    diverged(repo, with_packet=False, subfolder=True)
    repo.git("switch", "-q", "other")
    edit = {"GIT_SEQUENCE_EDITOR": "sed -i 1s/^pick/edit/", "GIT_EDITOR": "true"}
    assert _git(repo, "rebase", "-q", "-i", "main", "--force-rebase", env=edit) == 0
    assert _git(repo, "bisect", "start", "HEAD", "main") == 0


def test_a_bisect_started_mid_rebase_is_reset_onto_the_branch(git_repo: GitRepo) -> None:
    """A bisect started during a rebase: once the rebase was done, the printed `bisect reset`
    checked out the rebase's detached commit, not "the branch it started on", and the next
    stop let the session end there. The reset now names the branch."""
    _bisect_in_a_rebase(git_repo)
    said: list[str] = []
    for _round in range(5):
        if run_hook(stop_event(git_repo.root / "sub")).code == 0:
            break
        said.append(_play_round(git_repo, None))
    else:
        raise AssertionError(f"still blocked after 5 rounds: {said}")
    assert "a `git bisect` started during it is running too" in said[0], said
    reset = 'fix: git -C "$(git rev-parse --show-toplevel)" bisect reset other'
    assert any(reset in answer for answer in said), said
    assert not (git_repo.root / ".git" / "BISECT_LOG").exists()
    assert git_repo.git("branch", "--show-current") == "other"


def test_a_head_left_detached_by_a_bare_bisect_reset_blocks(git_repo: GitRepo) -> None:
    """A bare `git bisect reset` of a bisect started mid-rebase leaves HEAD detached off the
    branch: the hook said "HEAD is detached: no branch to hand off" and let the session end."""
    _bisect_in_a_rebase(git_repo)
    assert _git(git_repo, "rebase", "--continue", env={"GIT_EDITOR": "true"}) == 0
    assert _git(git_repo, "bisect", "reset") == 0
    assert git_repo.git("branch", "--show-current") == ""
    run = run_hook(stop_event(git_repo.root / "sub"))
    assert run.code == 2, run.err
    assert "moved to from branch other" in run.err
    assert _commands(run.lines) == ["git switch other"], run.err
    assert run_fix(git_repo.root / "sub", "git switch other").returncode == 0
    assert git_repo.git("branch", "--show-current") == "other"


def test_a_head_checked_out_off_a_branch_blocks_however_the_commit_is_written(
    git_repo: GitRepo,
) -> None:
    """`git checkout COMMIT` away from a branch: only a full id blocked; `HEAD~2`, `feat~2` or a
    tag (git's reflog keeps the text as typed) let the session end off the branch. Every form
    blocks now, and its `git switch` runs; `git checkout --detach` at the tip still does not."""
    diverged(git_repo, with_packet=False, subfolder=True)
    git_repo.write("a.py", "a = 4\n")
    git_repo.commit("feat a again")
    git_repo.git("tag", "v0.1", "HEAD~1")
    here = git_repo.root / "sub"
    for target in (git_repo.git("rev-parse", "HEAD~2"), "HEAD~2", "feat~2", "v0.1"):
        assert _git(git_repo, "checkout", "-q", target) == 0
        run = run_hook(stop_event(here))
        assert run.code == 2, (target, run.err)
        assert "moved to from branch feat" in run.err, (target, run.err)
        assert _commands(run.lines) == ["git switch feat"], (target, run.err)
        assert run_fix(here, "git switch feat").returncode == 0
        assert git_repo.git("branch", "--show-current") == "feat"
    assert _git(git_repo, "checkout", "-q", "--detach") == 0
    run = run_hook(stop_event(here))
    assert run.code == 0 and "HEAD is detached: no branch to hand off" in run.err, run.err


def test_a_stash_pop_conflict_between_two_picks_names_the_stash(git_repo: GitRepo) -> None:
    """`git cherry-pick A B C` stopped on B and committed by hand, then `git stash pop`
    conflicted: the hook blamed "a `git cherry-pick -n`" and never named the kept stash
    entry. It now names the pop and its entry, and the sequence apart."""
    diverged(git_repo, with_packet=False, subfolder=True)
    git_repo.write("a.py", "a = 5\n")
    git_repo.write("sub/s.txt", "stashed\n")
    git_repo.git("add", "sub/s.txt")
    git_repo.git("stash", "-q")
    assert _git(git_repo, "cherry-pick", "other~2", "other~1", "other") != 0
    git_repo.write("a.py", "a = 4\n")
    git_repo.git("add", "a.py")
    assert _git(git_repo, "commit", "-q", "--no-edit") == 0
    assert _git(git_repo, "stash", "pop") != 0
    said = _rounds(git_repo, {"a.py": "a = 6\n"})
    assert "a `git stash pop` stopped on it and kept its entry" in said[0], said
    assert "git stash drop" in said[0] and "cherry-pick -n" not in said[0], said
    assert "GIT_EDITOR=true git cherry-pick --continue" in said[0], said
    assert not (git_repo.root / ".git" / "sequencer").exists()
    assert git_repo.git("show", "HEAD:d.py") == "d = 2"


def test_a_stop_from_a_folder_the_session_removed_is_judged_from_the_folder_above(
    git_repo: GitRepo,
) -> None:
    """The agent's folder `src/old` went with its own `git rm -r`: the hook said "cwd … is not a
    folder; nothing to judge" and let a branch with work and no handoff end. It now judges from
    `src`, the nearest folder that is there, and says to run the fixes from it."""
    git_repo.write("src/old/a.py", "A = 1\n")
    git_repo.write("src/b.py", "B = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/rm")
    git_repo.write("src/b.py", "B = 2\n")
    git_repo.commit("b: 2")
    git_repo.git("rm", "-q", "-r", "src/old")
    git_repo.commit("drop src/old")
    gone = git_repo.root / "src" / "old"
    assert not gone.exists()
    run = run_hook(stop_event(gone))
    assert run.code == 2, run.err
    assert "has work of its own against main but no active handoff" in run.err, run.err
    here = git_repo.root / "src"
    told = f"from {here} (the event's cwd {gone} no longer exists: `cd {here}` first)"
    assert told in run.lines[-1], run.err
    for command in _commands(run.lines):
        done = run_fix(here, command)
        assert done.returncode == 0, (command, run.err, done.stdout, done.stderr)
    git_repo.git("add", "-A")
    git_repo.commit("handoff")
    again = run_hook(stop_event(gone))
    assert again.code == 0, again.err
