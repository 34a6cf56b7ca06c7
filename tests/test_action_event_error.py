"""An event payload the action cannot use (exit 2) still writes what every run that cannot
audit writes: ``blocked`` is ``true`` (the counts are empty) and the job summary says why."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from action_runner import Runner, parse_file_command


def _stopped(
    runner: Runner, run_cli: Callable[..., Any], payload: str | None, name: str = "pull_request"
) -> tuple[str, str]:
    """Run ``ci`` (the real command) on the event ``name`` with its file holding ``payload``
    (``None``: no such file); the one-line error and the job summary, once the outputs say the
    merge is blocked."""
    runner.run("pull_request", runner.pull_request(), comment="false")  # sets up the runner
    output, summary = (Path(os.environ[name]) for name in ("GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"))
    output.write_text("", encoding="utf-8")
    summary.write_text("", encoding="utf-8")
    event = Path(os.environ["GITHUB_EVENT_PATH"])
    if payload is None:
        event.unlink()
    else:
        event.write_text(payload, encoding="utf-8")
    runner.mp.setenv("GITHUB_EVENT_NAME", name)
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2, result.out
    [line] = result.err.strip().splitlines()
    outputs = parse_file_command(output.read_text(encoding="utf-8"))
    assert outputs == {"errors": "", "warnings": "", "packets": "", "blocked": "true"}
    return line, summary.read_text(encoding="utf-8")


@pytest.mark.parametrize("number", ['"2"', None])
def test_a_pull_request_event_without_a_usable_number_blocks(
    runner: Runner, run_cli: Callable[..., Any], number: str | None
) -> None:
    payload = runner.pull_request()
    if number is None:
        del payload["pull_request"]["number"]
    else:
        payload["pull_request"]["number"] = json.loads(number)
    line, summary = _stopped(runner, run_cli, json.dumps(payload))
    assert "pull_request event without pull_request.number in GITHUB_EVENT_PATH" in line
    assert "the audit could not run" in summary
    assert "pull_request.number" in summary


def test_an_unreadable_event_file_blocks(runner: Runner, run_cli: Callable[..., Any]) -> None:
    line, summary = _stopped(runner, run_cli, None)
    assert "cannot read the event payload" in line
    assert "the audit could not run" in summary


@pytest.mark.parametrize("base_ref", [None, "main", "refs/tags/v1"])
def test_a_merge_group_event_without_a_base_branch_blocks(
    runner: Runner, run_cli: Callable[..., Any], base_ref: str | None
) -> None:
    # A forged or truncated payload: without the queue's base branch no gate could be judged.
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(head_sha=runner.head, base_sha=runner.base)
    if base_ref is None:
        del payload["merge_group"]["base_ref"]
    else:
        payload["merge_group"]["base_ref"] = base_ref
    line, summary = _stopped(runner, run_cli, json.dumps(payload), "merge_group")
    assert line.startswith(
        "handoff-audit: error: merge_group event without merge_group.base_ref (refs/heads/BRANCH)"
    )
    assert "the audit could not run" in summary
