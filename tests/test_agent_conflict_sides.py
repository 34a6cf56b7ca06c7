"""A merge, rebase, cherry-pick or revert stopped on a conflict: the real Stop hook's printed
fixes, run as printed, in real repositories (delete/modify conflicts on the packet, a
cherry-pick left midway, a merge into the default branch, a merge that stages other files)."""

from __future__ import annotations

import subprocess

import pytest

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet


def _write_packet(repo: GitRepo, branch: str, summary: str) -> None:
    data = packet(branch, repo.git("rev-parse", "HEAD").strip(), summary=summary)
    data["next_action"] = "Extend a.py."
    repo.write("handoff.json", data)
    repo.write("handoff.md", render_packet(data))


def _modified_and_deleted(repo: GitRepo) -> None:
    """main holds a packet; feat/keep rewrites it, feat/drop deletes it."""
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    _write_packet(repo, "main", "first")
    repo.commit("handoff")
    repo.git("switch", "-q", "-c", "feat/keep")
    repo.write("k.py", "k = 1\n")
    _write_packet(repo, "feat/keep", "kept")
    repo.commit("keep")
    repo.git("switch", "-q", "-c", "feat/drop", "main")
    repo.write("d.py", "d = 1\n")
    repo.git("rm", "-q", "--", "handoff.json", "handoff.md")
    repo.commit("drop the packet")


@pytest.mark.parametrize(
    ("branch", "command", "other", "code", "kept"),
    [
        ("feat/drop", "merge", "feat/keep", "DU", False),  # this branch deleted it
        ("feat/keep", "merge", "feat/drop", "UD", True),  # the other branch deleted it
        ("feat/drop", "rebase", "feat/keep", "UD", False),  # the replayed commit deleted it
        ("feat/keep", "rebase", "feat/drop", "DU", True),  # the branch rebased onto deleted it
    ],
)
def test_a_delete_modify_conflict_on_the_packet_gets_a_fix_that_works(
    git_repo: GitRepo, branch: str, command: str, other: str, code: str, kept: bool
) -> None:
    _modified_and_deleted(git_repo)
    git_repo.git("switch", "-q", branch)
    stopped = subprocess.run(["git", command, other], cwd=git_repo.root, capture_output=True)
    assert stopped.returncode != 0
    assert f"{code} handoff.json" in git_repo.git("status", "--porcelain")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    first = the_command(run.err, "fix: ")
    done = run_fix(git_repo.root, first)
    assert done.returncode == 0, (first, done.stderr)
    status = git_repo.git("status", "--porcelain")
    assert not any(line[:2] in {"DU", "UD", "UU", "AA"} for line in status.splitlines()), status
    assert (git_repo.root / "handoff.json").exists() is kept
    again = run_hook(stop_event(git_repo.root))
    assert "merge conflict" not in again.err, again.err
