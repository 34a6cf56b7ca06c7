"""`check --output` to what is not a regular file: a named pipe, or a link to one, is written
into (its reader gets the report) and stays what it was; a link to a regular file is replaced by
the report, never written through; a report that cannot be written is exit 2 with one line
naming where, never "This is a bug"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from core_packets import packet, write_packet


def _read_pipe(pipe: Path, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with pipe.open("rb") as handle:  # blocks until the writer opens it
            into.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


@pytest.mark.parametrize("through_link", [False, True])
def test_a_named_pipe_gets_the_report_and_stays_a_pipe(
    run_cli: Any, tmp_path: Path, through_link: bool
) -> None:
    write_packet(tmp_path, packet())
    pipe = tmp_path / "report.pipe"
    os.mkfifo(pipe)
    named = pipe
    if through_link:
        named = tmp_path / "report.link"
        named.symlink_to(pipe.name)
    got: list[bytes] = []
    reader = _read_pipe(pipe, got)

    result = run_cli(["check", "--format", "json", "--output", str(named)], cwd=tmp_path)

    reader.join(timeout=10)
    assert not reader.is_alive(), "the reader never got the end of the report"
    assert result.code in (0, 1), result.err
    assert json.loads(got[0].decode("utf-8"))["summary"]["packets"] == 1
    assert pipe.is_fifo()
    assert named.is_symlink() == through_link
    assert list(tmp_path.glob(".*.tmp")) == []


@pytest.mark.parametrize("pointed", ["HANDOFF.md", ".git/config", ".git/hooks/pre-commit", "out"])
def test_a_committed_link_is_replaced_never_written_through(
    run_cli: Any, git_repo: Any, tmp_path: Path, pointed: str
) -> None:
    """A pull request that commits the report path as a link to a handoff, to git's own files
    or to a file outside the repository cannot make `check -o` overwrite that file."""
    root = git_repo.root
    git_repo.write("HANDOFF.md", "# Handoff\n\n## Next step\n\nRun `make test`.\n")
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n", encoding="utf-8")
    hook = root / ".git" / "hooks" / "pre-commit"
    hook.parent.mkdir(parents=True, exist_ok=True)
    hook.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    hook.chmod(0o755)
    target = outside if pointed == "out" else root / pointed
    before = target.read_bytes()
    link = root / "reports" / "audit.out"
    link.parent.mkdir()
    link.symlink_to(os.path.relpath(target, link.parent))
    git_repo.commit("pr")

    result = run_cli(["check", "--format", "json", "--output", "reports/audit.out"], cwd=root)

    assert result.code in (0, 1), result.err
    assert target.read_bytes() == before
    assert not link.is_symlink() and link.is_file()
    assert not os.access(link, os.X_OK)
    assert "summary" in json.loads(link.read_text(encoding="utf-8"))


def test_a_link_to_a_folder_is_refused(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet())
    (tmp_path / "out").mkdir()
    link = tmp_path / "report.link"
    link.symlink_to("out")

    result = run_cli(["check", "--format", "json", "--output", str(link)], cwd=tmp_path)

    assert result.code == 2
    assert result.err.startswith(f"handoff-audit: error: --output {link}: cannot write")
    assert link.is_symlink() and list((tmp_path / "out").iterdir()) == []


def test_a_standard_output_that_cannot_be_written_is_exit_2_not_a_bug(tmp_path: Path) -> None:
    write_packet(tmp_path, packet())
    closed = tmp_path / "read-only.txt"
    closed.write_text("", encoding="utf-8")
    code = "import sys; from handoff_audit.cli.main import main; sys.exit(main())"
    with closed.open("rb") as stdout:  # opened for reading: every write fails (EBADF)
        done = subprocess.run(
            [sys.executable, "-c", code, "check", "--format", "json"],
            cwd=tmp_path,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("handoff-audit: error: standard output: cannot write")
    assert "This is a bug" not in done.stderr


@pytest.mark.parametrize("option", ["-o", "--output"])
def test_a_dash_is_standard_output_not_a_file_named_dash(
    run_cli: Any, git_repo: Any, option: str
) -> None:
    """``-o -`` prints the report, as without ``-o``; no file named ``-`` appears in the
    repository (which `check` never changes, and whose untracked ``-`` `new` would then
    refuse as a dirty workbench)."""
    git_repo.write("a.py", "x = 1\n")
    git_repo.commit("init")
    plain = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    result = run_cli(["check", "--format", "json", option, "-"], cwd=git_repo.root)
    assert result.code == plain.code == 0, result.err
    assert json.loads(result.out) == json.loads(plain.out)
    assert not (git_repo.root / "-").exists()
    assert git_repo.git("status", "--porcelain") == ""
