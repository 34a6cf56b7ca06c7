"""A Codex call whose ``arguments`` text is nested too deeply to read (``[`` five thousand times)
is skipped and counted like a line that is not JSON: ``new --from-transcript`` still writes the
packet, and the Stop hook still holds a branch that has no handoff."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]
FIELDS = ["--summary", "Refunds done.", "--next-action", "Ship it.", "--verdict-pointer", "ci"]
NESTED = "[" * 5000


def _rollout(root: Path, path: Path) -> Path:
    """A Codex rollout: a passing ``make``, then a ``write_stdin`` poll and an ``exec_command``
    whose ``arguments`` are nested too deeply, then a passing ``make check``."""
    calls = [
        ("exec_command", json.dumps({"cmd": "make"}), "Process exited with code 0\nOutput:\n"),
        ("write_stdin", NESTED, "Process exited with code 1\nOutput:\nFAILED t.py\n"),
        ("exec_command", NESTED, "Process exited with code 1\nOutput:\nFAILED t.py\n"),
        ("exec_command", json.dumps({"cmd": "make check"}), "Process exited with code 0\n"),
    ]
    lines: list[dict[str, Any]] = [
        {"type": "session_meta", "payload": {"id": "s", "cwd": str(root)}}
    ]
    for number, (name, arguments, output) in enumerate(calls):
        call = {"type": "function_call", "name": name, "call_id": f"c{number}"}
        lines.append({"type": "response_item", "payload": call | {"arguments": arguments}})
        answer = {"type": "function_call_output", "call_id": f"c{number}", "output": output}
        lines.append({"type": "response_item", "payload": answer})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_new_skips_the_malformed_calls_and_names_the_first_line(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    repo.commit("rounding")
    rollout = _rollout(repo.root, tmp_path / "rollout.jsonl")
    result = run_cli(["new", "--from-transcript", str(rollout), *FIELDS], cwd=repo.root)
    assert result.code == 0, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert "rollout.jsonl: 2 line(s) not readable JSON (the first: line 4), skipped" in result.err
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["commands_run"] == [{"cmd": "make", "exit": 0}, {"cmd": "make check", "exit": 0}]


def test_the_stop_hook_still_holds_a_branch_with_no_handoff(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    repo.commit("rounding")
    rollout = _rollout(repo.root, tmp_path / "rollout.jsonl")
    run = run_hook(stop_event(repo.root, rollout))
    assert run.code == 2, run.err
    assert "internal error" not in run.err
    assert "do not stop yet" in run.err
    assert "no active handoff" in run.err
    assert f"new --from-transcript {rollout}" in run.err
