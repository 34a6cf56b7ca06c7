"""``handoff-audit ci`` in the runner's environment, rebuilt from GitHub's own event payloads, with
real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files and a local GitHub API."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from action_support import packet_data
from conftest import GitRepo
from fake_github import SHARED, FakeGitHub, serve
from handoff_audit.github.api import RetryPolicy
from handoff_audit.github.ci import run_ci
from handoff_audit.github.comment import MARKER
from handoff_audit.markdown import render_packet

EVENTS = SHARED / "data" / "events"
BRANCH = "feat/refunds"
PR = 2  # the number in pull_request.opened.json


def parse_file_command(text: str) -> dict[str, str]:
    """Read a GITHUB_OUTPUT file with the runner's rules (FileCommandManager.cs, Linux)."""
    values: dict[str, str] = {}
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        raise AssertionError("EOF marker missing new line")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        eq, heredoc = line.find("="), line.find("<<")
        if eq >= 0 and (heredoc < 0 or eq < heredoc):
            values[line[:eq]] = line[eq + 1 :]
            continue
        name, delimiter = line[:heredoc], line[heredoc + 2 :]
        assert name and delimiter, f"invalid line {line!r}"
        body: list[str] = []
        while i < len(lines) and lines[i] != delimiter:
            body.append(lines[i])
            i += 1
        assert i < len(lines), f"Matching delimiter not found {delimiter!r}"
        i += 1
        values[name] = "\n".join(body)
    return values


@dataclass
class Run:
    code: int
    out: str
    outputs: dict[str, str]
    summary: str


class Runner:
    """A workspace with a feature branch carrying an active packet, and a runner around it."""

    def __init__(self, tmp: Path, repo: GitRepo, fake: FakeGitHub, api: str, monkeypatch: Any):
        self.tmp, self.repo, self.fake, self.api, self.mp = tmp, repo, fake, api, monkeypatch
        repo.write("README.md", "hello\n")
        self.base = repo.commit("base")
        repo.git("checkout", "-q", "-b", BRANCH)
        repo.write("src/refund.py", "def refund(): ...\n")
        repo.write("reports/tests.xml", "<testsuite/>\n")
        repo.commit("refunds")
        data = packet_data(branch=BRANCH, last_known_good_commit=repo.head())
        repo.write("handoff.json", data)
        repo.write("handoff.md", render_packet(data))
        self.head = repo.commit("handoff")
        self.sleeps: list[float] = []

    def event(self, name: str, **changes: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        payload: dict[str, Any] = json.loads((EVENTS / name).read_text(encoding="utf-8"))
        payload["repository"]["default_branch"] = "main"
        return payload

    def run(
        self, event_name: str, payload: dict[str, Any], token: str = "bot-token", **inputs: str
    ) -> Run:
        folder = self.tmp / f"runner-{len(list(self.tmp.glob('runner-*')))}"
        (folder / "workflow").mkdir(parents=True)
        (folder / "file_commands").mkdir()
        (folder / "home").mkdir()
        event_path = folder / "workflow" / "event.json"
        event_path.write_text(json.dumps(payload), encoding="utf-8")
        output = folder / "file_commands" / "set_output_1"
        summary = folder / "file_commands" / "step_summary_1"
        output.touch()
        summary.touch()
        env = {
            "GITHUB_ACTIONS": "true",
            "CI": "true",
            "GITHUB_EVENT_NAME": event_name,
            "GITHUB_EVENT_PATH": str(event_path),
            "GITHUB_REPOSITORY": f"{self.fake.owner}/{self.fake.repo}",
            "GITHUB_API_URL": self.api,
            "GITHUB_WORKSPACE": str(self.repo.root),
            "GITHUB_OUTPUT": str(output),
            "GITHUB_STEP_SUMMARY": str(summary),
            "GITHUB_SHA": self.base,  # like the merge commit: never what a PR audits
            "GITHUB_REF": f"refs/heads/{BRANCH}",
            "HOME": str(folder / "home"),
            "GIT_CONFIG_GLOBAL": str(folder / "home" / ".gitconfig"),
            "INPUT_GITHUB-TOKEN": f"  {token}\n",
            "INPUT_PATH": ".",
            "INPUT_FAIL-ON": "error",
            "INPUT_COMMENT": "true",
        }
        env.update({f"INPUT_{k.replace('_', '-').upper()}": v for k, v in inputs.items()})
        for key, value in env.items():
            self.mp.setenv(key, value)
        self.mp.chdir(self.repo.root)
        out = io.StringIO()
        policy = RetryPolicy(sleep=self.sleeps.append, write_interval=None)
        code = run_ci(policy=policy, out=out)
        return Run(
            code,
            out.getvalue(),
            parse_file_command(output.read_text(encoding="utf-8")),
            summary.read_text(encoding="utf-8"),
        )

    def pull_request(self, name: str = "pull_request.opened.json") -> dict[str, Any]:
        payload = self.event(name)
        pr = payload["pull_request"]
        pr["head"]["sha"], pr["head"]["ref"] = self.head, BRANCH
        pr["base"]["sha"], pr["base"]["ref"] = self.base, "main"
        return payload


@pytest.fixture
def runner(tmp_path: Path, git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch) -> Iterator[Runner]:
    fake = FakeGitHub()
    with serve(fake) as url:
        fake.add_pull(PR, BRANCH)
        yield Runner(tmp_path, git_repo, fake, url, monkeypatch)
    assert fake.violations == []


def test_same_repository_pull_request(runner: Runner) -> None:
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1
    assert done.outputs["blocked"] == "true"
    assert int(done.outputs["errors"]) >= 1
    assert done.outputs["packets"] == "1"
    assert set(done.outputs) == {"errors", "warnings", "packets", "blocked"}
    assert "::error file=handoff.json" in done.out
    assert "active-in-merge" in done.summary
    assert runner.head[:12] in done.summary  # the PR's head, not GITHUB_SHA
    [comment] = runner.fake.ours(PR)
    assert comment["body"].startswith(MARKER)
    assert "Wire the refund endpoint" in comment["body"]
    gitconfig = (Path(runner.tmp) / "runner-0" / "home" / ".gitconfig").read_text()
    assert str(runner.repo.root) in gitconfig  # marked as a safe.directory


def test_pull_request_rerun_updates_the_comment(runner: Runner) -> None:
    runner.run("pull_request", runner.pull_request())
    again = runner.run("pull_request", runner.pull_request("pull_request.synchronize.json"))
    assert "comment on #2: unchanged" in again.out
    assert len(runner.fake.ours(PR)) == 1
    assert [r.method for r in runner.fake.writes()] == ["POST"]


def test_fork_pull_request_with_read_only_token(runner: Runner) -> None:
    payload = runner.pull_request("pull_request.opened.from-fork.json")
    number = payload["pull_request"]["number"]
    runner.fake.add_pull(number, "patch-1")
    runner.fake.read_only_tokens.add("bot-token")
    done = runner.run("pull_request", payload)
    assert done.code == 1  # by the findings, not by the refused comment
    assert "::warning title=handoff-audit%3A comment::" in done.out
    assert "Resource not accessible by integration" in done.out
    assert done.outputs["blocked"] == "true"
    assert "active-in-merge" in done.summary
    assert runner.fake.ours(number) == []


def test_fork_pull_request_refused_comment_never_fails_the_step(runner: Runner) -> None:
    payload = runner.pull_request("pull_request.reopened.from-fork.json")
    number = payload["pull_request"]["number"]
    runner.fake.add_pull(number, "pin-windows-z3-solver")
    runner.fake.read_only_tokens.add("bot-token")
    done = runner.run("pull_request_target", payload, fail_on="never")
    assert done.code == 0
    assert "::warning" in done.out


def test_push_updates_the_pull_request_of_that_branch(runner: Runner) -> None:
    runner.fake.add_pull(9, "someone-elses-branch")
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head, before=runner.base)
    done = runner.run("push", payload)
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert "comment on #2: created" in done.out
    assert len(runner.fake.ours(PR)) == 1
    assert runner.fake.ours(9) == []


