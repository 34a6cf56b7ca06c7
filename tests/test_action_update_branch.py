"""A push run in actions/checkout's default clone (depth 1, only the pushed branch): the
default branch is fetched with the deepening, so an "Update branch" merge of it into the branch
is no later work of the branch's (README, "Git-aware rules")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from action_runner import BRANCH, PR, Runner
from action_support import packet_data
from conftest import GitRepo
from handoff_audit.git import plumbing
from handoff_audit.markdown import render_packet


def _update_branch(runner: Runner, packets: int = 0) -> str:
    """``packets`` more active packets on the branch, 12 commits on main, then main merged
    into the branch ("Update branch"); main's tip, the pull request's base."""
    repo = runner.repo
    for i in range(packets):
        data = packet_data(branch=BRANCH, last_known_good_commit=runner.head)
        repo.write(f"svc{i}/handoff.json", json.dumps(data))
        repo.write(f"svc{i}/handoff.md", render_packet(data))
    if packets:
        repo.commit("more packets")
    repo.git("checkout", "-q", "main")
    for i in range(12):
        repo.write(f"src/m{i}.py", f"m = {i}\n")
        repo.commit(f"m{i}")
    base = repo.head()
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "main")
    return base


def _push_from_depth_1(runner: Runner, tmp: Path, base: str | None) -> None:
    """The workspace becomes a depth-1 clone of the branch alone; the push event's payload
    is written for its head, with an open pull request into main."""
    origin = runner.repo.root
    runner.repo.git("checkout", "-q", "main")  # GitHub's HEAD: the default branch
    clone = tmp / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", "--branch", BRANCH, f"file://{origin}", clone],
        check=True,
    )
    runner.repo = GitRepo(clone)
    if base is not None:
        runner.fake.add_pull(PR, BRANCH, base_sha=base)


def _push(runner: Runner, default: str = "main") -> dict[str, object]:
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.repo.head())
    payload["repository"]["default_branch"] = default  # type: ignore[index]
    return payload


def test_an_update_branch_merge_is_no_later_work_in_a_depth_1_push(
    runner: Runner, tmp_path: Path
) -> None:
    base = _update_branch(runner)
    _push_from_depth_1(runner, tmp_path, base)
    done = runner.run("push", _push(runner))
    assert "lkg-behind" not in done.out
    assert "packet-outdated" not in done.out
    assert "::notice" not in done.out
    assert done.outputs["errors"] == "0"
    assert done.code == 0


def test_a_later_commit_of_the_branch_still_makes_the_packet_outdated(
    runner: Runner, tmp_path: Path
) -> None:
    base = _update_branch(runner)
    runner.repo.write("src/refund.py", "def refund(): return 1\n")
    runner.repo.commit("refund: return 1")
    _push_from_depth_1(runner, tmp_path, base)
    done = runner.run("push", _push(runner))
    [line] = [line for line in done.out.splitlines() if "packet-outdated" in line]
    assert "1 later commit" in line and "`src/refund.py`" in line and "m0.py" not in line
    assert "lkg-behind" not in done.out


def test_a_default_branch_that_cannot_be_fetched_is_said_once(
    runner: Runner, tmp_path: Path
) -> None:
    base = _update_branch(runner)
    _push_from_depth_1(runner, tmp_path, base)
    done = runner.run("push", _push(runner, default="trunk"))
    notices = [line for line in done.out.splitlines() if line.startswith("::notice")]
    assert len(notices) == 1
    assert "'trunk'" in notices[0] and "`fetch-depth: 0`" in notices[0]
    assert "Traceback" not in done.out
    # The deepening itself still happened: the lkg is found, not history-unavailable.
    assert "history-unavailable" not in done.out


def test_the_git_processes_of_a_push_do_not_grow_with_the_packets(
    runner: Runner, tmp_path: Path
) -> None:
    counts = []
    for packets in (0, 5):
        one = Runner.__new__(Runner)
        one.__dict__.update(runner.__dict__)
        folder = tmp_path / f"origin{packets}"
        one.repo = GitRepo(folder)
        Runner.__init__(one, folder, one.repo, runner.fake, runner.api, runner.mp)
        _update_branch(one, packets)
        _push_from_depth_1(one, folder, None)
        start = plumbing.spawn_count()
        done = one.run("push", _push(one), comment="false")
        counts.append(plumbing.spawn_count() - start)
        assert "lkg-behind" not in done.out and "packet-outdated" not in done.out
    assert counts[0] == counts[1]


def test_the_default_branch_comes_in_no_deeper_than_the_deepening(
    runner: Runner, tmp_path: Path
) -> None:
    # main moved on by 150 commits since the branch forked: fetched along with `git fetch
    # --deepen=50`, all of them came in (its whole history, however long); bounded, it comes
    # in as deep as the rounds deepen it (50, then the deepening's 50 more, then 500 more, as
    # the merge base lies beyond 100: the branch's own work is told against it).
    runner.repo.git("checkout", "-q", "main")
    for i in range(150):
        runner.repo.git("commit", "-q", "--allow-empty", "-m", f"m{i}")
    total = int(runner.repo.git("rev-list", "--count", "main"))
    runner.repo.git("checkout", "-q", BRANCH)
    _push_from_depth_1(runner, tmp_path, None)
    done = runner.run("push", _push(runner), comment="false")
    assert "history-unavailable" not in done.out and "lkg-behind" not in done.out
    clone = runner.repo
    fetched = int(clone.git("rev-list", "--count", "refs/remotes/origin/main"))
    assert fetched <= 50 + 50 + 500 and fetched <= total
    assert clone.git("merge-base", "HEAD", "refs/remotes/origin/main")
