"""README's Quick start, run as written in a fresh repository whose tests pass: every step
succeeds and leaves `check` without a finding (its `--verdict-pointer reports/junit.xml` once
left a `dangling-pointer` warning at every step, as nothing wrote that report)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import GitRepo
from script_loader import REPO


def quick_start() -> list[str]:
    """The commands of README's Quick start block, continuation lines joined, comments off."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Quick start") :]
    block = re.search(r"```console\n(.*?)\n```", section, flags=re.DOTALL)
    assert block is not None
    text = block.group(1).replace("\\\n", " ")
    commands = [line.removeprefix("$ ") for line in text.splitlines()]
    return [c for c in (c.split("  #", 1)[0].strip() for c in commands) if c and c[0] != "#"]


def _run(command: str, root: Path) -> subprocess.CompletedProcess[str]:
    # the commands name the console scripts, as a user's shell finds them
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return subprocess.run(
        ["sh", "-c", command],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": path},
    )


def _findings(root: Path) -> list[str]:
    done = _run("handoff-audit check --format json", root)
    assert done.returncode == 0, done.stdout + done.stderr
    return [f"{f['rule']}: {f['message']}" for f in json.loads(done.stdout)["findings"]]


def test_the_quick_start_runs_clean_as_written(git_repo: GitRepo) -> None:
    git_repo.write("tests/test_refunds.py", "def test_refund():\n    assert round(2.675, 2)\n")
    git_repo.commit("base")
    commands = quick_start()
    assert "git switch -c feat/refund-keys" in commands
    for number, command in enumerate(commands):
        done = _run(command, git_repo.root)
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        if command.startswith(("git switch", "git add handoff")):
            # "... work, commit ...": a session's work before the packet is written or refreshed
            git_repo.write("src/refunds.py", f"STEP = {number}\n")
            git_repo.commit(f"work {number}")
        if "handoff-audit" in command and "check" not in command:
            assert _findings(git_repo.root) == [], command
    assert (git_repo.root / "reports/junit.xml").is_file()
    assert json.loads((git_repo.root / "handoff.json").read_text())["status"] == "archived"
