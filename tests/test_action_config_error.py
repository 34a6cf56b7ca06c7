"""A run that cannot audit (a key of the pull request's own configuration broken: exit 2) still
says so everywhere a verdict would be read: ``blocked`` is ``true`` (the counts are empty), the job
summary carries the error, and the sticky comment no longer shows the earlier verdict."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from action_runner import BRANCH, PR, Runner, parse_file_command
from handoff_audit.errors import InputError

TOKEN = "ghp_R8sT2uVwX4yZa6BcD8eFg0HiJ2kLm4NoP6qR"


def _break_the_configuration(runner: Runner, value: str = '"x"') -> None:
    """The pull request adds HANDOFF.md and a `.handoff-audit.yml` whose `max-lines` is wrong."""
    runner.repo.write("HANDOFF.md", "# Handoff\n\n## State\nDone.\n\n## Next step\nDo Y.\n")
    runner.repo.write(".handoff-audit.yml", f"max-lines: {value}\n")
    runner.head = runner.repo.commit("handoff and a broken key")


def _failed_run(
    runner: Runner, event: str = "pull_request", error: str = 'max-lines is "x"'
) -> tuple[dict[str, str], str]:
    """The stopped run's step outputs and job summary."""
    if event == "push":
        payload = runner.event("push.branch.json")
        payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head, before=runner.base)
    else:
        payload = runner.pull_request("pull_request.synchronize.json")
    with pytest.raises(InputError, match=error):
        runner.run(event, payload)
    outputs = parse_file_command(Path(os.environ["GITHUB_OUTPUT"]).read_text(encoding="utf-8"))
    summary = Path(os.environ["GITHUB_STEP_SUMMARY"]).read_text(encoding="utf-8")
    return outputs, summary


@pytest.mark.parametrize("event", ["pull_request", "push"])
def test_a_configuration_error_blocks_and_replaces_the_stale_comment(
    runner: Runner, event: str
) -> None:
    first = runner.run("pull_request", runner.pull_request())
    assert "comment on #2: created" in first.out
    _break_the_configuration(runner)
    outputs, summary = _failed_run(runner, event)
    assert outputs == {"errors": "", "warnings": "", "packets": "", "blocked": "true"}
    assert "the audit could not run" in summary
    assert '.handoff-audit.yml: max-lines is "x"; expected an integer >= 1' in summary
    [comment] = runner.fake.ours(PR)
    assert "the audit could not run" in comment["body"]
    assert 'max-lines is "x"' in comment["body"]
    assert "active-in-merge" not in comment["body"]  # the earlier verdict is gone


def test_without_a_comment_none_is_created_and_the_outputs_still_block(runner: Runner) -> None:
    _break_the_configuration(runner)
    outputs, summary = _failed_run(runner)
    assert outputs["blocked"] == "true"
    assert "the audit could not run" in summary
    assert runner.fake.ours(PR) == []
    assert [r.method for r in runner.fake.writes()] == []


def test_a_credential_in_the_error_is_redacted_in_the_summary_and_the_comment(
    runner: Runner,
) -> None:
    runner.run("pull_request", runner.pull_request())
    _break_the_configuration(runner, f'"{TOKEN}"')
    _, summary = _failed_run(runner, error="max-lines is")
    [comment] = runner.fake.ours(PR)
    assert "the audit could not run" in summary and "the audit could not run" in comment["body"]
    assert TOKEN not in summary and TOKEN not in comment["body"]
    assert "redacted" in comment["body"]


@pytest.mark.parametrize(
    ("inputs", "error"),
    [
        ({"fail_on": "bogus"}, "input fail-on: 'bogus' is not accepted"),
        ({"comment": "maybe"}, "input comment: 'maybe' is not a boolean"),
        ({"comment_when_clear": "bogus"}, "input comment-when-clear: 'bogus' is not accepted"),
        ({"max_commits_behind": "abc"}, "input max-commits-behind: 'abc' is not a whole number"),
        ({"block_files": ","}, "input block-files: ',' lists nothing"),
    ],
)
def test_an_invalid_input_blocks_and_replaces_the_stale_comment(
    runner: Runner, inputs: dict[str, str], error: str
) -> None:
    first = runner.run("pull_request", runner.pull_request())
    assert "comment on #2: created" in first.out
    with pytest.raises(InputError, match=error):
        runner.run("pull_request", runner.pull_request("pull_request.synchronize.json"), **inputs)
    outputs = parse_file_command(Path(os.environ["GITHUB_OUTPUT"]).read_text(encoding="utf-8"))
    summary = Path(os.environ["GITHUB_STEP_SUMMARY"]).read_text(encoding="utf-8")
    assert outputs == {"errors": "", "warnings": "", "packets": "", "blocked": "true"}
    assert "the audit could not run" in summary and error in summary
    [comment] = runner.fake.ours(PR)
    assert "the audit could not run" in comment["body"] and error in comment["body"]


def test_an_invalid_input_with_comment_false_leaves_the_comment_alone(runner: Runner) -> None:
    runner.run("pull_request", runner.pull_request())
    writes = len(runner.fake.writes())
    with pytest.raises(InputError, match="fail-on"):
        runner.run("pull_request", runner.pull_request(), comment="false", fail_on="bogus")
    outputs = parse_file_command(Path(os.environ["GITHUB_OUTPUT"]).read_text(encoding="utf-8"))
    assert outputs["blocked"] == "true"
    assert len(runner.fake.writes()) == writes
