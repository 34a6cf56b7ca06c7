"""``handoff-audit ci``: the GitHub Action's entry point.

Reads the runner's environment, audits the commit the event is about, writes annotations, the job
summary and the step outputs, updates the sticky pull request comment, and returns the exit code
that ``fail-on`` asks for. Posting the comment is best effort: when the token cannot write, the
audit still decides the exit code, and the annotations and the summary still carry everything.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from handoff_audit import gitrepo
from handoff_audit.audit import AuditRequest, run_audit
from handoff_audit.checking import absolute, find_root
from handoff_audit.config import Config, load_config
from handoff_audit.context import Target
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.findings import Report
from handoff_audit.formats import FormatOptions
from handoff_audit.formats import github as github_format
from handoff_audit.formats import markdown as markdown_format
from handoff_audit.github import files
from handoff_audit.github.api import RetryPolicy
from handoff_audit.github.env import Inputs, Plan, Runner, plan

FORK_HINT = (
    "A pull request from a fork gets a read-only token; "
    "examples/workflows/fork-pull-requests.yml shows a setup that can comment."
)


def _inside(workspace: Path, value: str, what: str) -> Path:
    path = absolute(workspace / value)
    if not path.is_relative_to(workspace):
        raise InputError(
            f"input {what}: {value!r} is outside the workspace {workspace}; give a path inside it"
        )
    return path


def load_inputs_config(workspace: Path, root: Path, inputs: Inputs) -> Config:
    """The repository's configuration (or the ``config`` input's file), then the inputs on top."""
    explicit = None
    if inputs.config:
        explicit = _inside(workspace, inputs.config, "config")
        if not explicit.is_file():
            raise InputError(f"input config: {inputs.config!r} is not a file in the workspace")
    config = load_config(root, explicit)
    overrides: dict[str, object] = {}
    if inputs.max_commits_behind is not None:
        overrides["max_commits_behind"] = inputs.max_commits_behind
    if inputs.protected_branches is not None:
        overrides["protected_branches"] = inputs.protected_branches
    if inputs.block_files is not None:
        overrides["block_files"] = inputs.block_files
    return dataclasses.replace(config, **overrides)  # type: ignore[arg-type]


def build_request(runner: Runner, inputs: Inputs, event: Plan) -> AuditRequest:
    """What to audit, from the inputs and the event (the same wiring as ``check``)."""
    workspace = runner.workspace.resolve()
    paths = tuple(_inside(workspace, p, "path") for p in inputs.paths)
    for path, value in zip(paths, inputs.paths, strict=True):
        if not os.path.lexists(path):
            raise InputError(f"input path: {value!r} does not exist in the workspace")
    root = find_root(paths)
    return AuditRequest(
        root=root,
        paths=paths,
        config=load_inputs_config(workspace, root, inputs),
        target=Target(
            head=event.head,
            branch=event.branch,
            target_branch=event.target_branch,
            default_branch=event.default_branch,
        ),
    )


def outputs(report: Report) -> dict[str, str]:
    """The step outputs of action.yml."""
    summary = report.summary
    return {
        "errors": str(summary.errors),
        "warnings": str(summary.warnings),
        "packets": str(summary.packets),
        "blocked": "true" if report.blocked else "false",
    }


def post_comments(
    runner: Runner, inputs: Inputs, event: Plan, report: Report, policy: RetryPolicy
) -> list[str]:
    """Update the sticky comment where the event asks for one; returns lines for the log.

    Raises `ApiError` when GitHub refuses (the caller turns it into a warning).
    """
    from handoff_audit.github.api import Client
    from handoff_audit.github.comment import upsert

    if not (inputs.comment and event.comments):
        return []
    if not inputs.token:
        return ["no github-token: the pull request comment is skipped"]
    if not runner.repository:
        return ["GITHUB_REPOSITORY is not set: the pull request comment is skipped"]
    client = Client(inputs.token, runner.api_url, runner.repository, policy)
    login = client.viewer()
    if event.pull_number is not None:
        numbers = [event.pull_number]
    else:
        assert event.push_branch is not None
        owner = runner.repository.split("/", 1)[0]
        numbers = client.open_pulls(owner, event.push_branch)
    log = []
    for number in numbers:
        outcome = upsert(client, number, report, login)
        log.append(f"comment on #{number}: {outcome.action}")
    return log


def run_ci(*, policy: RetryPolicy | None = None, out: TextIO | None = None) -> int:
    """Do everything the action does, from ``os.environ``; returns the exit code.

    ``policy`` says how API calls are retried (tests pass one that records its waits).
    """
    out = out or sys.stdout
    started = time.time()
    try:
        runner = Runner.read(os.environ)
        inputs = Inputs.read(os.environ)
        event = plan(runner)
    except InputError as error:
        out.write(github_format.command("error", str(error), title="handoff-audit: input"))
        raise
    try:
        gitrepo.mark_safe_directory(runner.workspace.resolve())
    except gitrepo.GitError as error:
        out.write(github_format.command("warning", f"cannot mark the workspace safe: {error}"))
    try:
        report = run_audit(build_request(runner, inputs, event))
    except InputError as error:
        out.write(github_format.command("error", str(error), title="handoff-audit: input"))
        raise
    finally:
        files.give_back(runner.workspace, started)

    out.write(github_format.render(report, FormatOptions()))
    if runner.step_summary is not None:
        summary = markdown_format.render(report, FormatOptions())
        if not files.append_summary(runner.step_summary, summary):
            out.write(github_format.command("warning", "the job summary is full; nothing added"))
    if runner.output is not None:
        files.write_outputs(runner.output, outputs(report))

    from handoff_audit.github.api import ApiError

    try:
        for line in post_comments(runner, inputs, event, report, policy or RetryPolicy()):
            out.write(f"handoff-audit: {line}\n")
    except ApiError as error:
        hint = f" {FORK_HINT}" if error.read_only else ""
        out.write(
            github_format.command(
                "warning",
                f"The pull request comment was not posted: {error}.{hint} "
                "The annotations and the job summary carry every finding.",
                title="handoff-audit: comment",
            )
        )

    s = report.summary
    out.write(
        f"handoff-audit: {s.errors} errors, {s.warnings} warnings, {s.notes} notes "
        f"in {s.packets} packets{' (merge blocked)' if report.blocked else ''}\n"
    )
    return EXIT_FINDINGS if report.fails_at(inputs.fail_on) else EXIT_OK
