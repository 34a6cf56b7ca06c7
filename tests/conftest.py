"""Shared fixtures: real temporary git repositories and the real CLI run in-process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from action_runner import Runner, runner_world
from handoff_audit.cli.main import main

# Property tests: no per-example deadline (a loaded machine is slow, not wrong). In CI the same
# examples run every time, so a red run can be reproduced; elsewhere each run explores new ones.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Tests must never depend on the developer's git identity, config or clock zone. Git's global
# configuration is an empty file of the test session (`global_git_config`).
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "TZ": "UTC",
}


@pytest.fixture(scope="session", autouse=True)
def global_git_config(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Git's global configuration for the session: an empty file, never os.devnull, which
    `git config --global` run as root replaces by renaming its lock file over it. With it, the
    session's git identity (`GIT_ENV`): module- and session-scoped fixtures run before each
    test's own environment is set, and must not fall back on the developer's."""
    config = tmp_path_factory.mktemp("git-global") / "config"
    config.write_bytes(b"")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GIT_CONFIG_GLOBAL", str(config))
        for key, value in GIT_ENV.items():
            patch.setenv(key, value)
        yield config


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, global_git_config: Path) -> None:
    global_git_config.write_bytes(b"")  # each test starts with no global configuration
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(global_git_config))
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    for key in list(os.environ):
        if key.startswith(("GITHUB_", "INPUT_")) or key in {"NO_COLOR", "FORCE_COLOR"}:
            monkeypatch.delenv(key, raising=False)
    # handoff-audit on PATH, as after `pip install` (pytest may run without the venv's bin):
    # the commands the hook prints name it by its absolute path otherwise.
    bin_dir = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", bin_dir + os.pathsep + os.environ.get("PATH", ""))


class GitRepo:
    """A real git repository in a temporary folder."""

    def __init__(self, root: Path, branch: str = "main") -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", branch)

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=self.root, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    def write(self, path: str, content: str | bytes | dict[str, Any]) -> Path:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, dict):
            content = json.dumps(content, indent=2) + "\n"
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
        return target

    def commit(self, message: str = "work", date: str | None = None) -> str:
        """Commit everything; ``date`` like ``2026-01-01T00:00:00Z`` sets both dates."""
        self.git("add", "-A")
        env = {}
        if date:
            env = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
        subprocess.run(
            ["git", "commit", "-q", "--allow-empty", "-m", message],
            cwd=self.root,
            check=True,
            env={**os.environ, **env},
        )
        return self.head()

    def head(self) -> str:
        return self.git("rev-parse", "HEAD")


def handoff_on_branch(
    repo: GitRepo, name: str, text: str, *, base: tuple[str, str] | None = None
) -> None:
    """``text`` committed as ``name`` on ``feat/x``, branched from one commit on ``main`` (on
    ``main`` the merge gate speaks) that holds ``base`` (a path and its text) when given."""
    if base is not None:
        repo.write(*base)
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/x")
    repo.write(name, text)
    repo.commit("handoff")


@pytest.fixture
def git_repo(tmp_path: Path) -> GitRepo:
    """An empty git repository on branch ``main``."""
    return GitRepo(tmp_path / "repo")


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def run_cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., Result]]:
    """Run the real CLI in-process: ``run_cli(["check", "."], cwd=path)``."""

    def run(args: list[str], cwd: Path | None = None) -> Result:
        if cwd is not None:
            monkeypatch.chdir(cwd)
        capsys.readouterr()
        code = main(args)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    yield run


@pytest.fixture
def audit_handoff(git_repo: GitRepo, run_cli: Callable[..., Result]) -> Callable[[str], list[str]]:
    """Commit ``text`` as ``HANDOFF.md``, run ``check --format json`` and return the rule of each
    finding: ``audit_handoff(text) -> ["not-a-handoff", ...]``."""

    def audit(text: str) -> list[str]:
        (Path(git_repo.root) / "HANDOFF.md").write_text(text, encoding="utf-8")
        git_repo.commit()
        result = run_cli(["check", "--format", "json", "--branch", "feat/x"], cwd=git_repo.root)
        assert result.code in (0, 1), result.err
        return [finding["rule"] for finding in result.json()["findings"]]

    return audit


def check_refused(run_cli: Callable[..., Result], root: Path, message: str) -> Result:
    """Run `check` in `root`: it stops with exit 2 and one line of error that says `message`."""
    done = run_cli(["check"], cwd=root)
    assert done.code == 2, done.out
    assert done.err.count("\n") == 1
    assert message in done.err
    return done


@pytest.fixture
def runner(tmp_path: Path, git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch) -> Iterator[Runner]:
    """A runner's workspace for ``handoff-audit ci`` with a fake GitHub (`runner_world`)."""
    with runner_world(tmp_path, git_repo, monkeypatch) as world:
        yield world


def unread_files(result: Result) -> dict[str, str]:
    """The files a ``check --format json`` run that failed could not read (its ``invalid-json``
    findings): path -> message."""
    assert result.code == 1, (result.out, result.err)
    findings = result.json()["findings"]
    return {f["path"]: f["message"] for f in findings if f["rule"] == "invalid-json"}
