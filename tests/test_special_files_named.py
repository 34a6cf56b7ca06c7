"""A FIFO or a device named on the command line is said to be one, by every command that takes
a file, in the words `render` uses, and by the path given; never "no such file", never read.

The CLI runs in a child process with a timeout: a regression that opened the FIFO would block
on it forever."""

from __future__ import annotations

import os
import socket
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


REMOVE = ". Remove it: `rm -- handoff.json`"
"""The fix for a FIFO git does not track: it holds no packet."""
CONFIG_FIX = (
    ". Name the configuration file itself (a regular .yml, .yaml or .toml file), or leave "
    "--config out to use the repository's"
)
"""The fix for a `--config` that names no regular file."""


@pytest.mark.parametrize(
    ("args", "named", "fix"),
    [
        (["show", "handoff.json"], "show: handoff.json", REMOVE),
        (["check", "--config", "handoff.json"], "--config handoff.json", CONFIG_FIX),
        (["render", "handoff.json"], "handoff.json", REMOVE),
    ],
)
def test_a_fifo_is_called_a_fifo_not_a_missing_file(
    git_repo: GitRepo, args: list[str], named: str, fix: str
) -> None:
    result = _cli(args, _fifo_repo(git_repo))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"handoff-audit: error: {named}: {NOT_REGULAR}{fix}\n"


def _tracked_handoff_replaced(git_repo: GitRepo, kind: str) -> Path:
    """A committed HANDOFF.md that an earlier workflow step replaced with a FIFO or a socket."""
    git_repo.write("README.md", "hello\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("HANDOFF.md", "# Handoff\n\n## Next step\n\nDo it.\n")
    git_repo.commit("handoff")
    path = git_repo.root / "HANDOFF.md"
    path.unlink()
    if kind == "FIFO":
        os.mkfifo(path)
    else:
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(path))
    return git_repo.root


@pytest.mark.parametrize("kind", ["FIFO", "socket"])
def test_a_tracked_handoff_replaced_by_a_special_file_names_the_fix(
    git_repo: GitRepo, kind: str
) -> None:
    """The finding says how to get the file back, from any folder; followed, the file is read."""
    root = _tracked_handoff_replaced(git_repo, kind)
    (root / "sub").mkdir()
    result = _cli(["check", "--target-branch", "main"], root / "sub")
    [line] = [line for line in result.stdout.splitlines() if "invalid-json" in line]
    assert line == (
        f"../HANDOFF.md: invalid-json: the path is a {kind}, not a regular file; it was not "
        "read. Replace it with the committed file: `git checkout -- :/HANDOFF.md`"
    )
    subprocess.run(["git", "checkout", "--", ":/HANDOFF.md"], cwd=root / "sub", check=True)
    after = _cli(["check", "--target-branch", "main"], root / "sub")
    assert "invalid-json" not in after.stdout


def test_show_of_a_device_says_it_is_a_device(git_repo: GitRepo) -> None:
    result = _cli(["show", "/dev/zero"], _fifo_repo(git_repo))
    assert result.returncode == 2
    assert result.stderr == (
        "handoff-audit: error: show: /dev/zero: the path is a device, not a regular file; "
        "it was not read\n"
    )


def test_check_with_a_device_as_config_names_the_fix(git_repo: GitRepo) -> None:
    result = _cli(["check", "--config", "/dev/zero"], _fifo_repo(git_repo))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "handoff-audit: error: --config /dev/zero: the path is a device, not a regular file; "
        f"it was not read{CONFIG_FIX}\n"
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
