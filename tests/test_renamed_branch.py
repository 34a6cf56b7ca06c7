"""A branch renamed with `git branch -m`: its packet still names the old branch. `update PACKET
--branch NEW` re-points it, keeping everything else, and `branch-mismatch` (in `check` and in
the Stop hook) prints that fix instead of archive-and-start-over, which threw away the
decisions, the risks and the last known good commit. Played end to end: the fix runs in bash
as printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent_support import run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _console_env() -> dict[str, str]:
    """This environment, with its console scripts (``handoff-audit``) first on the path."""
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


def _bash(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=_console_env(),
        capture_output=True,
        text=True,
        check=False,
    )


def _packet(repo: GitRepo) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture
def renamed(git_repo: GitRepo, run_cli: Run) -> GitRepo:
    """feat/x with its packet (a decision, a high risk, an lkg), then renamed feat/renamed."""
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("b.txt", "b\n")
    git_repo.commit("add b")
    started = run_cli(
        [
            "new",
            "--summary",
            "Added b",
            "--next-action",
            "Write tests for b",
            "--verdict-pointer",
            "a.txt",
            "--decision",
            "Use SQLite",
            "no server in CI",
            "--risk",
            "b.txt is world-writable",
            "high",
        ],
        cwd=git_repo.root,
    )
    assert started.code == 0, started.err
    git_repo.commit("handoff")
    git_repo.git("branch", "-m", "feat/x", "feat/renamed")
    return git_repo


def _kept(before: dict[str, Any], after: dict[str, Any]) -> None:
    assert after["branch"] == "feat/renamed"
    assert {k: v for k, v in after.items() if k != "branch"} == {
        k: v for k, v in before.items() if k != "branch"
    }
    assert after["decisions"] == [{"decision": "Use SQLite", "why": "no server in CI"}]
    assert after["open_risks"] == [{"what": "b.txt is world-writable", "severity": "high"}]


def test_check_prints_the_repoint_and_it_clears_the_finding(renamed: GitRepo, run_cli: Run) -> None:
    before = _packet(renamed)
    checked = run_cli(["check", "--format", "json"], cwd=renamed.root)
    assert checked.code == 1
    [finding] = checked.json()["findings"]
    assert finding["rule"] == "branch-mismatch"
    assert "which no longer exists (renamed or deleted)" in finding["message"]
    command = finding["message"].split("run `", 1)[1].split("`", 1)[0]
    assert command == "handoff-audit update handoff.json --branch feat/renamed"

    done = _bash(command, renamed.root)

    assert done.returncode == 0, done.stderr
    assert "re-pointed from branch 'feat/x'" in done.stderr
    _kept(before, _packet(renamed))
    renamed.commit("handoff: re-pointed")
    assert run_cli(["check", "-q"], cwd=renamed.root).code == 0


def _follow_the_stop_hook_s_repoint(renamed: GitRepo) -> None:
    """Run the Stop hook's fix as printed: it re-points the packet, keeps what it held, and the
    hook then lets the session end."""
    before = _packet(renamed)
    blocked = run_hook(stop_event(renamed.root))
    assert blocked.code == 2, blocked.err
    command = the_command(blocked.err, "fix: ")
    assert command.startswith("handoff-audit update handoff.json --branch feat/renamed && ")
    assert "archive" not in command and "handoff-audit new" not in command

    done = _bash(command, renamed.root)

    assert done.returncode == 0, done.stderr
    _kept(before, _packet(renamed))
    after = run_hook(stop_event(renamed.root))
    assert after.code == 0, after.err


def test_the_stop_hook_s_fix_run_as_printed_keeps_everything(renamed: GitRepo) -> None:
    _follow_the_stop_hook_s_repoint(renamed)
    assert renamed.git("status", "--porcelain") == ""


def test_update_without_branch_names_the_repoint(renamed: GitRepo, run_cli: Run) -> None:
    before = (renamed.root / "handoff.json").read_bytes()
    refused = run_cli(["update", "handoff.json"], cwd=renamed.root)
    assert refused.code == 2
    assert len(refused.err.splitlines()) == 1
    assert "which no longer exists (renamed or deleted)" in refused.err
    assert "`handoff-audit update handoff.json --branch feat/renamed`" in refused.err
    assert (renamed.root / "handoff.json").read_bytes() == before


def test_a_mistyped_branch_is_refused_with_the_closest(renamed: GitRepo, run_cli: Run) -> None:
    before = (renamed.root / "handoff.json").read_bytes()
    refused = run_cli(["update", "handoff.json", "--branch", "feat/renamd"], cwd=renamed.root)
    assert refused.code == 2
    assert "--branch 'feat/renamd': no such branch in this repository" in refused.err
    assert "did you mean 'feat/renamed'?" in refused.err
    assert (renamed.root / "handoff.json").read_bytes() == before


def test_a_packet_of_a_branch_that_still_exists_is_not_repointed(
    renamed: GitRepo, run_cli: Run
) -> None:
    renamed.git("branch", "feat/x")
    checked = run_cli(["check", "--format", "json"], cwd=renamed.root)
    [finding] = checked.json()["findings"]
    assert "handoff-audit archive handoff.json" in finding["message"]
    assert "--branch" not in finding["message"]
    refused = run_cli(["update", "handoff.json", "--branch", "feat/renamed"], cwd=renamed.root)
    assert refused.code == 2
    assert "refresh it on its branch" in refused.err


def test_a_deleted_branch_s_packet_is_archived_by_the_hook_with_the_repoint_named(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Not renamed (no rename in this branch's reflog): feat/y was made from feat/x, which was
    deleted. The fix stays archive-and-new; the re-point is named as the other way."""
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("b.txt", "b\n")
    git_repo.commit("add b")
    started = run_cli(
        ["new", "--summary", "Added a", "--next-action", "Test a", "--verdict-pointer", "a.txt"],
        cwd=git_repo.root,
    )
    assert started.code == 0, started.err
    git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "-b", "feat/y")
    git_repo.git("branch", "-q", "-D", "feat/x")

    blocked = run_hook(stop_event(git_repo.root))

    assert blocked.code == 2, blocked.err
    assert the_command(blocked.err, "fix: ").startswith("handoff-audit archive handoff.json && ")
    assert (
        "to keep it as this branch's instead: handoff-audit update handoff.json --branch feat/y"
    ) in blocked.err


