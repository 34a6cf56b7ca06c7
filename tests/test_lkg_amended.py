"""A last known good commit that `git commit --amend` replaced is named so, with the advice to
commit the packet in a new commit; without the amend in HEAD's reflog, the amend is named as a
possible cause beside a rebase; real repositories, the real command line and hook."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]

NEW_VERIFIED = [
    "new",
    "--verify",
    "true",
    "--summary",
    "Refunds rounded.",
    "--next-action",
    "Test src/refunds.py.",
    "--verdict-pointer",
    "src/refunds.py",
]


def _verified_packet(git_repo: GitRepo, run_cli: Run) -> tuple[GitRepo, str]:
    """A feature branch whose work tree holds a packet `new --verify` wrote, not committed yet,
    and the commit it names as last known good (HEAD)."""
    repo = feature_repo(git_repo)
    assert run_cli(NEW_VERIFIED, cwd=repo.root).code == 0
    return repo, repo.head()


def test_the_hook_names_the_amend_that_replaced_the_last_known_good_commit(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo, verified = _verified_packet(git_repo, run_cli)
    repo.git("add", "-A")
    repo.git("commit", "-q", "--amend", "--no-edit")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    [reason] = [line for line in run.lines if " lkg-unknown: " in line]
    assert f"last_known_good_commit {verified[:12]} was replaced by `git commit --amend`" in reason
    assert "a rebase" not in reason
    assert (
        "(HEAD's reflog says so): commit the packet in a new commit, not by amending; " in reason
    ), reason


def test_without_an_amend_in_the_reflog_the_amend_is_named_beside_a_rebase(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo, verified = _verified_packet(git_repo, run_cli)
    repo.commit("handoff")
    repo.git("rebase", "-q", "--onto", f"{verified}~1", verified)
    report = run_cli(["check"], cwd=repo.root)
    assert report.code == 1, report.err
    [line] = [line for line in report.out.splitlines() if "lkg-unknown" in line]
    assert (
        "a rebase or `git commit --amend` dropped it (commit a packet in a new commit, not by "
        "amending), or it was made on another branch" in line
    ), line
