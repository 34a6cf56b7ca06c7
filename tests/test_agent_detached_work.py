"""Work committed on a detached HEAD: `git checkout --detach`, then a commit. The hook said
"HEAD is detached: no branch to hand off" and let the session end, though the commit is on no
branch and is lost once another commit is checked out. It blocks now with `git switch -c
NEW-BRANCH`, and lets the session go on to the branch's own judgement once it is run. A
detached HEAD whose commits a branch, a remote-tracking branch or a tag holds is let through,
as before. So is a pull request's head fetched and checked out detached (`git fetch origin
pull/1/head && git checkout FETCH_HEAD`, what `gh pr checkout 1 --detach` does): its commits
are on no ref of the clone, but none was made here, and the hook blocked it with `git switch
-c NEW-BRANCH`, then asked a handoff of the new branch though the session committed nothing."""

from __future__ import annotations

import json
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from git_helpers import git, packet
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.git import plumbing
from handoff_audit.markdown import render_packet
from test_agent_conflict_source import _commands


def _detached_work(repo: GitRepo) -> None:
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/d")
    repo.write("a.py", "a = 2\n")
    repo.commit("work")
    repo.git("checkout", "-q", "--detach")
    repo.write("a.py", "a = 3\n")
    repo.commit("detached work")


def test_commits_on_no_branch_block_until_they_get_one(git_repo: GitRepo) -> None:
    _detached_work(git_repo)
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "HEAD is detached, with commits on no branch" in run.err, run.err
    assert "with 1 commit(s) that no branch or tag holds" in run.err, run.err
    assert _commands(run.lines) == ["git switch -c NEW-BRANCH"], run.err
    assert run_fix(git_repo.root, "git switch -c feat/more").returncode == 0
    again = run_hook(stop_event(git_repo.root))
    # On its branch, the work is judged as any branch's: it needs its handoff.
    assert again.code == 2 and "branch feat/more has work of its own" in again.err, again.err


def test_commits_a_tag_holds_are_let_through(git_repo: GitRepo) -> None:
    _detached_work(git_repo)
    git_repo.git("tag", "v1")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 0 and "HEAD is detached: no branch to hand off" in run.err, run.err


def _detached_pull_request(repo: GitRepo, tmp_path: Path) -> Path:
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "pr")
    repo.write("p.py", "p = 1\n")
    repo.commit("pr")
    repo.git("update-ref", "refs/pull/1/head", "HEAD")
    repo.git("switch", "-q", "main")
    repo.git("branch", "-q", "-D", "pr")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(repo.root), str(clone))
    git(clone, "fetch", "-q", "origin", "pull/1/head")
    git(clone, "checkout", "-q", "FETCH_HEAD")
    return clone


