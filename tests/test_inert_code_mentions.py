"""A command or path printed in code in the markdown report (the step summary and the PR
comment render the same way) is shown as it is: GitHub links no mention in code, so an ``@``
there gets no joiner, and the printed ``git rm`` of an npm-scoped folder runs as printed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import GitRepo

HANDOFF = "packages/@acme/ui/HANDOFF.md"


def _bash(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def test_the_printed_git_rm_of_a_scoped_package_runs_as_printed(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(HANDOFF, "# Handoff\n\n## Next steps\n- [ ] wire the button\n")
    git_repo.commit("wip")
    done = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root)
    assert done.code == 1, done.err
    [command] = re.findall(r"`(git rm -- [^`]*)`", done.out)
    ran = _bash(command, git_repo.root)
    assert ran.returncode == 0, (command, ran.stderr)
    assert f":/{HANDOFF}" in command
    assert git_repo.git("ls-files", HANDOFF) == ""
    assert f"`{HANDOFF}`" in done.out  # the Where column and the packets table too
