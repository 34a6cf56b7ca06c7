"""A FIFO or a device named on the command line is said to be one, by every command that takes
a file, in the words `render` uses, and by the path given; never "no such file", never read.

The CLI runs in a child process with a timeout: a regression that opened the FIFO would block
on it forever."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GitRepo

NOT_REGULAR = "the path is a FIFO, not a regular file; it was not read"


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    run = "import sys; from handoff_audit.cli.main import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", run, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _fifo_repo(git_repo: GitRepo) -> Path:
    git_repo.write("README.md", "hello\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    os.mkfifo(git_repo.root / "handoff.json")
    return git_repo.root


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["show", "handoff.json"], "show: handoff.json"),
        (["check", "--config", "handoff.json"], "--config handoff.json"),
        (["render", "handoff.json"], "handoff.json"),
    ],
)
def test_a_fifo_is_called_a_fifo_not_a_missing_file(
    git_repo: GitRepo, args: list[str], named: str
) -> None:
    result = _cli(args, _fifo_repo(git_repo))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"handoff-audit: error: {named}: {NOT_REGULAR}\n"


def test_show_of_a_device_says_it_is_a_device(git_repo: GitRepo) -> None:
    result = _cli(["show", "/dev/zero"], _fifo_repo(git_repo))
    assert result.returncode == 2
    assert result.stderr == (
        "handoff-audit: error: show: /dev/zero: the path is a device, not a regular file; "
        "it was not read\n"
    )


def test_check_of_a_device_names_the_path_given(git_repo: GitRepo) -> None:
    result = _cli(["check", "/dev/zero"], _fifo_repo(git_repo))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("handoff-audit: error: /dev/zero: not a handoff file; ")
    assert len(result.stderr.splitlines()) == 1


def test_a_missing_file_is_still_no_such_file(git_repo: GitRepo) -> None:
    root = _fifo_repo(git_repo)
    shown = _cli(["show", "gone.json"], root)
    assert shown.stderr == "handoff-audit: error: show: gone.json: no such file\n"
    config = _cli(["check", "--config", "gone.yml"], root)
    assert config.stderr == "handoff-audit: error: --config gone.yml: no such file\n"