def test_push_of_a_new_branch_without_pull_request(runner: Runner) -> None:
    payload = runner.event("push.new-branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    runner.fake.pulls.clear()
    done = runner.run("push", payload)
    assert done.code == 0, done.out
    assert done.outputs["packets"] == "1"
    assert runner.fake.writes() == []


def test_merge_queue_audits_the_merge_and_never_comments(runner: Runner) -> None:
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(head_sha=runner.head, base_sha=runner.base)
    done = runner.run("merge_group", payload)
    assert done.code == 1
    assert done.outputs["blocked"] == "true"
    assert runner.fake.requests == []


def test_comment_false_posts_nothing(runner: Runner) -> None:
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1
    assert runner.fake.requests == []


def test_inputs_override_the_configuration(runner: Runner) -> None:
    payload = runner.pull_request()
    protected = runner.run("pull_request", payload, protected_branches="main")
    assert protected.outputs["blocked"] == "true"
    # The repository's default branch always counts as protected in a pull request.
    payload["repository"]["default_branch"] = "develop"
    done = runner.run("pull_request", payload, protected_branches="release/*, stable")
    assert done.outputs["blocked"] == "false"
    assert done.code == 0, done.out
    never = runner.run("pull_request", payload, protected_branches="stable", fail_on=" never ")
    assert never.code == 0


def test_fail_on_warning(runner: Runner) -> None:
    data = packet_data(
        branch=BRANCH, last_known_good_commit=runner.head, verdict_pointer="reports/missing.xml"
    )
    runner.repo.write("handoff.json", data)
    runner.repo.write("handoff.md", render_packet(data))
    head = runner.repo.commit("point at a missing report")
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=head)
    lenient = runner.run("push", payload, comment="false")
    assert (lenient.outputs["errors"], lenient.outputs["warnings"]) == ("0", "1")
    assert lenient.code == 0
    assert "::warning file=handoff.json" in lenient.out
    strict = runner.run("push", payload, comment="false", fail_on="WARNING")
    assert strict.code == 1


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("FAIL-ON", "sometimes", "input fail-on: 'sometimes' is not accepted"),
        ("COMMENT", "yes", "input comment: 'yes' is not a boolean"),
        ("MAX-COMMITS-BEHIND", "ten", "input max-commits-behind: 'ten' is not a whole number"),
        ("PATH", "../elsewhere", "is outside the workspace"),
    ],
)
def test_invalid_input_is_a_one_line_error(
    runner: Runner, run_cli: Callable[..., Any], name: str, value: str, message: str
) -> None:
    runner.run("pull_request", runner.pull_request())  # sets up the environment
    runner.mp.setenv(f"INPUT_{name}", value)
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2
    assert message in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "::error title=handoff-audit%3A input::" in result.out
