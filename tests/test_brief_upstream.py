"""`show` and ``SessionStart`` on a branch whose upstream, as last fetched, is ahead of it: the
handoff given is the local one, older than the one waiting upstream, so one line says how far
the upstream is ahead (and behind, when the branches diverged) and the command that brings it
in. From local refs only: nothing is fetched. No upstream, or a gone one: no line."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import run_hook
from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]

BRANCH = "feat/x"


def _note(step: str) -> str:
    return f"# Handoff\n\n## State\nsrc/a.py started.\n\n## Next step\n{step}\n"


def _clone(tmp: Path, origin: Path, name: str) -> GitRepo:
    subprocess.run(["git", "clone", "-q", str(origin), str(tmp / name)], check=True)
    repo = GitRepo.__new__(GitRepo)
    repo.root = tmp / name
    return repo


@pytest.fixture
def pair(tmp_path: Path, git_repo: GitRepo) -> tuple[GitRepo, GitRepo]:
    """Agent A's clone, whose branch is one commit behind its upstream after `git fetch`, and
    agent B's, which pushed that commit (a newer handoff)."""
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(origin)], check=True)
    a = git_repo
    a.write("src/a.py", "a = 1\n")
    a.commit("init")
    a.git("switch", "-q", "-c", BRANCH)
    a.write("HANDOFF.md", _note("Add src/b.py with b()."))
    a.commit("handoff")
    a.git("remote", "add", "origin", str(origin))
    a.git("push", "-q", "-u", "origin", "main", BRANCH)
    b = _clone(tmp_path, origin, "b")
    b.git("switch", "-q", BRANCH)
    b.write("src/b.py", "def b(): ...\n")
    b.write("HANDOFF.md", _note("Add src/c.py with c()."))
    b.commit("b and handoff")
    b.git("push", "-q")
    a.git("fetch", "-q")
    return a, b


def _show(run_cli: Run, repo: GitRepo) -> str:
    done = run_cli(["show"], cwd=repo.root)
    assert done.code == 0, (done.out, done.err)
    return done.out


def test_a_branch_behind_its_upstream_is_told_to_pull(
    run_cli: Run, pair: tuple[GitRepo, GitRepo]
) -> None:
    a, _ = pair
    said = (
        f"Note: the upstream origin/{BRANCH} is 1 commit ahead of {BRANCH} (as last fetched): "
        "the handoff there may be newer than this one; bring it in with `git pull --ff-only`"
    )
    out = _show(run_cli, a)
    assert out.startswith(said), out
    assert "Next action: Add src/b.py with b()." in out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(a.root)}
    started = run_hook({**event, "source": "startup"})
    assert started.code == 0, started.err
    assert said in json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    a.git("pull", "-q", "--ff-only")
    out = _show(run_cli, a)
    assert "upstream" not in out
    assert "Next action: Add src/c.py with c()." in out


def test_a_diverged_branch_is_told_to_pull_with_rebase(
    run_cli: Run, pair: tuple[GitRepo, GitRepo]
) -> None:
    a, _ = pair
    a.write("src/d.py", "d = 1\n")
    a.commit("d")
    out = _show(run_cli, a)
    assert (
        f"Note: the upstream origin/{BRANCH} is 1 commit ahead of {BRANCH} and 1 commit behind "
        "it (as last fetched; the branches diverged): the handoff there may be newer than this "
        f"one; bring it in with `git pull --rebase` (it replays the 1 commit of {BRANCH} on "
        f"origin/{BRANCH})"
    ) in out
    assert json.loads(run_cli(["show", "--format", "json"], cwd=a.root).out)["upstream"]


@pytest.mark.parametrize("how", ["gone", "unset", "level"])
def test_no_upstream_ahead_says_nothing(
    run_cli: Run, pair: tuple[GitRepo, GitRepo], how: str
) -> None:
    a, _ = pair
    if how == "gone":
        a.git("update-ref", "-d", f"refs/remotes/origin/{BRANCH}")
    elif how == "unset":
        a.git("branch", "--unset-upstream")
    else:
        a.git("merge", "-q", "--ff-only", f"origin/{BRANCH}")
    out = _show(run_cli, a)
    assert "upstream" not in out
    assert out.startswith("Next action: ")


@pytest.mark.parametrize("form", ["packet", "note"])
def test_the_upstream_costs_no_git_process_of_its_own(
    run_cli: Run, pair: tuple[GitRepo, GitRepo], form: str
) -> None:
    """README "Resuming: show": git is asked at most eight times, the upstream included: its
    name and how far it is ahead come from the `status` the brief runs anyway, also for a
    packet, whose brief reads no refs until the merge target is asked for (nine before)."""
    from handoff_audit.git import plumbing

    a, _ = pair
    # A remote-tracking branch of one `/`: no `git remote` to tell the remote from the branch.
    a.git("branch", "-q", "-m", BRANCH, "fx")
    a.git("update-ref", "refs/remotes/origin/fx", f"refs/remotes/origin/{BRANCH}")
    a.git("update-ref", "-d", f"refs/remotes/origin/{BRANCH}")
    a.git("branch", "-q", "-u", "origin/fx")
    if form == "packet":
        data = packet("fx", a.head(), changed_files=["src/a.py"], next_action="Add b().")
        a.write("handoff.json", json.dumps(data, indent=2) + "\n")
        a.write("handoff.md", render_packet(data))
        a.git("rm", "-q", "HANDOFF.md")
        a.commit("packet")
    before = plumbing.spawn_count()
    out = _show(run_cli, a)
    assert plumbing.spawn_count() - before <= 8, out
    assert out.startswith("Note: the upstream origin/fx is 1 commit ahead of fx"), out
