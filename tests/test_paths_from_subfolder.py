"""The commands that findings print name packets from the repository root; run as printed from
a subfolder they find the file there. A path that exists from the current folder keeps winning.
Real repositories, the real CLI, the printed command run with ``sh -c`` in the subfolder."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable

from agent_support import feature_repo, run_fix
from authoring_support import REFUNDS
from conftest import GitRepo, Result
from git_helpers import check, hits

Run = Callable[..., Result]


def _new(git_repo: GitRepo, run_cli: Run) -> None:
    made = run_cli(["new", "--topic", "refunds", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("handoff")


def _printed(message: str, start: str) -> str:
    """The command in backquotes in ``message`` that starts with ``start``."""
    [command] = [c for c in re.findall(r"`([^`]+)`", message) if c.startswith(start)]
    return command


def test_printed_render_runs_from_a_subfolder(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    (git_repo.root / ".handoff/refunds.md").unlink()
    sub = git_repo.root / "sub"
    sub.mkdir()
    [missing] = hits(check(run_cli, sub), "md-missing")
    command = _printed(missing["message"], "handoff-audit render")
    assert command == "handoff-audit render --write .handoff/refunds.json"
    done = run_fix(sub, command)
    assert done.returncode == 0, done.stderr
    assert (git_repo.root / ".handoff/refunds.md").is_file()
    assert not (sub / ".handoff").exists()
    assert check(run_cli, sub)["findings"] == []


def test_printed_archive_runs_from_a_subfolder(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    git_repo.git("checkout", "-q", "-b", "feat/other")
    sub = git_repo.root / "sub"
    sub.mkdir()
    [mismatch] = hits(check(run_cli, sub), "branch-mismatch")
    done = run_fix(sub, _printed(mismatch["message"], "handoff-audit archive"))
    assert done.returncode == 0, done.stderr
    assert check(run_cli, sub)["findings"] == []


def test_a_path_from_the_current_folder_wins(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    _new(git_repo, run_cli)
    sub = git_repo.root / "sub"
    (sub / ".handoff").mkdir(parents=True)
    shutil.copy(git_repo.root / ".handoff/refunds.json", sub / ".handoff/refunds.json")
    (git_repo.root / ".handoff/refunds.md").unlink()
    done = run_fix(sub, "handoff-audit render --write .handoff/refunds.json")
    assert done.returncode == 0, done.stderr
    assert (sub / ".handoff/refunds.md").is_file()
    assert not (git_repo.root / ".handoff/refunds.md").exists()
