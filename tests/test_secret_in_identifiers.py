"""A credential-shaped branch or topic is a name, as a credential-shaped folder is: `new` and
`update` store it as given, and every output names it as git has it, so that the commands
printed work; a credential in the packet's text is still redacted. (The tokens are built from
parts: this file holds none.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo

BRANCH = "ghp_" + "a1b2c3" * 6
TOPIC = "ghp_" + "d4e5f6" * 6
INSIDE = "ghp_" + "Zq3" * 12
FIELDS = ["--next-action", "Add unicode identifiers in src/a.py", "--verdict-pointer", "src/a.py"]


def _feature(repo: GitRepo, branch: str = "feat") -> None:
    repo.write("src/a.py", "x = 1\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", branch)
    repo.write("src/a.py", "x = 2\n")
    repo.commit("tokenizer")


def _bash(command: str, cwd: Path) -> None:
    """Run ``command`` literally, as printed, with this environment's console scripts."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    ran = subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, (command, ran.stderr)


def _update_command(text: str) -> str:
    [command] = {c for c in re.findall(r"`([^`]+)`", text) if c.startswith("handoff-audit update")}
    return command


def test_a_branch_renamed_to_a_token_shape_is_named_and_re_pointed_as_git_has_it(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _feature(git_repo)
    done = run_cli(["new", "--summary", f"Tokenizer; key {INSIDE}", *FIELDS], cwd=git_repo.root)
    assert done.code == 0, done.err
    git_repo.commit("packet")
    git_repo.git("branch", "-m", BRANCH)
    shown = run_cli(["show"], cwd=git_repo.root)
    assert f"renamed to {BRANCH}: run `handoff-audit update handoff.json --branch {BRANCH}`" in (
        shown.out
    )
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1
    assert "branch-mismatch" in checked.out and "[redacted" not in checked.out
    assert _update_command(shown.out) == _update_command(checked.out)
    _bash(_update_command(checked.out), git_repo.root)
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["branch"] == BRANCH
    assert INSIDE not in packet["summary"] and "[redacted GitHub token]" in packet["summary"]
    git_repo.commit("re-pointed")
    again = run_cli(["check"], cwd=git_repo.root)
    assert again.code == 0, again.out
    assert run_hook(stop_event(git_repo.root)).code == 0


def test_new_with_a_token_shaped_topic_on_a_token_shaped_branch_writes_a_valid_packet(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    _feature(git_repo, BRANCH)
    summary = ["--summary", f"Tokenizer; key {INSIDE}"]
    done = run_cli(["new", "--topic", TOPIC, *summary, *FIELDS], cwd=git_repo.root)
    assert done.code == 0, done.err
    path = git_repo.root / ".handoff" / f"{TOPIC}.json"
    packet = json.loads(path.read_text(encoding="utf-8"))
    assert (packet["topic"], packet["branch"]) == (TOPIC, BRANCH)
    assert INSIDE not in packet["summary"] and "[redacted GitHub token]" in packet["summary"]
    assert INSIDE not in path.with_suffix(".md").read_text(encoding="utf-8")
    git_repo.commit("packet")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    git_repo.write("src/a.py", "x = 3\n")
    git_repo.commit("parser")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2
    assert f"branch {BRANCH} is not ready" in blocked.err and "[redacted" not in blocked.err
    _bash(_update_command(f"`{_fix(blocked.err)}`"), git_repo.root)
    git_repo.commit("refreshed")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert run_cli(["check"], cwd=git_repo.root).code == 0


def _fix(err: str) -> str:
    """The hook's first printed fix, its ``"<...>"`` parts filled in."""
    line = next(line for line in err.splitlines() if line.startswith("  fix: "))
    return re.sub(r'"<[^"]*>"', '"parser in src/a.py"', line.removeprefix("  fix: "))
