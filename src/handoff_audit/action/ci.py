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
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from handoff_audit import controls
from handoff_audit.action import files
from handoff_audit.action.api import ApiError, Client, RetryPolicy, api_url_problem
from handoff_audit.action.base_gate import GatedConfig, gate_from_base
from handoff_audit.action.comment import cleanup_warnings, upsert
from handoff_audit.action.compare import remote_history
from handoff_audit.action.env import Inputs, Plan, Runner, plan
from handoff_audit.action.failure import report_failure
from handoff_audit.config import (
    GIT_FOLDER_REFUSAL,
    Config,
    leads_outside,
    load_config,
    refuse_branch_exclusions,
    refuse_only_exclusions,
    refuse_unmatchable,
    untracked_link_refusal,
    untracked_link_target,
)
from handoff_audit.credentials import redact, show
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.engine.discovery import absolute, find_root
from handoff_audit.engine.stray_handoffs import gated_files, stray_note
from handoff_audit.errors import EXIT_FINDINGS, EXIT_OK, InputError
from handoff_audit.formats import FormatOptions, history_diagram
from handoff_audit.formats import github as github_format
from handoff_audit.formats import markdown_report as markdown_format
from handoff_audit.formats.markdown_report import Fitted
from handoff_audit.formats.text import status_line
from handoff_audit.git import plumbing
from handoff_audit.git.tracked import is_tracked
from handoff_audit.git_folder import in_git_folder
from handoff_audit.model.context import Target
from handoff_audit.model.findings import Report
from handoff_audit.model.packet import Packet
from handoff_audit.model.repo_history import History
from handoff_audit.rules import RULES_BY_ID
from handoff_audit.schema.remote import cache_dir

FORK_HINT = (
    "A pull request from a fork gets a read-only token; "
    "examples/workflows/fork-pull-requests.yml shows a setup that can comment."
)
RATE_HINT = "GitHub's rate limit for this token was reached; the next run will update the comment."


def _cannot_write(what: str, path: Path, error: OSError) -> str:
    """The one-line input error (not a crash) for a runner's file that cannot be written (a
    folder in its place, a full disk), so that the run still comments."""
    return f"{what} {path} cannot be written ({error.strerror or error}); check the workflow"


def _inside(workspace: Path, value: str, what: str, fix: str = "give a path inside it") -> Path:
    path = absolute(workspace / value)
    if not path.is_relative_to(workspace):
        raise InputError(f"input {what}: {value!r} is outside the workspace {workspace}; {fix}")
    return path


CONFIG_FIX = (
    "the action reads only the workspace (the one folder mounted into its container): put the "
    "file in the repository, or pass its path relative to the workspace"
)


def load_inputs_config(
    workspace: Path, root: Path, inputs: Inputs, base: str | None = None
) -> GatedConfig:
    """The repository's configuration (or the ``config`` input's file), with the merge gate's
    settings from the ``base`` commit on a pull request (`base_gate`), then the inputs on top."""
    explicit = given = None
    if inputs.config:
        given = Path(os.path.abspath(workspace / inputs.config))
        explicit = _inside(workspace, inputs.config, "config", CONFIG_FIX)
        if leads_outside(explicit, workspace):  # a link the pull request put in its place
            raise InputError(
                f"input config: {inputs.config!r} is a link leading outside the workspace "
                f"{workspace} and was not read; {CONFIG_FIX}"
            )
        real = str(explicit.resolve())  # the repository's credentials: never read, never quoted
        if any(in_git_folder(real, str(folder.resolve())) for folder in (root, workspace)):
            raise InputError(f"input config: {inputs.config!r} {GIT_FOLDER_REFUSAL}")
        if (target := untracked_link_target(explicit, (root, workspace), is_tracked)) is not None:
            raise InputError(f"input config: {inputs.config!r} is {untracked_link_refusal(target)}")
        if not explicit.is_file():
            raise InputError(f"input config: {inputs.config!r} is not a file in the workspace")
    config = load_config(root, explicit, rule_ids=RULES_BY_ID, tracked=is_tracked, in_action=True)
    gated = GatedConfig(config, None)
    if base is not None:
        # The input's name as given: a link the pull request put there must not choose the
        # base commit's file.
        gated = gate_from_base(root, config, base, given, block_input=bool(inputs.block_files))
    for pattern in inputs.block_files or ():
        refuse_unmatchable("input block-files", pattern, root, workspace)
    refuse_only_exclusions("input block-files", inputs.block_files or ())
    refuse_branch_exclusions("input protected-branches", inputs.protected_branches or ())
    return dataclasses.replace(gated, config=_with_inputs(gated.config, inputs))


