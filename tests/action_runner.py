"""The runner's environment for ``handoff-audit ci`` tests: a workspace with a feature branch
carrying an active packet, GitHub's event payloads, real file command files, a local GitHub API."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from action_support import packet_data
from fake_github import DATA, FakeGitHub, serve
from handoff_audit.action.api import RetryPolicy
from handoff_audit.action.ci import run_ci
from handoff_audit.markdown import render_packet

if TYPE_CHECKING:  # conftest imports this module for its `runner` fixture
    from conftest import GitRepo

EVENTS = DATA / "events"
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
        self,
        event_name: str,
        payload: dict[str, Any],
        token: str = "bot-token",
        actions: str = "true",
        replace_files_with_folders: bool = False,
        home_owner: int | None = None,
        workspace: Path | None = None,
        **inputs: str,
    ) -> Run:
        folder = self.tmp / f"runner-{len(list(self.tmp.glob('runner-*')))}"
        (folder / "workflow").mkdir(parents=True)
        (folder / "file_commands").mkdir()
        (folder / "home").mkdir()
        if home_owner is not None:  # the runner's user, when the tests run as root
            os.chown(folder / "home", home_owner, home_owner)
        event_path = folder / "workflow" / "event.json"
        event_path.write_text(json.dumps(payload), encoding="utf-8")
        output = folder / "file_commands" / "set_output_1"
        summary = folder / "file_commands" / "step_summary_1"
        for file in (output, summary):
            file.mkdir() if replace_files_with_folders else file.touch()
        env = {
            "GITHUB_ACTIONS": actions,
            "CI": "true",
            "GITHUB_EVENT_NAME": event_name,
            "GITHUB_EVENT_PATH": str(event_path),
            "GITHUB_REPOSITORY": f"{self.fake.owner}/{self.fake.repo}",
            "GITHUB_API_URL": self.api,
            "GITHUB_WORKSPACE": str(workspace or self.repo.root),
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
        self.mp.chdir(workspace or self.repo.root)
        out = io.StringIO()
        policy = RetryPolicy(sleep=self.sleeps.append, write_interval=None)
        code = run_ci(policy=policy, out=out)
        return Run(
            code,
            out.getvalue(),
            parse_file_command(output.read_text(encoding="utf-8")) if output.is_file() else {},
            summary.read_text(encoding="utf-8") if summary.is_file() else "",
        )

    def cli(
        self, run_cli: Callable[..., Any], event_name: str, payload: dict[str, Any], **inputs: str
    ) -> tuple[Any, dict[str, str]]:
        """``handoff-audit ci`` run by the real CLI (an input error is exit 2 and one line, not
        an exception) in the runner's environment, with ``payload`` as the event: the result
        and the step's outputs. ``comment`` is off unless given."""
        names = {f"INPUT_{key.replace('_', '-').upper()}": v for key, v in inputs.items()}
        for name in names:  # an earlier call's: the setting-up run takes none
            self.mp.delenv(name, raising=False)
        self.run("pull_request", self.pull_request(), comment="false")  # sets up the environment
        Path(os.environ["GITHUB_EVENT_PATH"]).write_text(json.dumps(payload), encoding="utf-8")
        output = Path(os.environ["GITHUB_OUTPUT"])
        output.write_text("", encoding="utf-8")
        self.mp.setenv("GITHUB_EVENT_NAME", event_name)
        for name, value in {"INPUT_COMMENT": "false", **names}.items():
            self.mp.setenv(name, value)
        result = run_cli(["ci"], cwd=self.repo.root)
        return result, parse_file_command(output.read_text(encoding="utf-8"))

    def pull_request(self, name: str = "pull_request.opened.json") -> dict[str, Any]:
        payload = self.event(name)
        pr = payload["pull_request"]
        pr["head"]["sha"], pr["head"]["ref"] = self.head, BRANCH
        pr["base"]["sha"], pr["base"]["ref"] = self.base, "main"
        return payload


@contextmanager
def runner_world(tmp_path: Path, git_repo: GitRepo, monkeypatch: Any) -> Iterator[Runner]:
    """A `Runner` with a fake GitHub serving pull request #2 from the feature branch."""
    fake = FakeGitHub()
    with serve(fake) as url:
        runner = Runner(tmp_path, git_repo, fake, url, monkeypatch)
        fake.add_pull(PR, BRANCH, base_sha=runner.base)
        yield runner
    assert fake.violations == []
