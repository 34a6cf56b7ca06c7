"""A path that is not UTF-8 (issue 21, item 5): every format and `ci` show its bytes escaped,
report the finding and still block; nothing crashes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from action_runner import PR, Runner
from conftest import GitRepo
from handoff_audit import controls

ODD = os.fsdecode(b"d\xff")  # "d\udcff": how Python names the byte it cannot decode
HANDOFF = "# Handoff\n\nSome notes.\n"


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    script = Path(sys.executable).parent / "handoff-audit"
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, check=False)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "markdown"])
def test_every_format_reports_an_undecodable_path(git_repo: GitRepo, fmt: str) -> None:
    (git_repo.root / ODD).mkdir()
    (git_repo.root / ODD / "HANDOFF.md").write_text(HANDOFF)
    git_repo.commit("a folder whose name is not UTF-8")
    done = _cli(["check", "--format", fmt, "."], git_repo.root)
    assert done.returncode == 1, done.stderr
    out = done.stdout.decode("utf-8")  # strict: every byte written is UTF-8
    assert "Traceback" not in done.stderr.decode("utf-8")
    assert "xff" in out or "%FF" in out
    if fmt in ("json", "sarif"):
        json.loads(out)


def test_ci_reports_and_blocks_with_an_undecodable_path(runner: Runner) -> None:
    repo = runner.repo
    (repo.root / ODD).mkdir()
    (repo.root / ODD / "HANDOFF.md").write_text(HANDOFF)
    runner.head = repo.commit("a folder whose name is not UTF-8")
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "d\\xff/HANDOFF.md" in done.summary
    [comment] = runner.fake.ours(PR)
    assert "d\\xff/HANDOFF.md" in comment["body"]
    for text in (done.out, done.summary, comment["body"]):
        text.encode("utf-8")  # strict


@given(st.binary(max_size=12))
def test_any_path_bytes_can_be_written(raw: bytes) -> None:
    name = os.fsdecode(raw)
    for shown in (controls.one_line(name), controls.text(name)):
        shown.encode("utf-8")
    text = controls.json_text(json.dumps(name, ensure_ascii=False))
    text.encode("utf-8")
    assert isinstance(json.loads(text), str)
