"""What ``ci`` still does when it cannot audit (an input or configuration error, exit 2).

A run that cannot judge the merge gate must not read as a pass, nor leave an earlier verdict up:
the step outputs say ``blocked: true`` (the counts are empty: nothing was counted), the job
summary carries the error, and the sticky comment, where there is one, says that the audit
could not run and why. The error itself is one line, redacted, and the exit code stays 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from handoff_audit import controls
from handoff_audit.action import files
from handoff_audit.action.api import ApiError, Client
from handoff_audit.action.comment import (
    ERROR_HEADING,
    NOT_JUDGED,
    cleanup_warnings,
    error_text,
    show_error,
)
from handoff_audit.action.env import Inputs, Plan, Runner
from handoff_audit.formats import github as github_format

OUTPUTS = {"errors": "", "warnings": "", "packets": "", "blocked": "true"}
"""The step outputs of a run that could not audit (documented in action.yml)."""


def report_failure(
    runner: Runner, inputs: Inputs, event: Plan, client: Client | None, message: str, out: TextIO
) -> None:
    """Write the outputs, the job summary and the comment of a run stopped by ``message``."""

    def warn(line: str, title: str = "handoff-audit: input") -> None:
        out.write(github_format.command("warning", line, title=title))

    try:
        if runner.output is not None:
            files.write_outputs(runner.output, OUTPUTS)
        if runner.step_summary is not None:
            summary = f"{ERROR_HEADING}\n\n{error_text(message)}\n\n{NOT_JUDGED}\n"
            files.append_summary(runner.step_summary, summary)
    except OSError as error:
        warn(f"the step outputs or the job summary cannot be written ({error.strerror or error})")
    try:
        for line in _comment(runner, inputs, event, client, message, warn):
            out.write(f"handoff-audit: {controls.one_line(line)}\n")
    except Exception as error:  # best effort, as every comment: the exit code stays 2
        reason = str(error) if isinstance(error, ApiError) else f"{type(error).__name__}: {error}"
        warn(f"The pull request comment was not updated: {reason}.", "handoff-audit: comment")


def _comment(
    runner: Runner,
    inputs: Inputs,
    event: Plan,
    client: Client | None,
    message: str,
    warn: Callable[[str, str], None],
) -> list[str]:
    """The comment of the pull request (of each open one of a pushed branch) says the error;
    what failed after it was written (a duplicate left up) goes to ``warn``."""
    if client is None or not runner.repository or not (inputs.comment and event.comments):
        return []
    if event.pull_number is not None:
        numbers = [event.pull_number]
    else:
        assert event.push_branch is not None
        owner = runner.repository.split("/", 1)[0]
        numbers = [number for number, _, _ in client.open_pulls(owner, event.push_branch)]
    login = client.identity() if numbers else None
    log = []
    for number in numbers:
        outcome = show_error(
            client,
            number,
            message,
            login,
            when_clear=inputs.comment_when_clear,
            run_url=runner.run_url,
        )
        action = "says the audit could not run" if outcome.action != "skipped" else "none to update"
        log.append(f"comment on #{number}: {action}")
        for warning in cleanup_warnings(outcome):
            warn(warning, "handoff-audit: comment")
    return log