def test_a_pushed_branch_renamed_here_is_re_pointed_though_its_remote_ref_stays(
    renamed: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    """feat/x was pushed (origin/feat/x stays), then renamed locally: the reflog says so, so
    the packet is re-pointed, not archived (which dropped its decisions)."""
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    renamed.git("remote", "add", "origin", str(remote))
    renamed.git("push", "-q", "origin", "feat/renamed:feat/x")
    renamed.git("fetch", "-q", "origin")
    assert renamed.git("branch", "-r").split() == ["origin/feat/x"]
    checked = run_cli(["check", "--format", "json"], cwd=renamed.root)
    [finding] = checked.json()["findings"]
    assert "`handoff-audit update handoff.json --branch feat/renamed`" in finding["message"]

    _follow_the_stop_hook_s_repoint(renamed)


def test_a_pushed_branch_not_renamed_here_keeps_its_packet_its_own(
    renamed: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    """Only a remote ref names feat/x, but this branch was not renamed from it (made from it):
    the packet is feat/x's, not re-pointed."""
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    renamed.git("remote", "add", "origin", str(remote))
    renamed.git("push", "-q", "origin", "feat/renamed:feat/x")
    renamed.git("fetch", "-q", "origin")
    renamed.git("checkout", "-q", "-b", "feat/other")
    before = (renamed.root / "handoff.json").read_bytes()
    refused = run_cli(["update", "handoff.json", "--branch", "feat/other"], cwd=renamed.root)
    assert refused.code == 2
    assert "refresh it on its branch" in refused.err
    assert (renamed.root / "handoff.json").read_bytes() == before


_REPOINT = "`handoff-audit update handoff.json --branch feat/renamed`"


def test_session_start_and_show_hand_over_the_packet_of_the_name_before_the_rename(
    renamed: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    """Pushed, then renamed: the Stop hook takes the packet as this branch's, so SessionStart
    and `show` hand it over too, with the re-point command."""
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    renamed.git("remote", "add", "origin", str(remote))
    renamed.git("push", "-q", "origin", "feat/renamed:feat/x")
    renamed.git("fetch", "-q", "origin")
    shown = run_cli(["show"], cwd=renamed.root)
    assert shown.code == 0, shown.err
    assert "Next action: Write tests for b" in shown.out
    assert _REPOINT in shown.out
    event = {
        "hook_event_name": "SessionStart",
        "session_id": "s",
        "cwd": str(renamed.root),
        "source": "startup",
    }
    started = run_hook(event)
    assert started.code == 0, started.err
    context = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    assert "Next action: Write tests for b" in context and _REPOINT in context


def test_show_does_not_take_the_packet_of_a_branch_this_one_was_not_renamed_from(
    renamed: GitRepo, run_cli: Run
) -> None:
    renamed.git("branch", "-m", "feat/renamed", "feat/x")
    renamed.git("checkout", "-q", "-b", "feat/other")
    renamed.git("branch", "-D", "feat/x")
    shown = run_cli(["show"], cwd=renamed.root)
    assert shown.code == 1
    assert "branch feat/other has no handoff" in shown.err