def _with_inputs(config: Config, inputs: Inputs) -> Config:
    return config.overridden(
        max_commits_behind=inputs.max_commits_behind,
        protected_branches=inputs.protected_branches,
        block_files=inputs.block_files,
    )


def build_request(
    runner: Runner,
    inputs: Inputs,
    event: Plan,
    client: Client | None = None,
    out: TextIO | None = None,
) -> AuditRequest:
    """What to audit, from the inputs and the event (the same wiring as ``check``).

    With a ``client``, what a shallow clone cannot tell is asked of the compare API.
    """
    workspace = runner.workspace.resolve()
    paths = tuple(_inside(workspace, p, "path") for p in inputs.paths)
    for path, value in zip(paths, inputs.paths, strict=True):
        if not os.path.lexists(path):
            raise InputError(f"input path: {value!r} does not exist in the workspace")
    root = find_root(paths)
    # On a pull request or a merge queue entry (the events with a base), the gate's settings
    # come from the base commit: the pull request's own file could turn the gate off.
    gated = load_inputs_config(workspace, root, inputs, event.base)
    if gated.notice is not None:
        (out or sys.stdout).write(
            github_format.command("notice", gated.notice, title="handoff-audit: configuration")
        )
    return AuditRequest(
        root=root,
        paths=paths,
        config=gated.config,
        judged_by=gated.own,
        target=Target(
            head=event.head,
            branch=event.branch,
            target_branch=event.target_branch,
            default_branch=event.default_branch,
            history_target=_history_target(event),
            fetch_history=True,  # the action may fetch: its checkout is CI's, not a user's
            target_from_event=True,
            in_action=True,  # messages name the inputs and the workflow, not CLI options
            tag_checked=event.tag,
            gate_exclusions=gated.exclusions,
            own_block_files=gated.own_block_files,
        ),
        remote_history=None if client is None else _compare_hook(client, out or sys.stdout),
    )


def _history_target(event: Plan) -> str | None:
    """On a push to a branch other than the default one, the default branch: what it reaches
    is not the branch's work (a merge of it, "Update branch", adds none)."""
    if event.push_branch and event.default_branch and event.push_branch != event.default_branch:
        return event.default_branch
    return None


def _compare_hook(client: Client, out: TextIO) -> Callable[[History, list[Packet]], None]:
    def log(line: str) -> None:
        out.write(github_format.command("warning", line, title="handoff-audit: compare API"))

    return remote_history(client, log)


def outputs(report: Report) -> dict[str, str]:
    """The step outputs of action.yml."""
    summary = report.summary
    return {
        "errors": str(summary.errors),
        "warnings": str(summary.warnings),
        "packets": str(summary.packets),
        "blocked": "true" if report.blocked else "false",
    }


def make_client(runner: Runner, inputs: Inputs, policy: RetryPolicy, out: TextIO) -> Client | None:
    """The API client, when there is a token, a repository to talk about, ``comment`` is on and
    the API URL can be reached; an unusable ``GITHUB_API_URL`` is a warning, and the audit goes
    on without it.

    ``comment: false`` turns every API call off, the compare API's too: a shallow clone is then
    deepened by git alone, and what it cannot tell stays ``history-unavailable``.
    """
    if not inputs.token or not runner.repository or not inputs.comment:
        return None
    problem = api_url_problem(runner.api_url)
    if problem is not None:
        out.write(
            github_format.command(
                "warning",
                f"GITHUB_API_URL {show(runner.api_url)} {problem}, so the API is unusable: the "
                "pull request comment and every other GitHub API call (the history of a shallow "
                "clone) are skipped. The annotations and the job summary carry every finding.",
                title="handoff-audit: comment",
            )
        )
        return None
    return Client(inputs.token, runner.api_url, runner.repository, policy)


