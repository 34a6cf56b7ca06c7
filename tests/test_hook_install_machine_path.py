"""`hook --install` with handoff-audit off PATH writes this machine's path into a new
`.claude/settings.json` and warns not to commit it so; the Stop hook's fix agrees: it moves the
file to `.claude/settings.local.json` (this machine's settings, never asked to be committed)
instead of committing it. Played as an agent that knows only what the hook prints."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from agent_support import hook_command, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]
NEW = ["new", "--summary", "Work done.", "--next-action", "Do step 2.", "--verdict-pointer", "a.py"]


def test_the_stop_hook_keeps_a_hook_installed_by_its_path_out_of_commits(
    git_repo: GitRepo, run_cli: Run
) -> None:
    script = hook_command()[0]
    assert Path(script).name == "handoff-audit", "needs the installed console script"
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}
    assert not shutil.which("handoff-audit", path=bare["PATH"])
    git_repo.write("a.py", "a = 0\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/l")
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("work")
    assert run_cli(NEW, cwd=git_repo.root).code == 0
    git_repo.commit("handoff")
    installed = subprocess.run(
        [script, "hook", "--install"], cwd=git_repo.root, env=bare, capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stderr
    assert "before committing .claude/settings.json" in installed.stderr
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "git add -- .claude/settings.json" not in blocked.err, blocked.err
    assert "this machine's path" in blocked.err, blocked.err
    done = run_fix(git_repo.root, the_command(blocked.err, "fix:"))
    assert done.returncode == 0, done.stderr
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert not (git_repo.root / ".claude/settings.json").exists()
    local = json.loads((git_repo.root / ".claude/settings.local.json").read_text(encoding="utf-8"))
    assert local["hooks"]["Stop"][0]["hooks"][0]["command"].startswith(script)
    assert git_repo.git("ls-files", "--", ".claude") == ""
