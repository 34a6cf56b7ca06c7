"""Helpers shared by the tests of the git-aware rules (tests/test_git_*.py)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo, Result

GIT_RULES = frozenset(
    {
        "lkg-unknown",
        "lkg-behind",
        "packet-outdated",
        "handoff-outdated",
        "packet-age",
        "history-unavailable",
        "dangling-pointer",
        "branch-mismatch",
        "multiple-active",
        "handoff-in-merge",
        "active-in-merge",
    }
)


def packet(branch: str = "main", lkg: str = "0" * 40, **fields: Any) -> dict[str, Any]:
    """A schema-valid active packet; ``fields`` override or add."""
    data: dict[str, Any] = {
        "schema_version": "1",
        "branch": branch,
        "last_known_good_commit": lkg,
        "status": "active",
        "summary": "Refund rounding fixed for EUR; GBP still open.",
        "changed_files": [],
        "commands_run": [{"cmd": "pytest -q", "exit": 0}],
        "failed_attempts": [],
        "open_risks": [],
        "next_action": "Fix GBP rounding in src/refund.py.",
        "verdict_pointer": "https://ci.example.com/run/1",
    }
    data.update(fields)
    return data


def check(run_cli: Callable[..., Any], root: Path, *args: str) -> dict[str, Any]:
    """Run ``handoff-audit check --format json ARGS`` in ``root``; the parsed report."""
    result = run_cli(["check", "--format", "json", *args], cwd=root)
    assert result.code in (0, 1), result.err
    report: dict[str, Any] = json.loads(result.out)
    return report


def hits(report: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    """The findings of one rule."""
    return [f for f in report["findings"] if f["rule"] == rule]


def git_findings(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The findings of the git-aware rules only."""
    return [f for f in report["findings"] if f["rule"] in GIT_RULES]


def committed_secret_is_found_once(
    run_cli: Callable[..., Any],
    repo: Any,
    files: dict[str, bytes],
    where: tuple[str, int, int],
    token: str,
) -> None:
    """Commit ``files`` in ``repo`` (a `conftest.GitRepo`) and assert that `check` reports one
    `secret` finding, at ``where`` (path, line, column), in the JSON report and the text, and
    that no output holds ``token`` or a piece of it."""
    for name, content in files.items():
        repo.write(name, content)
    repo.commit("notes")
    report = check(run_cli, repo.root)
    assert [(f["path"], f["line"], f["column"]) for f in hits(report, "secret")] == [where]
    text = run_cli(["check"], cwd=repo.root)
    assert text.code == 1
    assert f"{where[0]}:{where[1]}:{where[2]}: secret: line {where[1]} contains" in text.out
    for output in (text.out, text.err, str(report)):
        assert token not in output and token[4:20] not in output


def refunds_branch(repo: GitRepo) -> None:
    """``main`` with one commit (``src/refund.py``), and ``feat/refunds`` checked out from it."""
    repo.write("src/refund.py", "def refund(): ...\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/refunds")


def merge_blocked(run_cli: Any, root: Any) -> list[tuple[str, str]]:
    """What the merge gate blocks in ``root`` (`check --target-branch main`): the sorted
    ``(rule, path)`` of its ``*-in-merge`` findings."""
    done: Result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=root)
    findings = done.json()["findings"]
    return sorted((f["rule"], f["path"]) for f in findings if f["rule"].endswith("-in-merge"))


def git(root: Path, *args: str) -> str:
    """Run git in ``root`` (test setup only) and return its output."""
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2) + "\n"


def record_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, end: str) -> Path:
    """Put a wrapper in front of the real git that appends each call's arguments to the log it
    returns, each argument ending in ``\\036`` and each call in ``end``."""
    real = shutil.which("git")
    assert real
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "git-args.log"
    wrapper = folder / "git"
    wrapper.write_text(
        "#!/bin/sh\n"
        f'for a in "$@"; do printf "%s\\036" "$a"; done >> "{log}"\n'
        f'printf "{end}" >> "{log}"\n'
        f'exec "{real}" "$@"\n'
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return log