def post_comments(
    runner: Runner,
    inputs: Inputs,
    event: Plan,
    report: Report,
    client: Client | None,
    audit_into: Callable[[str, str], Report],
    warn: Callable[[str], None],
    summary_cut: bool = False,
) -> list[str]:
    """Update the sticky comment where the event asks for one; returns lines for the log.
    ``summary_cut``: this run's job summary, which the comment points to, left things out.
    ``warn`` gets what failed after a comment was written (a duplicate left up).

    A push updates its branch's pull requests with the audit *into each one's base branch*, with
    the merge gate's settings of its base commit (``audit_into(base, base_sha)``): the same
    report the pull request's own run comments, so that the two runs agree and the comment does
    not flip. When the base commit cannot be had, that comment is left to the pull request's
    run. Raises `ApiError` when GitHub refuses.
    """
    if not (inputs.comment and event.comments):
        return []
    if client is None or not runner.repository:
        if inputs.token and runner.repository:
            return []  # make_client's warning said why
        return ["no github-token or GITHUB_REPOSITORY: the pull request comment is skipped"]
    log: list[str] = []
    if event.pull_number is not None:
        targets = [(event.pull_number, report)]
    else:
        assert event.push_branch is not None
        owner = runner.repository.split("/", 1)[0]
        pulls = client.open_pulls(owner, event.push_branch)
        if not pulls:
            branch = redact(event.push_branch)
            return [f"no open pull request from {branch}: no comment to update"]
        targets = _into_bases(pulls, audit_into, log)
    if not targets:
        return log
    login = client.identity()
    for number, shown in targets:
        outcome = upsert(
            client,
            number,
            shown,
            login,
            when_clear=inputs.comment_when_clear,
            run_url=runner.run_url,
            summary_cut=summary_cut,
        )
        log.append(f"comment on #{number}: {outcome.action}")
        for warning in cleanup_warnings(outcome):
            warn(warning)
    return log


def _into_bases(
    pulls: list[tuple[int, str, str]], audit_into: Callable[[str, str], Report], log: list[str]
) -> list[tuple[int, Report]]:
    """Each of ``pulls`` (number, base branch, base commit) with the audit into its base, once
    per base; a pull request whose base commit cannot be read is left out, with a line in
    ``log``: its own run writes its comment."""
    into: dict[tuple[str, str], Report | InputError] = {}
    targets = []
    for number, base, base_sha in pulls:
        if (base, base_sha) not in into:
            try:
                into[base, base_sha] = audit_into(base, base_sha)
            except InputError as error:
                into[base, base_sha] = error
        shown = into[base, base_sha]
        if isinstance(shown, InputError):
            log.append(f"comment on #{number}: left to the pull request's run: {shown}")
        else:
            targets.append((number, shown))
    return targets


