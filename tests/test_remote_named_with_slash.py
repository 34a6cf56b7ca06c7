"""A remote whose name holds a ``/`` (`git remote add team/fork URL`): its remote-tracking
branches are ``refs/remotes/team/fork/BRANCH``, and the branch is BRANCH, not ``fork/BRANCH``.
Real repositories, a bare repository as the remote, fetched."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from agent_support import run_fix
from conftest import GitRepo, Result
from git_helpers import check, hits, packet
from handoff_audit.git import plumbing
from handoff_audit.markdown import render_packet


def _remote(repo: GitRepo, name: str, *branches: str) -> None:
    """A bare repository added as remote ``name``, holding ``branches`` as HEAD has them,
    fetched."""
    bare = repo.root.parent / f"{name.replace('/', '-')}.git"
    repo.git("init", "-q", "--bare", str(bare))
    repo.git("remote", "add", name, str(bare))
    for branch in branches:
        repo.git("push", "-q", name, f"HEAD:refs/heads/{branch}")
    repo.git("fetch", "-q", name)


def test_read_refs_takes_the_longest_remote_name(git_repo: GitRepo) -> None:
    """Beside ``team`` and ``team/fork``, ``refs/remotes/team/fork/feat/x`` is ``team/fork``'s
    branch ``feat/x``; ``refs/remotes/team/main`` is ``team``'s ``main``."""
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")
    _remote(git_repo, "team/fork", "feat/x", "main")
    _remote(git_repo, "team", "main")
    refs, _ = plumbing.read_refs(git_repo.root)
    branches = {ref.name: (ref.remote, ref.branch) for ref in refs}
    assert branches == {
        "refs/heads/main": ("", "main"),
        "refs/remotes/team/fork/feat/x": ("team/fork", "feat/x"),
        "refs/remotes/team/fork/main": ("team/fork", "main"),
        "refs/remotes/team/main": ("team", "main"),
    }


def test_a_target_branch_only_on_a_remote_named_with_a_slash(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """`--target-branch main` where ``main`` is only ``team/fork/main``: it was "no such
    branch" (the branch read as ``fork/main``); now the merge gate judges the merge into it."""
    git_repo.write("src/app.py", "start\n")
    lkg = git_repo.commit("start")
    _remote(git_repo, "team/fork", "main")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.git("branch", "-q", "-D", "main")
    git_repo.write(".handoff/refund.json", packet(branch="feat", lkg=lkg))
    git_repo.commit("handoff")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    [hit] = hits(report, "active-in-merge")
    assert hit["path"] == ".handoff/refund.json"
    tracked = run_cli(["check", "--target-branch", "team/fork/main"], cwd=git_repo.root)
    assert tracked.code == 2 and 'did you mean "main"?' in tracked.err, tracked.err


def test_all_branches_knows_its_own_branch_on_a_remote_named_with_a_slash(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """The checked-out branch's own copy on ``team/fork`` is not another branch's packet: no
    `multiple-active` with ``team/fork/feat/x``'s older copy."""
    git_repo.write("src/app.py", "start\n")
    lkg = git_repo.commit("start")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(".handoff/x.json", packet(branch="feat/x", lkg=lkg))
    git_repo.commit("x handoff")
    _remote(git_repo, "team/fork", "feat/x")
    git_repo.write(".handoff/x.json", packet(branch="feat/x", lkg=lkg, summary="Moved on."))
    git_repo.commit("x handoff again")
    report = check(run_cli, git_repo.root, "--all-branches")
    assert not hits(report, "multiple-active"), hits(report, "multiple-active")


def _show(root: Path) -> str:
    script = Path(sys.executable).parent / "handoff-audit"
    done = subprocess.run([str(script), "show"], cwd=root, capture_output=True, text=True)
    return done.stdout


def test_detached_head_tracks_a_branch_of_a_remote_named_with_a_slash(git_repo: GitRepo) -> None:
    """On a detached HEAD, the packet of a branch only ``team/fork`` has gets `git switch -c
    feat/remote --track team/fork/feat/remote`, which works as printed (it got no command; and
    without ``-c`` git would name the branch ``fork/feat/remote``)."""
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    data = packet("feat/remote", git_repo.head(), next_action="Finish the remote work.")
    git_repo.write(".handoff/remote.json", json.dumps(data, indent=2) + "\n")
    git_repo.write(".handoff/remote.md", render_packet(data))
    git_repo.commit("packet")
    _remote(git_repo, "team/fork", "feat/remote")
    git_repo.git("checkout", "-q", "--detach")
    line = next(x for x in _show(git_repo.root).splitlines() if "(branch feat/remote)" in x)
    command = "git switch " + line.split("git switch ", 1)[1].split(";")[0].strip()
    assert command == "git switch -c feat/remote --track team/fork/feat/remote"
    assert run_fix(git_repo.root, command).returncode == 0
    assert git_repo.git("branch", "--show-current") == "feat/remote"
