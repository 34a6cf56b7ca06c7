"""Two agents on two topics of one branch: the Stop hook of one never tells it to write its own
session's transcript (its commands, its failures) into the other topic's packet (real
repository, real CLI and hook, each agent obeying what is printed)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import (
    ANSWERS,
    Session,
    fill_in,
    run_fix,
    run_hook,
    stop_event,
)
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _packet(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_agent_b_s_stop_does_not_pour_its_session_into_agent_a_s_packet(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = git_repo
    repo.write("README.md", "# shop\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", "feat/t")
    # agent A: the UI topic (the default one), a session without failures
    a = Session(cwd=repo.root)
    a.write(repo.root / "ui.py", "UI = 1\n")
    a.bash("python -c 'import ui'")
    repo.commit("ui")
    fields = ["--summary", "UI started", "--next-action", "Style the UI in ui.py"]
    a_log = a.save(tmp_path / "a.jsonl")
    new_a = ["new", "--from-transcript", str(a_log), *fields, "--verdict-pointer", "ui.py"]
    assert run_cli(new_a, cwd=repo.root).code == 0
    repo.commit("handoff ui")
    # agent B: the api topic; a command of its session failed
    b = Session(cwd=repo.root)
    b.write(repo.root / "api.py", "API = 1\n")
    b.bash("curl -f localhost:8000/api", "curl: (7) Failed to connect", exit_code=7)
    repo.commit("api")
    b_log = b.save(tmp_path / "b.jsonl")
    fields = ["--summary", "API started", "--next-action", "Add auth to api.py"]
    new_b = ["new", "--topic", "api", "--from-transcript", str(b_log), *fields]
    assert run_cli([*new_b, "--verdict-pointer", "api.py"], cwd=repo.root).code == 0
    repo.commit("handoff api")

    blocked = run_hook(stop_event(repo.root, b_log), cwd=repo.root)
    assert blocked.code == 2, blocked.err
    fixes = [
        line.strip().removeprefix("fix: ")
        for line in blocked.err.splitlines()
        if line.strip().startswith("fix: ")
    ]
    assert any("update handoff.json" in fix for fix in fixes), blocked.err
    for fix in fixes:
        if "handoff.json" in fix:
            assert "--from-transcript" not in fix, fix
        answers = ANSWERS | {"<the command that runs the tests>": "true"}
        done = run_fix(repo.root, fill_in(fix, answers))
        assert done.returncode == 0, done.stderr
    repo.commit("handoff ui refreshed")

    ui = _packet(repo.root / "handoff.json")
    assert not any("curl" in run["cmd"] for run in ui["commands_run"]), ui["commands_run"]
    assert ui["failed_attempts"] == []
    api = _packet(repo.root / ".handoff/api.json")
    assert any("curl" in line for line in api["failed_attempts"])
    assert run_hook(stop_event(repo.root, b_log), cwd=repo.root).code == 0