def run_ci(*, policy: RetryPolicy | None = None, out: TextIO | None = None) -> int:
    """Do everything the action does, from ``os.environ``; returns the exit code.

    ``policy`` says how API calls are retried (tests pass one that records its waits).
    """
    out = out or sys.stdout
    started = time.time()
    if not os.environ.get("GITHUB_WORKSPACE"):
        # Not the runner (`docker run IMAGE` starts in `/`): the current folder is no checkout,
        # and auditing it would walk the whole file system. No workflow command: no runner.
        raise InputError(
            "not running in GitHub Actions (GITHUB_WORKSPACE is not set); run "
            "`handoff-audit check` instead"
        )
    policy = policy or RetryPolicy()
    runner, inputs, event = _start(policy, out)
    repositories = repositories_opened(runner.workspace.resolve(), inputs.paths)
    if os.environ.get("GITHUB_ACTIONS") == "true":  # never touch a developer's git config
        for repository in repositories:
            try:
                plumbing.mark_safe_directory(repository)
            except plumbing.GitError as error:
                out.write(
                    github_format.command("warning", f"cannot mark {repository} safe: {error}")
                )
    client = make_client(runner, inputs, policy, out)
    try:
        request, audited = _audit(runner, inputs, event, client, out, started, repositories)
    except InputError as error:  # outputs, summary and comment still say it: never a pass
        report_failure(runner, inputs, event, client, str(error), out)
        raise
    report = dataclasses.replace(audited, fail_level=inputs.fail_on)
    for note in (*request.config.notes, *report.warnings_said):
        out.write(github_format.command("warning", note, title="handoff-audit: configuration"))
    for note in report.notices_said:
        out.write(github_format.command("notice", note, title="handoff-audit: history"))
    summary = _said_stray_note(runner, request, report, markdown_format.summary(report), out)
    out.write(github_format.render(report, FormatOptions(), summary_lists=summary.findings))
    problems = [
        problem
        for problem in (
            _write_summary(runner, report, summary.text, out),
            _write_outputs(runner, report),
        )
        if problem is not None
    ]
    for problem in problems:
        out.write(github_format.command("error", problem, title="handoff-audit: input"))
    _comment(runner, inputs, event, request, report, client, out, summary_cut=summary.cut)
    out.write(f"handoff-audit: {status_line(report)}\n")  # the words `check` ends with
    if problems:  # after the comment: a broken runner file costs the step, not the comment
        raise InputError(problems[0])
    return EXIT_FINDINGS if report.fails_at(report.fail_level) else EXIT_OK


def _said_stray_note(
    runner: Runner, request: AuditRequest, report: Report, summary: Fitted, out: TextIO
) -> Fitted:
    """``summary`` with `check`'s note on tracked files named as handoffs that the configuration
    does not look for at its end, the note also written to ``out`` as a notice; as it is when
    there are none or the audit covered less than the whole repository."""
    if request.paths != (request.root,):
        return summary
    workspace = runner.workspace.resolve()

    def shown(path: str) -> str:
        name = os.path.relpath(request.root / path, workspace).replace(os.sep, "/")
        return controls.formats_shown(redact(name))

    config = request.judged_by or request.config  # the files the pull request's keys find
    gated = gated_files(report.findings)
    note = stray_note(request.root, config, shown, found=bool(report.packets), blocked=gated)
    if note is None:
        return summary
    out.write(github_format.command("notice", str(note), title="handoff-audit: not audited"))
    said = note.render(markdown_format.code, markdown_format.inline)
    said = f"{summary.text.rstrip()}\n\n> **Note:** {said}\n"
    return dataclasses.replace(summary, text=said)


def _start(policy: RetryPolicy, out: TextIO) -> tuple[Runner, Inputs, Plan]:
    """The runner, the inputs and the event. An invalid input or event goes the way of a
    configuration error (`report_failure`): ``blocked`` is ``true``, the job summary (and, once
    the event is known, the comment) says the error."""
    try:
        runner = Runner.read(os.environ)
        event = plan(runner)
    except InputError as error:  # an unusable event: no comment to update, the rest is said
        out.write(github_format.command("error", str(error), title="handoff-audit: input"))
        unread = Plan(head=None, branch=None, target_branch=None, default_branch=None)
        runner = Runner.read(os.environ, with_event=False)
        report_failure(runner, Inputs.for_failure(os.environ), unread, None, str(error), out)
        raise
    try:
        return runner, Inputs.read(os.environ), event
    except InputError as error:
        out.write(github_format.command("error", str(error), title="handoff-audit: input"))
        inputs = Inputs.for_failure(os.environ)
        client = make_client(runner, inputs, policy, out)
        report_failure(runner, inputs, event, client, str(error), out)
        raise


def repositories_opened(workspace: Path, values: tuple[str, ...]) -> list[Path]:
    """The repositories the audit opens, to be trusted and given back: the workspace and the
    root of each ``path`` input (a checkout into a subfolder, a submodule), as `find_root` finds
    it. Only folders inside the workspace; a bad input is reported later, by `build_request`."""
    found = [workspace]
    for value in values:
        path = absolute(workspace / value)
        if not (path.is_relative_to(workspace) and os.path.lexists(path)):
            continue
        root = find_root((path,))
        if root.is_relative_to(workspace) and root not in found:
            found.append(root)
    return found


