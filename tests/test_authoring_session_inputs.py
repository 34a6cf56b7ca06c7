"""`new`/`update --log` and `--from-transcript` given a device, a FIFO or an endless file: exit 2
with one line, never a hang or memory filled (each run in a child process with a timeout)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch

NOT_REGULAR = "not a regular file; it was not read"


def handoff_audit(cwd: Path, *args: str, stdin: Any = None) -> subprocess.CompletedProcess[str]:
    """The installed console script, in a child process that cannot hang the test run."""
    script = Path(sys.executable).parent / "handoff-audit"
    return subprocess.run(
        [str(script), *args],
        cwd=cwd,
        stdin=stdin if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def started(git_repo: Any) -> Any:
    """A branch with a committed packet, for `update`."""
    repo = on_feature_branch(git_repo)
    done = handoff_audit(repo.root, *NEW)
    assert done.returncode == 0, done.stderr
    repo.commit("packet")
    return repo


def assert_one_line_usage_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr


@pytest.mark.parametrize("option", ["--log", "--from-transcript"])
@pytest.mark.parametrize("command", ["update", "new"])
def test_a_device_is_refused_in_the_words_of_render(
    started: Any, option: str, command: str
) -> None:
    args = [*NEW, "--topic", "other"] if command == "new" else ["update"]
    done = handoff_audit(started.root, *args, option, "/dev/zero")
    assert_one_line_usage_error(done, f"{option} /dev/zero: the path is a device", NOT_REGULAR)


@pytest.mark.parametrize("option", ["--log", "--from-transcript"])
def test_a_fifo_is_refused_without_waiting_for_a_writer(
    started: Any, tmp_path: Path, option: str
) -> None:
    fifo = tmp_path / "session.jsonl"
    os.mkfifo(fifo)
    done = handoff_audit(started.root, "update", option, str(fifo))
    assert_one_line_usage_error(done, f"{option} {fifo}: the path is a FIFO", NOT_REGULAR)


def test_a_log_file_over_the_cap_is_refused_not_read_whole(started: Any, tmp_path: Path) -> None:
    log = tmp_path / "huge.jsonl"
    with log.open("wb") as stream:
        stream.truncate(17 * 1024 * 1024)
    done = handoff_audit(started.root, "update", "--log", str(log))
    assert_one_line_usage_error(done, f"--log {log}: longer than 16 MiB", "--log -")


def test_a_log_stream_over_the_cap_is_refused(started: Any) -> None:
    feeder = subprocess.Popen(["cat", "/dev/zero"], stdout=subprocess.PIPE)
    try:
        done = handoff_audit(started.root, "update", "--log", "-", stdin=feeder.stdout)
    finally:
        feeder.kill()
        feeder.wait()
    assert_one_line_usage_error(done, "--log standard input: longer than 16 MiB")


def test_a_log_stream_is_still_read(started: Any) -> None:
    entry = '{"cmd": "pytest -q", "exit": 0}\n'
    done = subprocess.run(
        [str(Path(sys.executable).parent / "handoff-audit"), "update", "--log", "-"],
        cwd=started.root,
        input=entry,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "pytest -q" in (started.root / "handoff.json").read_text()


def test_a_sparse_transcript_over_the_cap_is_refused_before_it_is_read(
    started: Any, tmp_path: Path
) -> None:
    transcript = tmp_path / "session.jsonl"
    with transcript.open("wb") as stream:
        stream.truncate(2 * 1024 * 1024 * 1024)
    done = handoff_audit(started.root, "update", "--from-transcript", str(transcript))
    assert_one_line_usage_error(
        done, f"--from-transcript {transcript}: 2147483648 bytes", "1 GiB", "tail -c"
    )
