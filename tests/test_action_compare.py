"""Staleness from GitHub's compare API when the clone is shallow and cannot be deepened."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from action_runner import BRANCH, Runner
from conftest import GitRepo


def _clone_depth_1(runner: Runner, clone: Path) -> None:
    """The runner's workspace becomes a depth-1 clone of its repository's feature branch."""
    origin = runner.repo.root
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", "--branch", BRANCH, f"file://{origin}", clone],
        check=True,
    )
    runner.repo = GitRepo(clone)


def shallow_clone(runner: Runner, tmp: Path, commits: int) -> tuple[str, str]:
    """Add ``commits`` to the origin, clone it with depth 1 and cut the way back; the packet's
    last known good commit and the new head."""
    origin = runner.repo
    lkg = str(origin.git("show", "HEAD:handoff.json").split('"last_known_good_commit": "')[1][:40])
    for i in range(commits):
        origin.write(f"src/step{i}.py", f"x = {i}\n")
        origin.commit(f"step {i}")
    head = origin.head()
    clone = tmp / "clone"
    _clone_depth_1(runner, clone)
    runner.repo.git("remote", "set-url", "origin", str(tmp / "gone"))  # deepening must fail
    return lkg, head


def push(runner: Runner, head: str) -> dict[str, object]:
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=head)
    return payload


def test_compare_api_says_how_far_behind(runner: Runner, tmp_path: Path) -> None:
    lkg, head = shallow_clone(runner, tmp_path, 12)
    runner.fake.comparisons[(lkg, head)] = ("ahead", 13, 0)
    done = runner.run("push", push(runner, head))
    assert "lkg-behind" in done.summary
    assert "13 commits behind" in done.summary
    assert any(
        r.path.startswith("/repos/octo-org/hello-world/compare/") for r in runner.fake.requests
    )
    assert done.code == 1


def test_compare_api_404_is_lkg_unknown(runner: Runner, tmp_path: Path) -> None:
    _, head = shallow_clone(runner, tmp_path, 2)
    done = runner.run("push", push(runner, head))
    assert "lkg-unknown" in done.summary
    assert done.code == 1


@pytest.mark.parametrize("status", ["behind", "diverged"])
def test_compare_api_not_an_ancestor_is_lkg_unknown(
    runner: Runner, tmp_path: Path, status: str
) -> None:
    lkg, head = shallow_clone(runner, tmp_path, 2)
    runner.fake.comparisons[(lkg, head)] = (status, 0, 3)
    done = runner.run("push", push(runner, head))
    assert "lkg-unknown" in done.summary
    assert "not an ancestor" in done.summary


def test_without_a_token_it_stays_history_unavailable(runner: Runner, tmp_path: Path) -> None:
    _, head = shallow_clone(runner, tmp_path, 2)
    done = runner.run("push", push(runner, head), token="")
    assert "history-unavailable" in done.summary
    assert "lkg-unknown" not in done.summary
    assert runner.fake.requests == []


def test_ci_deepens_before_it_picks_the_current_file_of_a_series(
    runner: Runner, tmp_path: Path
) -> None:
    """A series that only its commits order (no date or number in the names), in a depth-1
    checkout: the action deepens the clone first, then judges the newest file by those commits."""
    origin = runner.repo
    for day, letter in enumerate("cba", start=1):  # committed in the reverse of the names
        origin.write(f"docs/sessions/notes-{letter}.md", f"# Notes {letter}\n\nDid {letter}.\n")
        origin.commit(f"session {letter}", date=f"2026-01-0{day}T00:00:00Z")
    head = origin.head()
    clone = tmp_path / "clone"
    _clone_depth_1(runner, clone)
    done = runner.run("push", push(runner, head))
    assert "docs/sessions/notes-a.md" in done.summary
    assert "docs/sessions/notes-c.md" not in done.summary
    assert "history-unavailable" not in done.summary


def test_comment_false_makes_no_api_call(runner: Runner, tmp_path: Path) -> None:
    """`comment: false` turns the API off: the compare API is not asked, even with a token."""
    lkg, head = shallow_clone(runner, tmp_path, 2)
    runner.fake.comparisons[(lkg, head)] = ("ahead", 3, 0)
    done = runner.run("push", push(runner, head), comment="false")
    assert runner.fake.requests == []
    assert "history-unavailable" in done.summary
    assert "lkg-behind" not in done.summary


UNREACHABLE = "http://127.0.0.1:9"


def test_comment_false_with_an_unreachable_api_waits_for_nothing(
    runner: Runner, tmp_path: Path
) -> None:
    _, head = shallow_clone(runner, tmp_path, 2)
    runner.api = UNREACHABLE
    done = runner.run("push", push(runner, head), comment="false")
    assert runner.sleeps == []
    assert "compare API" not in done.out
    assert "history-unavailable" in done.summary
    assert done.code == 0


def test_an_unreachable_compare_api_is_a_warning(runner: Runner, tmp_path: Path) -> None:
    _, head = shallow_clone(runner, tmp_path, 2)
    runner.api = UNREACHABLE
    done = runner.run("push", push(runner, head))
    lines = [line for line in done.out.splitlines() if "compare API could not place" in line]
    assert len(lines) == 1
    assert lines[0].startswith("::warning title=handoff-audit%3A compare API::")
    assert "Connection refused" in lines[0]
    assert "history-unavailable" in done.summary


def test_a_pull_request_in_a_clone_that_cannot_be_deepened_is_audited(
    runner: Runner, tmp_path: Path
) -> None:
    """actions/checkout's depth 1 and a remote git cannot reach (a private repository with
    `persist-credentials: false`): the base commit is not here, yet the pull request is
    audited, the gate with the defaults, staleness `history-unavailable` and the compare API."""
    lkg, head = shallow_clone(runner, tmp_path, 2)
    runner.fake.comparisons[(lkg, head)] = ("ahead", 3, 0)
    payload = runner.pull_request("pull_request.synchronize.json")
    payload["pull_request"]["head"]["sha"] = head
    done = runner.run("pull_request", payload)
    assert done.code == 1  # the active packet in the merge: an error, not a usage error
    assert "::notice" in done.out and runner.base[:12] in done.out
    assert "active-in-merge" in done.summary
    assert any(r.path.endswith(f"/compare/{lkg}...{head}") for r in runner.fake.requests)
    assert done.outputs["packets"] == "1" and done.outputs["blocked"] == "true"
