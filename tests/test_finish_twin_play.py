"""An agent that obeys only what the Stop hook and `check --target-branch main` print takes a
root `handoff.json` from `new` through `archive`, checking before and after each commit: the
packet's own twin `handoff.md` is never called a stray working note, an uncommitted archive is
told to be committed, and a deleted twin is no finish for the hook either. Real repositories,
the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_support import feature_repo, refunds_packet, run_fix, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _gate(repo: GitRepo, run_cli: Run) -> Result:
    return run_cli(["check", "--target-branch", "main"], cwd=repo.root)


def test_archive_checked_before_its_commit_is_told_to_commit_never_to_delete_its_twin(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo, "feat")
    refunds_packet(git_repo, run_cli)
    git_repo.commit("handoff: new")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert run_cli(["archive", "handoff.json"], cwd=git_repo.root).code == 0
    early = _gate(git_repo, run_cli)
    assert early.code == 1, early.out
    assert "working note" not in early.out and "git rm" not in early.out, early.out
    assert "handoff.md is the twin of the archived packet handoff.json" in early.out
    fix = early.out.split("commit it (`", 1)[1].split("`)", 1)[0]
    assert fix == 'git add -- :/handoff.json :/handoff.md && git commit -m "handoff: archived"'
    assert run_fix(git_repo.root, fix).returncode == 0
    assert _gate(git_repo, run_cli).code == 0
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_deleting_an_archived_packets_twin_is_no_finish_for_the_hook(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo, "feat")
    refunds_packet(git_repo, run_cli)
    git_repo.commit("handoff: new")
    assert run_cli(["archive", "handoff.json"], cwd=git_repo.root).code == 0
    git_repo.commit("handoff: archive")
    git_repo.git("rm", "-q", "handoff.md")
    git_repo.commit("handoff: drop the twin")
    gate = _gate(git_repo, run_cli)
    assert gate.code == 1 and "md-missing" in gate.out, gate.out
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2, stopped.err
    assert "handoff.md was deleted" not in stopped.err
    assert "render --write handoff.json" in stopped.err, stopped.err
    restore = next(line.split("fix: ", 1)[1] for line in stopped.lines if "fix: " in line)
    assert "render --write handoff.json" in restore, stopped.err
    assert run_fix(git_repo.root, restore).returncode == 0
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 2 and "commit" in again.err, again.err
    git_repo.commit("handoff: twin back")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert _gate(git_repo, run_cli).code == 0


def test_a_capitals_packets_twin_is_told_the_rename_that_passes_not_to_commit_again(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo, "feat")
    refunds_packet(git_repo, run_cli)
    for twin in ("json", "md"):
        (git_repo.root / f"handoff.{twin}").rename(git_repo.root / f"HANDOFF.{twin}")
    git_repo.commit("handoff: new")
    assert run_cli(["archive", "HANDOFF.json"], cwd=git_repo.root).code == 0
    for step in ("uncommitted", "committed"):
        gate = _gate(git_repo, run_cli)
        assert gate.code == 1, gate.out
        assert "commit it" not in gate.out, (step, gate.out)
        assert (
            "HANDOFF.md is the twin of the packet HANDOFF.json, but `block-files` names "
            "HANDOFF.md as a working note, so the gate blocks it into the protected branch main "
            "whatever it holds, committed or not"
        ) in gate.out, gate.out
        git_repo.commit("handoff: archived")
    fix = gate.out.split("packet's name (`", 1)[1].split("`;", 1)[0]
    assert fix == (
        '(cd "$(git rev-parse --show-toplevel)" && git mv -- HANDOFF.json handoff.json && '
        'git mv -- HANDOFF.md handoff.md && git commit -m "handoff: rename")'
    )
    assert run_fix(git_repo.root / "src", fix).returncode == 0
    assert _gate(git_repo, run_cli).code == 0


@pytest.mark.parametrize("committed", [True, False])
def test_a_finished_packet_without_its_twin_is_offered_its_deletion_that_works(
    git_repo: GitRepo, run_cli: Run, committed: bool
) -> None:
    feature_repo(git_repo, "feat")
    refunds_packet(git_repo, run_cli)
    git_repo.commit("handoff: new")
    assert run_cli(["archive", "handoff.json"], cwd=git_repo.root).code == 0
    git_repo.commit("handoff: archive")
    (git_repo.root / "handoff.md").unlink()
    if committed:
        git_repo.commit("handoff: drop the twin")
    removal = (
        'git rm -q --ignore-unmatch -- :/handoff.json :/handoff.md && git commit -m "handoff: done"'
    )
    gate = _gate(git_repo, run_cli)
    assert gate.code == 1 and f"delete the packet too (`{removal}`)" in gate.out, gate.out
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2, stopped.err
    assert f"  or, as its work is finished, delete the packet too: {removal}" in stopped.lines
    done = run_fix(git_repo.root, removal)
    assert done.returncode == 0, done.stderr
    assert not (git_repo.root / "handoff.json").exists()
    assert git_repo.git("status", "--porcelain") == ""
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert _gate(git_repo, run_cli).code == 0
