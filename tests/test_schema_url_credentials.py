"""A password in a configured `schema:` URL never reaches an error message: `check` and the
Action's log name the URL with its credential redacted, as the hook already did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from action_runner import Runner
from core_packets import packet, write_packet

PASSWORD = "s3cretpass"
# Port 9 on this machine: refused at once, and nothing leaves it.
UNREACHABLE = f"https://deploy:{PASSWORD}@127.0.0.1:9/handoff.json"


def _check(run_cli: Any, repo: Path, url: str) -> Any:
    write_packet(repo, packet(), twin=False)
    (repo / ".handoff-audit.yml").write_text(f"schema: {url}\n")
    return run_cli(["check", "--format", "json"], cwd=repo)


def test_an_unreachable_schema_url_is_named_without_its_password(
    run_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = _check(run_cli, tmp_path / "repo", UNREACHABLE)
    assert result.code == 2, result.err
    assert "cannot be fetched" in result.err
    assert "https://deploy:[redacted" in result.err and "@127.0.0.1:9/handoff.json" in result.err
    assert PASSWORD not in result.out + result.err


def test_a_plain_http_schema_url_is_refused_without_its_password(
    run_cli: Any, tmp_path: Path
) -> None:
    url = f"http://deploy:{PASSWORD}@schemas.example.invalid/handoff.json"
    result = _check(run_cli, tmp_path / "repo", url)
    assert result.code == 2, result.err
    assert ".handoff-audit.yml: schema 'http://deploy:[redacted" in result.err
    assert "plain http is refused" in result.err
    assert PASSWORD not in result.out + result.err


def test_ci_names_an_unreachable_schema_url_without_its_password(
    runner: Runner, run_cli: Any
) -> None:
    runner.run("pull_request", runner.pull_request())  # sets up the runner's environment
    runner.mp.setenv("XDG_CACHE_HOME", str(runner.tmp / "cache"))
    runner.repo.write(".handoff-audit.yml", f"schema: {UNREACHABLE}\n")
    runner.repo.commit("a schema behind a password")
    result = run_cli(["ci"], cwd=runner.repo.root)
    assert result.code == 2, result.err
    assert "::error title=handoff-audit%3A input::" in result.out
    assert "schema https://deploy:[redacted" in result.out
    assert "cannot be fetched" in result.err
    assert PASSWORD not in result.out + result.err