def test_a_pull_request_checked_out_detached_is_let_go(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _detached_pull_request(git_repo, tmp_path)
    run = run_hook(stop_event(clone))
    assert run.code == 0, run.err
    assert "HEAD is detached: no branch to hand off" in run.err, run.err


def test_a_commit_on_the_checked_out_pull_request_blocks(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _detached_pull_request(git_repo, tmp_path)
    (clone / "p.py").write_text("p = 2\n")
    git(clone, "commit", "-q", "-am", "review fix")
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    # The fetched commit is on no ref either; only the one made here is counted.
    assert "with 1 commit(s) that no branch or tag holds" in run.err, run.err
    assert _commands(run.lines) == ["git switch -c NEW-BRANCH"], run.err


def test_a_commit_a_detached_checkout_left_behind_blocks_until_it_gets_a_branch(
    git_repo: GitRepo,
) -> None:
    """`git checkout HEAD~1` after the detached commit, HEAD still detached: the reflog was read
    back to that checkout only, so the hook let the session end with the commit on no branch."""
    _detached_work(git_repo)
    lost = git_repo.head()
    git_repo.git("checkout", "-q", "HEAD~1")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "HEAD is detached, with commits on no branch" in run.err, run.err
    assert "with 1 commit(s) made here that no branch or tag holds" in run.err, run.err
    assert f"left behind by a checkout (the work at {lost[:12]})" in run.err, run.err
    [command] = _commands(run.lines)
    assert command == f"git switch -c NEW-BRANCH {lost}", run.err
    done = run_fix(git_repo.root, command.replace("NEW-BRANCH", "feat/more"))
    assert done.returncode == 0, done.stderr
    assert git_repo.git("rev-parse", "feat/more") == lost
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 2 and "branch feat/more has work of its own" in again.err, again.err


def test_work_left_behind_and_work_under_head_each_get_a_branch(git_repo: GitRepo) -> None:
    _detached_work(git_repo)
    left = git_repo.head()
    git_repo.git("checkout", "-q", "HEAD~1")
    git_repo.write("b.py", "b = 1\n")
    git_repo.commit("other detached work")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2 and "with 2 commit(s) made here" in run.err, run.err
    [command] = _commands(run.lines)
    assert command == f"git branch NEW-BRANCH-2 {left} && git switch -c NEW-BRANCH", run.err
    assert "a name for each line of work" in run.err, run.err
    filled = command.replace("NEW-BRANCH-2", "feat/left").replace("NEW-BRANCH", "feat/here")
    assert run_fix(git_repo.root, filled).returncode == 0
    assert git_repo.git("rev-parse", "feat/left") == left
    assert git_repo.git("rev-parse", "--abbrev-ref", "HEAD") == "feat/here"


def test_a_commit_reset_away_or_a_checkout_of_a_pull_request_is_no_lost_work(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """What `git reset` drops was dropped on purpose; a pull request's fetched commits that a
    checkout leaves were made elsewhere. Neither blocks, and neither costs a git process more
    than a detached HEAD with no commit made."""
    _detached_work(git_repo)
    git_repo.git("reset", "-q", "--hard", "HEAD~1")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 0 and "HEAD is detached: no branch to hand off" in run.err, run.err
    clone = _detached_pull_request(git_repo, tmp_path)
    git(clone, "checkout", "-q", "HEAD~1")
    pulled = run_hook(stop_event(clone))
    assert pulled.code == 0 and "no branch or tag holds" not in pulled.err, pulled.err
    start = plumbing.spawn_count()
    judge(clone)
    used = plumbing.spawn_count() - start
    git(clone, "switch", "-q", "--detach", "origin/main")
    start = plumbing.spawn_count()
    judge(clone)
    assert plumbing.spawn_count() - start == used


def test_a_commit_left_behind_costs_one_git_process_as_one_under_head(git_repo: GitRepo) -> None:
    _detached_work(git_repo)
    start = plumbing.spawn_count()
    under_head = judge(git_repo.root)
    used = plumbing.spawn_count() - start
    git_repo.git("checkout", "-q", "HEAD~1")
    start = plumbing.spawn_count()
    left = judge(git_repo.root)
    assert plumbing.spawn_count() - start == used
    assert (
        [p.kind for p in under_head.problems] == [p.kind for p in left.problems] == ["unbranched"]
    )


def _amended_after_leaving(repo: GitRepo) -> str:
    """A detached commit left by `git checkout HEAD~1`, checked out again and amended (its
    message only, so the amended commit has its tree); the commit left, returned."""
    _detached_work(repo)
    first = repo.head()
    repo.git("checkout", "-q", "HEAD~1")
    repo.git("checkout", "-q", first)
    repo.git("commit", "-q", "--amend", "-m", "detached work, said better")
    return first


def test_a_commit_left_then_amended_onto_a_branch_is_no_lost_work(git_repo: GitRepo) -> None:
    """The commit `git commit --amend` replaced was left by a checkout: the hook blocked with
    "left behind by a checkout (the work at …)" though a branch holds the amended commit, the
    same files. A commit left whose tree a branch holds, at its tip or below it, is kept."""
    first = _amended_after_leaving(git_repo)
    git_repo.git("branch", "feat/x")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 0 and "HEAD is detached: no branch to hand off" in run.err, run.err
    git_repo.write("b.py", "b = 1\n")
    git_repo.commit("more on feat/x")
    git_repo.git("branch", "-f", "feat/x")
    below = run_hook(stop_event(git_repo.root))
    assert below.code == 0 and first[:12] not in below.err, below.err


def test_a_commit_left_then_amended_with_other_content_still_blocks(git_repo: GitRepo) -> None:
    first = _amended_after_leaving(git_repo)
    git_repo.write("a.py", "a = 4\n")
    git_repo.git("commit", "-q", "-a", "--amend", "--no-edit")
    git_repo.git("branch", "feat/x")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert f"left behind by a checkout (the work at {first[:12]})" in run.err, run.err


def _clone_on_remote_branch(
    repo: GitRepo, tmp_path: Path, *, local: bool = False, remote: str = "origin"
) -> Path:
    """A clone of an origin (named ``remote`` in the clone) with main and feat/c (whose active
    packet names feat/c), only main local (or feat/c too, with ``local``), checked out detached
    at REMOTE/feat/c, one commit made there."""
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/c")
    repo.write("c2.py", "c = 1\n")
    data = packet("feat/c", repo.head(), next_action="Round the totals in c2.py.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("c with its handoff")
    repo.git("switch", "-q", "main")
    origin = tmp_path / "origin.git"
    git(tmp_path, "clone", "-q", "--bare", str(repo.root), str(origin))
    clone = tmp_path / "dc"
    git(tmp_path, "clone", "-q", "--origin", remote, str(origin), str(clone))
    if local:
        git(clone, "branch", "-q", "feat/c", f"{remote}/feat/c")
    git(clone, "checkout", "-q", f"{remote}/feat/c")
    (clone / "c2.py").write_text("c = 1\nz = 2\n")
    git(clone, "commit", "-q", "-am", "more c")
    return clone


def test_work_on_a_checked_out_remote_branch_gets_that_branch_and_its_packet(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """`git checkout origin/feat/c`, then a commit: the fix was `git switch -c NEW-BRANCH`, and
    the next stop judged the packet of feat/c as another branch's (branch-mismatch), its work
    cut off from the summary and next action it continues."""
    clone = _clone_on_remote_branch(git_repo, tmp_path)
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    assert "they continue origin/feat/c" in run.err, run.err
    assert "`git push -u origin feat/c` sets it to track origin/feat/c" in run.err, run.err
    assert _commands(run.lines) == ["git switch -c feat/c"], run.err
    done = run_fix(clone, "git switch -c feat/c")
    assert done.returncode == 0, done.stderr
    again = run_hook(stop_event(clone, active=True))
    assert "branch-mismatch" not in again.err, again.err
    assert "archive" not in again.err, again.err
    # The packet of feat/c is this branch's: the commit made since asks for its refresh.
    assert again.code == 2 and "the handoff of branch feat/c is not ready" in again.err, again.err
    assert "handoff-audit update handoff.json" in again.err, again.err


def test_work_on_a_remote_branch_with_a_local_one_gets_a_new_branch(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    clone = _clone_on_remote_branch(git_repo, tmp_path, local=True)
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    assert "continue origin/feat/c" not in run.err, run.err
    assert _commands(run.lines) == ["git switch -c NEW-BRANCH"], run.err


def test_work_on_a_branch_of_a_remote_named_with_a_slash_gets_the_branch_name(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """A remote named ``team/upstream``: the name was split at its first ``/``, and the fix was
    `git switch -c upstream/feat/c`, a branch of a name no remote has, the packet of feat/c
    judged another branch's. Beside a remote named ``team`` too, the longest name is the one."""
    clone = _clone_on_remote_branch(git_repo, tmp_path, remote="team/upstream")
    git(clone, "remote", "add", "team", str(tmp_path / "origin.git"))
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    assert "they continue team/upstream/feat/c" in run.err, run.err
    assert "`git push -u team/upstream feat/c` sets it to track" in run.err, run.err
    assert _commands(run.lines) == ["git switch -c feat/c"], run.err
    assert run_fix(clone, "git switch -c feat/c").returncode == 0
    pushed = run_fix(clone, "git push -q -u team/upstream feat/c")
    assert pushed.returncode == 0, pushed.stderr
    assert git(clone, "rev-parse", "--abbrev-ref", "@{upstream}") == "team/upstream/feat/c"
