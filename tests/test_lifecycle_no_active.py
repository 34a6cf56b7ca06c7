"""`update`, `archive` and `supersede` without PACKET when the branch has no active packet of
the topic asked: the message names the command asked for and, when the branch's active packet
is of another topic, the command with that `--topic`, which then works as printed. `new` on a
topic that has its active packet names `update` with the topic. Real repositories, the real
CLI, the printed commands run with ``sh -c``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from agent_support import feature_repo, run_fix
from authoring_support import REFUNDS
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _refunds_packet(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    made = run_cli(["new", "--topic", "refunds", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("handoff: refunds")


def _status(git_repo: GitRepo) -> str:
    data = json.loads((git_repo.root / ".handoff/refunds.json").read_text(encoding="utf-8"))
    status: str = data["status"]
    return status


def _command(err: str) -> str:
    [command] = re.findall(r"`(handoff-audit [^`]+)`", err)
    return command


@pytest.mark.parametrize(
    ("command", "status"),
    [("update", "active"), ("archive", "archived"), ("supersede", "superseded")],
)
def test_the_active_packet_of_another_topic_is_named_with_its_command(
    git_repo: GitRepo, run_cli: Run, command: str, status: str
) -> None:
    _refunds_packet(git_repo, run_cli)
    refused = run_cli([command], cwd=git_repo.root)
    assert refused.code == 2
    assert refused.err.strip() == (
        f"handoff-audit: error: branch 'feat/refunds' topic 'default' has no active packet to "
        f"{command}; its active packet is of another topic: .handoff/refunds.json "
        f"(`handoff-audit {command} --topic refunds`)"
    )
    printed = _command(refused.err)
    assert printed == f"handoff-audit {command} --topic refunds"
    done = run_fix(git_repo.root, printed)
    assert done.returncode == 0, done.stderr
    assert _status(git_repo) == status


def test_archive_with_no_active_packet_does_not_say_to_start_one(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _refunds_packet(git_repo, run_cli)
    assert run_cli(["archive", "--topic", "refunds"], cwd=git_repo.root).code == 0
    git_repo.commit("handoff: refunds done")
    for command in ("archive", "supersede"):
        refused = run_cli([command, "--topic", "refunds"], cwd=git_repo.root)
        assert refused.code == 2
        assert f"topic 'refunds' has no active packet to {command}; " in refused.err
        assert "to update" not in refused.err and "handoff-audit new" not in refused.err
        assert f"`handoff-audit {command} PACKET.json`" in refused.err
        by_path = run_cli([command, ".handoff/refunds.json"], cwd=git_repo.root)
        assert by_path.code == 0, by_path.err
    updated = run_cli(["update", "--topic", "refunds"], cwd=git_repo.root)
    assert updated.code == 2
    assert "start one with `handoff-audit new --topic refunds`" in updated.err


def test_new_on_a_topic_with_an_active_packet_names_update_with_the_topic(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _refunds_packet(git_repo, run_cli)
    refused = run_cli(["new", "--topic", "refunds", *REFUNDS], cwd=git_repo.root)
    assert refused.code == 2
    assert "refresh it with `handoff-audit update .handoff/refunds.json`" in refused.err
    done = run_fix(git_repo.root, "handoff-audit update --topic refunds")
    assert done.returncode == 0, done.stderr


def test_new_on_an_active_packet_says_how_to_start_over_and_that_works(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    assert run_cli(["new", *REFUNDS], cwd=git_repo.root).code == 0
    git_repo.commit("handoff")
    (git_repo.root / "src" / "deep").mkdir()
    here = git_repo.root / "src" / "deep"
    refused = run_cli(["new", *REFUNDS], cwd=here)
    assert refused.code == 2
    assert "NEW.json" not in refused.err  # `new --output NEW.json` is outside the packets globs
    [start_over] = [c for c in re.findall(r"`([^`]+)`", refused.err) if "supersede" in c]
    assert start_over == (
        "handoff-audit supersede ../../handoff.json && git add -- :/handoff.json "
        ':/handoff.md && git commit -m "handoff: superseded" -- :/handoff.json :/handoff.md'
    )
    done = run_fix(here, start_over)
    assert done.returncode == 0, done.stderr
    again = run_cli(["new", *REFUNDS], cwd=here)
    assert again.code == 0, again.err
    assert "replaced ../../handoff.json, the superseded packet" in again.err
    shown = git_repo.git("show", "HEAD:handoff.json")
    assert '"status": "superseded"' in shown
