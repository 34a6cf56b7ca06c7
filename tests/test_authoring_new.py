"""`handoff-audit new` in real git repositories."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from handoff_audit.markdown import render_packet

REQUIRED = ["--summary", "Idempotency keys stored.", "--verdict-pointer", "reports/junit.xml"]


def _new(run_cli: Any, repo: Any, *args: str) -> Any:
    return run_cli(
        ["new", *REQUIRED, "--next-action", "Fix the duplicate check.", *args], cwd=repo.root
    )


@pytest.fixture
def repo(git_repo: Any) -> Any:
    git_repo.write("src/app.py", "print('hi')\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    return git_repo


def test_writes_packet_and_twin_from_git(repo: Any, run_cli: Any) -> None:
    lkg = repo.head()
    repo.write("src/refunds.py", "x = 1\n")
    repo.commit("refunds")
    repo.write("src/app.py", "print('changed')\n")
    result = _new(
        run_cli,
        repo,
        "--title",
        "Refunds",
        "--last-known-good",
        lkg,
        "--target-branch",
        "main",
        "--risk",
        "old clients retry:high",
        "--decision",
        "key in a header:the body is signed",
        "--ruled-out",
        "a lock per refund:deadlocks",
        "--failed",
        "retrying in the client",
        "--trap",
        "the sandbox API ignores keys",
        "--pointer",
        "src/refunds.py:1",
    )
    assert result.code == 0, result.err
    data = json.loads((repo.root / "handoff.json").read_text())
    assert data["branch"] == "feat/refunds"
    assert data["last_known_good_commit"] == lkg
    assert data["status"] == "active"
    assert data["changed_files"] == ["src/app.py", "src/refunds.py"]
    assert data["open_risks"] == [{"what": "old clients retry", "severity": "high"}]
    assert data["decisions"] == [{"decision": "key in a header", "why": "the body is signed"}]
    assert data["ruled_out"] == [{"what": "a lock per refund", "why": "deadlocks"}]
    assert data["failed_attempts"] == ["retrying in the client"]
    assert (repo.root / "handoff.md").read_text() == render_packet(data)
    check = run_cli(
        ["check", "--select", "schema,md-missing,md-mismatch,placeholder", "."], cwd=repo.root
    )
    assert check.code == 0, check.out


def test_defaults_are_head_and_the_work_tree(repo: Any, run_cli: Any) -> None:
    repo.write("new.txt", "untracked\n")
    assert _new(run_cli, repo).code == 0
    data = json.loads((repo.root / "handoff.json").read_text())
    assert data["last_known_good_commit"] == repo.head()
    assert data["changed_files"] == ["new.txt"]


def test_refuses_without_next_action(repo: Any, run_cli: Any) -> None:
    result = run_cli(["new", *REQUIRED], cwd=repo.root)
    assert result.code == 2
    assert "--next-action" in result.err and "status report" in result.err
    assert "Traceback" not in result.err
    blank = run_cli(["new", *REQUIRED, "--next-action", "  "], cwd=repo.root)
    assert blank.code == 2
    assert not (repo.root / "handoff.json").exists()


def test_same_inputs_give_identical_files(repo: Any, run_cli: Any) -> None:
    repo.write("src/app.py", "print('changed')\n")
    assert _new(run_cli, repo, "--topic", "refund").code == 0
    packet = repo.root / ".handoff" / "refund.json"
    first = (packet.read_bytes(), packet.with_suffix(".md").read_bytes())
    again = _new(run_cli, repo, "--topic", "refund")
    assert again.code == 0
    assert "unchanged" in again.err
    assert (packet.read_bytes(), packet.with_suffix(".md").read_bytes()) == first
    assert json.loads(first[0])["changed_files"] == ["src/app.py"]


def test_log_keeps_the_last_entries_and_every_failure(repo: Any, run_cli: Any) -> None:
    entries = [{"cmd": f"step {i}", "exit": 1 if i in (0, 3) else 0} for i in range(12)]
    entries[3]["note"] = "flaky"
    log = repo.root.parent / "log.jsonl"
    log.write_text("\n".join(json.dumps(e) for e in entries) + "\n\n")
    assert _new(run_cli, repo, "--log", str(log)).code == 0
    data = json.loads((repo.root / "handoff.json").read_text())
    assert [c["cmd"] for c in data["commands_run"]] == [
        "step 0",
        "step 3",
        "step 7",
        "step 8",
        "step 9",
        "step 10",
        "step 11",
    ]
    assert data["commands_run"][1] == {"cmd": "step 3", "exit": 1, "note": "flaky"}
    check = run_cli(["check", "--select", "log-untrimmed", "."], cwd=repo.root)
    assert check.code == 0 and "log-untrimmed" not in check.out


def test_bad_log_line_is_a_one_line_error(repo: Any, run_cli: Any) -> None:
    log = repo.root.parent / "log.jsonl"
    log.write_text('{"cmd": "make", "exit": 0}\n{"cmd": "pytest", "exit": "one"}\n')
    result = _new(run_cli, repo, "--log", str(log))
    assert result.code == 2
    assert f"{log}:2" in result.err and '"exit" must be an integer' in result.err


def test_new_supersedes_the_old_active_packet(repo: Any, run_cli: Any) -> None:
    assert _new(run_cli, repo, "--topic", "refund").code == 0
    result = _new(run_cli, repo, "--topic", "refund", "--output", "refund-v2.json")
    assert result.code == 0, result.err
    old = json.loads((repo.root / ".handoff/refund.json").read_text())
    assert old["status"] == "superseded"
    assert old["superseded_by"] == "refund-v2.json"
    assert (repo.root / ".handoff/refund.md").read_text() == render_packet(old)
    assert "superseded .handoff/refund.json" in result.err
    new = json.loads((repo.root / "refund-v2.json").read_text())
    assert new["status"] == "active"
    check = run_cli(["check", "--select", "multiple-active,md-mismatch", "."], cwd=repo.root)
    assert check.code == 0, check.out


def test_refuses_to_overwrite_a_packet_it_does_not_supersede(repo: Any, run_cli: Any) -> None:
    other = {"branch": "feat/other", "status": "active", "summary": "s"}
    repo.write("handoff.json", other)
    before = (repo.root / "handoff.json").read_bytes()
    result = _new(run_cli, repo)
    assert result.code == 2
    assert "will not overwrite" in result.err
    assert (repo.root / "handoff.json").read_bytes() == before
    repo.write("handoff.json", "not json at all")
    result = _new(run_cli, repo)
    assert result.code == 2 and "will not overwrite" in result.err
    assert (repo.root / "handoff.json").read_text() == "not json at all"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--risk", "no severity"], "what:severity"),
        (["--risk", "db:urgent"], "what:severity"),
        (["--decision", "no reason"], "what:why"),
        (["--topic", "../escape"], "--topic"),
        (["--topic", "a/../../b"], "--topic"),
        (["--output", "packet.txt"], "ends in .json"),
        (["--last-known-good", "deadbeef"], "no commit here"),
        (["--target-branch", "nope"], "no branch or commit"),
        (["--target-branch", "--upload-pack=x"], "not a usable branch"),
    ],
)
def test_bad_options_are_one_line_errors(
    repo: Any, run_cli: Any, args: list[str], message: str
) -> None:
    result = _new(run_cli, repo, *args)
    assert result.code == 2
    assert message in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not (repo.root / "handoff.json").exists()


def test_outside_git_and_detached_head(tmp_path: Path, repo: Any, run_cli: Any) -> None:
    outside = tmp_path / "plain"
    outside.mkdir()
    result = run_cli(["new", *REQUIRED, "--next-action", "x"], cwd=outside)
    assert result.code == 2 and "not inside a git repository" in result.err
    repo.git("checkout", "-q", "--detach")
    result = _new(run_cli, repo)
    assert result.code == 2 and "--branch" in result.err
    assert _new(run_cli, repo, "--branch", "feat/refunds").code == 0
