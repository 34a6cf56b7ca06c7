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


def _feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")


def _active_in_merge(repo: GitRepo, run_cli: Run) -> list[str]:
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=repo.root)
    assert done.code in (0, 1), done.out
    return [f["path"] for f in done.json()["findings"] if f["rule"] == "active-in-merge"]


def test_links_below_a_wildcard_or_that_are_packets_do_not_block(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Only a link that is a literal folder before a glob's first wildcard leads the glob
    elsewhere: an image linked under ``docs/**``, a README linked into ``.handoff`` or a packet
    linked to another (which the audit reads as a file) do not."""
    _feature_branch(git_repo)
    git_repo.write(".handoff-audit.yml", 'packets: ["docs/**/handoff.json", ".handoff/*.json"]\n')
    git_repo.write("assets/logo.png", "png\n")
    (git_repo.root / "docs/img").mkdir(parents=True)
    os.symlink("../../assets/logo.png", git_repo.root / "docs/img/logo.png")
    (git_repo.root / ".handoff").mkdir()
    os.symlink("../README.md", git_repo.root / ".handoff/README.md")
    git_repo.write(".handoff/gbp.json", packet_data(branch="feat/x", status="archived"))
    os.symlink("gbp.json", git_repo.root / ".handoff/current.json")
    git_repo.commit("links that lead no glob elsewhere")
    assert _active_in_merge(git_repo, run_cli) == []
    os.symlink("assets", git_repo.root / "docs2")
    git_repo.write(".handoff-audit.yml", 'packets: ["docs2/**/handoff.json"]\n')
    git_repo.commit("a link as the literal folder of a glob")
    assert _active_in_merge(git_repo, run_cli) == ["docs2"]


def test_a_link_the_target_already_has_does_not_block(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.write("notes/README.md", "# n\n")
    os.symlink("notes", git_repo.root / ".handoff")
    git_repo.commit("base with a linked .handoff")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("README.md", "hi again\n")
    git_repo.commit("a change elsewhere")
    assert _active_in_merge(git_repo, run_cli) == []
    (git_repo.root / ".handoff").unlink()
    os.symlink("README.md", git_repo.root / ".handoff")
    git_repo.commit("the link changed")
    assert _active_in_merge(git_repo, run_cli) == [".handoff"]
