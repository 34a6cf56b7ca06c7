"""A configured `schema:` URL that cannot be fetched is a configuration problem, for the Stop
hook as for `check`: one line naming the configuration file and the fix, and the session goes
(exit 0), not an "internal error ... This is a bug"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet

BRANCH = "feat/refunds"
# Port 9 on this machine: refused at once, and nothing leaves it.
URL = "https://127.0.0.1:9/handoff.json"
SAID = f".handoff-audit.yml: schema {URL} cannot be fetched (ConnectionError); check the URL"


@pytest.fixture
def repo(git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitRepo:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    repo = feature_repo(git_repo, BRANCH)
    data = packet(BRANCH, repo.head(), changed_files=["src/refunds.py"])
    repo.write("handoff.json", data)
    repo.write("handoff.md", render_packet(data))
    repo.write(".handoff-audit.yml", f"schema: {URL}\n")
    repo.commit("handoff, and a schema on a server")
    return repo


def test_check_names_the_configuration_of_an_unreachable_schema(
    repo: GitRepo, run_cli: Any
) -> None:
    result = run_cli(["check"], cwd=repo.root)
    assert result.code == 2, result.err
    assert result.err.startswith(f"handoff-audit: error: {SAID}")
    assert result.err.count("\n") == 1


def test_the_stop_hook_reports_an_unreachable_schema_as_configuration(repo: GitRepo) -> None:
    run = run_hook(stop_event(repo.root), repo.root)
    assert (run.code, run.out) == (0, ""), run.err
    assert run.err.startswith(f"handoff-audit hook: configuration: {SAID}"), run.err
    assert "point `schema` at a file in the repository; not judging" in run.err
    assert "internal error" not in run.err and "bug" not in run.err
    assert run.err.count("\n") == 1
