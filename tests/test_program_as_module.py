"""Run as `python -m handoff_audit` with no `handoff-audit` console script to be found, the
commands the hook prints and the hook command `hook --install` writes start with that
interpreter and `-m handoff_audit`: `handoff-audit …` could not run there."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sysconfig
from pathlib import Path

from agent_support import fill_in, stop_event, the_command
from conftest import GitRepo

SRC = Path(__file__).resolve().parent.parent / "src"


def _python_alone(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """An interpreter in a folder with no `handoff-audit` beside it, and an environment whose
    PATH finds no `handoff-audit` either."""
    folder = tmp_path / "python-alone" / "bin"
    folder.mkdir(parents=True)
    python = folder / "python3"
    python.symlink_to(Path(sysconfig.get_paths()["purelib"]).parents[2] / "bin" / "python3")
    path = os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir())
    assert not shutil.which("handoff-audit", path=path)
    pythonpath = os.pathsep.join((str(SRC), sysconfig.get_paths()["purelib"]))
    return python, {**os.environ, "PATH": path, "PYTHONPATH": pythonpath}


def test_a_module_run_prints_commands_that_run(git_repo: GitRepo, tmp_path: Path) -> None:
    python, env = _python_alone(tmp_path)
    git_repo.write("a.py", "a = 0\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/m")
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("work")

    def run(command: list[str] | str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        args = ["sh", "-c", command] if isinstance(command, str) else command
        return subprocess.run(
            args, cwd=git_repo.root, env=env, input=stdin, capture_output=True, text=True
        )

    module = f"{shlex.quote(str(python))} -m handoff_audit"
    printed = run([str(python), "-m", "handoff_audit", "hook", "--install", "--print"])
    assert printed.returncode == 0, printed.stderr
    command = json.loads(printed.stdout)["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert command == f"{module} hook", command
    # The command written runs the hook: it blocks, and its fix runs too.
    blocked = run(command, json.dumps(stop_event(git_repo.root)))
    assert blocked.returncode == 2, blocked.stderr
    fix = the_command(blocked.stderr, "fix:")
    assert fix.startswith(f"{module} new "), fix
    done = run(fill_in(fix))
    assert done.returncode == 0, done.stderr
    assert (git_repo.root / "handoff.json").is_file()
    commit = run(command, json.dumps(stop_event(git_repo.root, active=True)))
    assert commit.returncode == 2, commit.stderr
    assert run(fill_in(the_command(commit.stderr, "fix:"))).returncode == 0
    assert run(command, json.dumps(stop_event(git_repo.root))).returncode == 0


def test_a_module_run_installs_the_hook_once(git_repo: GitRepo, tmp_path: Path) -> None:
    python, env = _python_alone(tmp_path)
    git_repo.write("a.py", "a = 0\n")
    git_repo.commit("init")
    install = [str(python), "-m", "handoff_audit", "hook", "--install"]
    first = subprocess.run(install, cwd=git_repo.root, env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert "-m handoff_audit hook" in first.stderr
    assert "this machine's and fails on others" in first.stderr
    again = subprocess.run(install, cwd=git_repo.root, env=env, capture_output=True, text=True)
    assert "already installed; unchanged" in again.stderr, again.stderr
