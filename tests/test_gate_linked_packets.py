"""A tracked symbolic link where the ``packets`` globs look (``.handoff`` -> ``notes``) puts the
packets it leads to where agents look once merged; the audit does not read packets through a
link, so the merge gate blocks it."""

from __future__ import annotations

import os
from collections.abc import Callable

from action_runner import Runner
from action_support import packet_data
from conftest import GitRepo, Result

Run = Callable[..., Result]


def test_a_link_as_the_packets_folder_blocks_the_merge(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("notes/refund.json", packet_data(branch="feat/x"))
    os.symlink("notes", git_repo.root / ".handoff")
    git_repo.commit("an active packet behind a linked .handoff folder")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.out
    [finding] = [f for f in done.json()["findings"] if f["rule"] == "active-in-merge"]
    assert finding["path"] == ".handoff"
    assert finding["message"].startswith(
        ".handoff is a symbolic link where the `packets` globs look for packets, and it would be "
        "merged into the protected branch main: the audit does not read packets through a link"
    )
    assert "replace the link by the folder it leads to" in finding["message"]
    assert "(`git rm -- :/.handoff`)" in finding["message"]
    git_repo.git("rm", "-q", "--", ":/.handoff")
    git_repo.commit("no link")
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 0, done.out


def test_a_link_elsewhere_does_not_block(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("notes/refund.json", packet_data(branch="feat/x"))
    os.symlink("notes", git_repo.root / "latest")
    git_repo.commit("a link no packets glob looks through")
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 0, done.out


def test_the_action_blocks_a_linked_packets_folder(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("notes/refund.json", packet_data(branch="feat/refunds"))
    os.symlink("notes", runner.repo.root / ".handoff")
    runner.head = runner.repo.commit("an active packet behind a linked .handoff folder")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert ".handoff is a symbolic link where the `packets` globs look for packets" in done.out
