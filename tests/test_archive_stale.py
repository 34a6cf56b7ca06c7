"""`archive` over work the packet never recorded: refused, with the `update` to run first or
`--force`; and an archive forced over it is no finish the Stop hook accepts. Found by an agent
play-through (review H5): a failing test committed after the packet, then `archive`, let the
session stop and passed the gate."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent_support import a_is_2_branch, run_fix, run_hook, stop_event
from conftest import GitRepo


def work_after_the_packet(repo: GitRepo) -> None:
    """`a_is_2_branch` with its packet, then a work commit the packet does not record."""
    a_is_2_branch(repo, "feat/a")
    repo.write("test_a.py", "def test_broken():\n    assert 1 == 2\n")
    repo.commit("WIP broken")


def test_archive_refuses_a_packet_older_than_the_work(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    work_after_the_packet(git_repo)
    before = (git_repo.root / "handoff.json").read_text(encoding="utf-8")

    refused = run_cli(["archive"], cwd=git_repo.root)

    assert refused.code != 0, refused.out
    assert "handoff.json:" in refused.err and "WIP broken" in refused.err, refused.err
    assert "handoff-audit update handoff.json --verify --summary" in refused.err, refused.err
    assert "pass `--force` to archive it as it is" in refused.err, refused.err
    assert "Traceback" not in refused.err
    assert (git_repo.root / "handoff.json").read_text(encoding="utf-8") == before


def test_supersede_refuses_it_too(git_repo: GitRepo, run_cli: Callable[..., Any]) -> None:
    work_after_the_packet(git_repo)

    refused = run_cli(["supersede", "--by", "next/topic"], cwd=git_repo.root)

    assert refused.code != 0 and "pass `--force` to supersede it" in refused.err, refused.err


def test_a_forced_archive_over_later_work_does_not_let_the_session_stop(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    work_after_the_packet(git_repo)
    forced = run_cli(["archive", "--force"], cwd=git_repo.root)
    assert forced.code == 0, forced.err
    git_repo.commit("handoff: done")

    stop = run_hook(stop_event(git_repo.root))

    assert stop.code == 2, stop.err
    assert "has handed its work over" not in stop.err + stop.out


def test_an_archive_after_the_update_still_finishes_the_branch(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    work_after_the_packet(git_repo)
    updated = run_fix(
        git_repo.root,
        "handoff-audit update --summary 'test_a.py holds a failing test on purpose' "
        "--next-action 'Fix test_broken in test_a.py.'",
    )
    assert updated.returncode == 0, updated.stderr
    git_repo.commit("handoff: updated")
    archived = run_cli(["archive"], cwd=git_repo.root)
    assert archived.code == 0, archived.err
    git_repo.commit("handoff: done")

    stop = run_hook(stop_event(git_repo.root))

    assert stop.code == 0, stop.err
