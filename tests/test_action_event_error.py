"""An event payload the action cannot use (exit 2) still writes what every run that cannot
audit writes: ``blocked`` is ``true`` (the counts are empty) and the job summary says why."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from action_runner import PR, Runner, parse_file_command


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


@pytest.mark.parametrize("number", [None, "0"])
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


@pytest.mark.parametrize(
    ("field", "value", "holds", "expected"),
    [
        ("number", "2", "a string", "an integer, its number"),
        ("number", True, "true or false", "an integer, its number"),
        ("number", 2.5, "a number", "an integer, its number"),
        ("base.ref", 5, "a number", "a string, the branch merged into"),
        ("base.ref", ["main"], "an array", "a string, the branch merged into"),
        ("base.sha", {"id": "x"}, "an object", "a string, the commit it is based on"),
    ],
)
def test_a_pull_request_event_field_of_the_wrong_type_is_named_so(
    runner: Runner, run_cli: Callable[..., Any], field: str, value: Any, holds: str, expected: str
) -> None:
    """``pull_request.base.ref`` = 5 or ``number`` = "2" were reported as "event without
    pull_request.base.ref", which sent the reader looking for a field that is there. The error
    says the field has the wrong type and what GitHub sends, never the value."""
    payload = runner.pull_request()
    *parents, key = field.split(".")
    holder = payload["pull_request"]
    for parent in parents:
        holder = holder[parent]
    holder[key] = value
    line, summary = _stopped(runner, run_cli, json.dumps(payload))
    assert line.startswith(
        f"handoff-audit: error: pull_request event with pull_request.{field} of the wrong type "
        f"in GITHUB_EVENT_PATH: it holds {holds}, where GitHub sends {expected}, so "
    ), line
    assert "without" not in line
    assert "run the action on the runner's own pull_request event" in line
    assert "the audit could not run" in summary


def test_a_pull_request_that_is_no_object_is_named_so(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    payload = runner.pull_request()
    payload["pull_request"] = "https://github.com/o/r/pull/2"
    line, _ = _stopped(runner, run_cli, json.dumps(payload))
    assert "pull_request event with pull_request of the wrong type" in line
    assert "it holds a string, where GitHub sends an object, the pull request" in line
    assert "github.com/o/r" not in line


@pytest.mark.parametrize(
    ("field", "value", "holds", "expected"),
    [
        ("pull_request", None, "null", "an object, the pull request"),
        ("pull_request.base", "main", "a string", "an object, the branch merged into"),
        ("pull_request.base", None, "null", "an object, the branch merged into"),
    ],
)
def test_a_pull_request_or_its_base_that_is_no_object_is_named_so(
    runner: Runner, run_cli: Callable[..., Any], field: str, value: Any, holds: str, expected: str
) -> None:
    """``"base": "main"``, ``"base": null`` and ``"pull_request": null`` were reported as
    "without pull_request.base.ref" or "without pull_request.number", fields of an object that
    is not there: the error names the field that holds the wrong type."""
    payload = runner.pull_request()
    *parents, key = field.split(".")
    holder = payload
    for parent in parents:
        holder = holder[parent]
    holder[key] = value
    line, summary = _stopped(runner, run_cli, json.dumps(payload))
    assert line.startswith(
        f"handoff-audit: error: pull_request event with {field} of the wrong type in "
        f"GITHUB_EVENT_PATH: it holds {holds}, where GitHub sends {expected}"
    ), line
    assert "without" not in line
    assert "the audit could not run" in summary


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


@pytest.mark.parametrize(
    ("where", "value"),
    [("ref", ""), ("ref", None), ("ref", "drop"), ("sha", ""), ("sha", "drop"), ("base", "drop")],
)
def test_a_pull_request_event_without_its_base_blocks(
    runner: Runner, run_cli: Callable[..., Any], where: str, value: str | None
) -> None:
    # Without the branch merged into (or the base commit the gate's settings are read at), a
    # pull request whose own configuration opens the gate would pass.
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nShip.\n")
    runner.repo.write(".handoff-audit.yml", 'block-files: ["nothing.md"]\n')
    runner.head = runner.repo.commit("wip, and a configuration that opens the gate")
    payload = runner.pull_request()
    pr = payload["pull_request"]
    if where == "base":
        del pr["base"]
    elif value == "drop":
        del pr["base"][where]
    else:
        pr["base"][where] = value
    line, summary = _stopped(runner, run_cli, json.dumps(payload))
    key = "ref" if where == "base" else where
    assert line.startswith(
        f"handoff-audit: error: pull_request event without pull_request.base.{key} ("
    )
    assert "the merge gate cannot be judged" in line
    assert "the audit could not run" in summary


def test_a_merge_group_base_ref_naming_no_branch_blocks(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(
        head_sha=runner.head, base_sha=runner.base, base_ref="refs/heads/"
    )
    line, _ = _stopped(runner, run_cli, json.dumps(payload), "merge_group")
    assert line.startswith(
        "handoff-audit: error: merge_group event without merge_group.base_ref (refs/heads/BRANCH)"
    )


@pytest.mark.parametrize("base_sha", ["drop", 12345, "12345", "", "main", "g" * 40])
def test_a_merge_group_event_without_a_usable_base_commit_blocks(
    runner: Runner, run_cli: Callable[..., Any], base_sha: object
) -> None:
    # Without the base commit the gate's settings would come from the queue commit itself,
    # whose configuration turns the gate off.
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nShip.\n")
    runner.repo.write(".handoff-audit.yml", 'rules:\n  handoff-in-merge: "off"\n')
    runner.head = runner.repo.commit("wip, and a configuration that opens the gate")
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(head_sha=runner.head, base_ref="refs/heads/main")
    if base_sha == "drop":
        del payload["merge_group"]["base_sha"]
    else:
        payload["merge_group"]["base_sha"] = base_sha
    line, summary = _stopped(runner, run_cli, json.dumps(payload), "merge_group")
    assert line.startswith(
        "handoff-audit: error: merge_group event without merge_group.base_sha (the commit id"
    )
    assert "the gate cannot be judged" in line
    assert "the audit could not run" in summary


def test_a_merge_group_event_with_its_base_commit_judges_the_gate_from_it(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nShip.\n")
    runner.repo.write(".handoff-audit.yml", 'rules:\n  handoff-in-merge: "off"\n')
    runner.head = runner.repo.commit("wip, and a configuration that opens the gate")
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(
        head_sha=runner.head, base_ref="refs/heads/main", base_sha=runner.base
    )
    result, outputs = runner.cli(run_cli, "merge_group", payload)
    assert result.code == 1, result.out
    assert "handoff-in-merge" in result.out
    assert outputs["blocked"] == "true"


def test_a_pull_request_event_without_base_ref_leaves_the_comment_alone(
    runner: Runner, run_cli: Callable[..., Any]
) -> None:
    first = runner.run("pull_request", runner.pull_request())  # posts the sticky comment
    assert first.code == 1
    bodies = [comment["body"] for comment in runner.fake.comments[PR]]
    assert bodies and "Merge blocked" in bodies[0]
    payload = runner.pull_request()
    payload["pull_request"]["base"]["ref"] = ""
    Path(os.environ["GITHUB_EVENT_PATH"]).write_text(json.dumps(payload), encoding="utf-8")
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2, result.out
    assert [comment["body"] for comment in runner.fake.comments[PR]] == bodies