def _audit(
    runner: Runner,
    inputs: Inputs,
    event: Plan,
    client: Client | None,
    out: TextIO,
    started: float,
    repositories: list[Path],
) -> tuple[AuditRequest, Report]:
    """The audit of the workspace; then the files the run touched in each of ``repositories``'
    ``.git`` are given back to the runner's user, whatever happened."""
    try:
        request = build_request(runner, inputs, event, client, out)
        return request, run_audit(request)
    except InputError as error:
        out.write(github_format.command("error", str(error), title="handoff-audit: input"))
        raise
    finally:
        home = Path(os.environ["HOME"]) if os.environ.get("HOME") else None
        for repository in repositories:
            files.give_back(repository, started)
        if home is not None:
            files.give_back(home, started, ".gitconfig")
        files.give_back_cache(cache_dir(), home, started)


def _write_summary(runner: Runner, report: Report, summary: str, out: TextIO) -> str | None:
    """Append the report's ``summary`` to the job summary; the problem, when the file cannot be
    written."""
    if runner.step_summary is None:
        return None
    history = history_diagram.render(report)
    if history:
        summary = summary.rstrip("\n") + "\n\n" + history
    try:
        appended = files.append_summary(runner.step_summary, summary)
    except OSError as error:
        return _cannot_write("GITHUB_STEP_SUMMARY", runner.step_summary, error)
    if not appended:
        out.write(github_format.command("warning", "the job summary is full; nothing added"))
    return None


def _write_outputs(runner: Runner, report: Report) -> str | None:
    """Write the step's outputs; the problem, when the file cannot be written."""
    if runner.output is None:
        return None
    try:
        files.write_outputs(runner.output, outputs(report))
    except OSError as error:
        return _cannot_write("GITHUB_OUTPUT", runner.output, error)
    return None


def _comment(
    runner: Runner,
    inputs: Inputs,
    event: Plan,
    request: AuditRequest,
    report: Report,
    client: Client | None,
    out: TextIO,
    *,
    summary_cut: bool,
) -> None:
    """Post (or update) the pull request comment: best effort, it never decides the exit code.
    ``summary_cut``: the job summary of ``report`` left things out."""
    try:

        def audit_into(base: str, base_sha: str) -> Report:
            # The gate's settings of the pull request's base, as its own run reads them: the
            # branch's own configuration could open the gate in the comment (and flip it).
            gated = load_inputs_config(runner.workspace.resolve(), request.root, inputs, base_sha)
            if not gated.base_read:
                # The defaults are a guess; the pull request's own run knows its base's gate.
                raise InputError(
                    f"the pull request's base commit {base_sha[:12]} is not in the clone and "
                    "could not be fetched; check out with `fetch-depth: 0` (actions/checkout)"
                )
            target = dataclasses.replace(
                request.target,
                target_branch=base,
                gate_exclusions=gated.exclusions,
                own_block_files=gated.own_block_files,
            )
            return run_audit(
                dataclasses.replace(
                    request, config=gated.config, target=target, judged_by=gated.own
                )
            )

        def warn(line: str) -> None:
            out.write(github_format.command("warning", line, title="handoff-audit: comment"))

        lines = post_comments(runner, inputs, event, report, client, audit_into, warn, summary_cut)
        for line in lines:
            out.write(f"handoff-audit: {controls.one_line(line)}\n")
    except Exception as error:  # the comment is best effort: it never decides the exit code
        if isinstance(error, ApiError):
            hint = FORK_HINT if error.read_only else RATE_HINT if error.rate_limited else ""
            reason = f"{error}." + (f" {hint}" if hint else "")
        else:
            reason = f"internal error {type(error).__name__}: {error} (please report it)."
        out.write(
            github_format.command(
                "warning",
                f"The pull request comment was not posted: {reason} "
                "The annotations and the job summary carry every finding.",
                title="handoff-audit: comment",
            )
        )
