"""examples/git-demo/make-demo.py builds a repository in which every git-aware rule fires."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from git_helpers import GIT_RULES

DEMO = Path(__file__).resolve().parents[1] / "examples" / "git-demo" / "make-demo.py"


def test_demo_shows_every_git_rule(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(DEMO), "--keep", str(tmp_path / "demo")],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    fired = {rule for rule in GIT_RULES if f": {rule}" in done.stdout}
    assert fired == GIT_RULES, done.stdout + done.stderr
    assert "Merge blocked" in done.stdout
    assert (tmp_path / "demo" / "demo" / ".git").is_dir()
