"""``check --target-branch main`` reads the merge gate's settings where the Action does:

- with ``--config`` given as a relative path (``.handoff-audit.yml``, ``./…``, ``../…`` from a
  subfolder), the target's file of that name, as with the absolute path; it read the branch's
  own before, and let through a working note the branch's configuration opened the gate for;
- from ``origin/main`` when the local ``main`` was never pulled since ``origin/main`` moved on
  (`base_tip.base_ref`, as the Stop hook measures the branch): it read the stale local ``main``
  before, and passed a note the Action, judging against ``origin/main``, blocks."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import GitRepo, Result
from git_helpers import git, hits

CliRun = Callable[..., Result]

NOTE = "# Handoff\n\n## State\n3 tests fail in tests/test_a.py.\n\n## Next step\nFix line 3.\n"
GATE_ON = "max-commits-behind: 20\n"
GATE_OFF = "rules:\n  handoff-in-merge: 'off'\n"


def _blocked(done: Result) -> None:
    assert done.code == 1, (done.out, done.err)
    [hit] = hits(json.loads(done.out), "handoff-in-merge")
    assert hit["path"] == "HANDOFF.md", hit


@pytest.mark.parametrize(
    ("folder", "given"),
    [("", ".handoff-audit.yml"), ("", "./.handoff-audit.yml"), ("src", "../.handoff-audit.yml")],
)
def test_a_relative_config_path_still_reads_the_targets_gate_settings(
    git_repo: GitRepo, tmp_path: Path, run_cli: CliRun, folder: str, given: str
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write(".handoff-audit.yml", GATE_ON)
    git_repo.commit("start")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.write(".handoff-audit.yml", GATE_OFF)
    git_repo.commit("handoff, and the gate turned off")
    git_repo.git("switch", "-q", "main")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--branch", "feat/x", str(git_repo.root), str(clone))
    args = ["check", "--format", "json", "--target-branch", "main", "--config", given]
    done = run_cli(args, cwd=clone / folder)
    _blocked(done)
    assert "reads `rules.handoff-in-merge` from origin/main's configuration" in done.err


def test_a_stale_local_target_gives_way_to_its_newer_remote_namesake(
    git_repo: GitRepo, tmp_path: Path, run_cli: CliRun
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.write(".handoff-audit.yml", GATE_OFF)
    git_repo.commit("gate off for now")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(git_repo.root), str(clone))
    git_repo.write(".handoff-audit.yml", GATE_ON)
    git_repo.commit("turn the merge gate on")  # after the clone's main was last pulled
    git(clone, "fetch", "-q", "origin")
    git(clone, "switch", "-q", "-c", "feat", "origin/main")
    (clone / "HANDOFF.md").write_text(NOTE)
    git(clone, "add", "HANDOFF.md")
    git(clone, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "wip")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    _blocked(done)
    assert "this branch's change" not in done.err, done.err
