"""A realistic brief carries every fact a fresh session needs, within the budget, next step first.

The case (a course on session handoffs uses it): a report export writes a report created at
midnight on 1 March in Auckland as 11:00 on 28 February (UTC). The packet holds what a session
learnt; each of those facts must reach the brief `show` prints and the one `SessionStart` hands
over, even when the packet also holds enough pointers and commands to overflow the budget.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent_support import run_hook
from conftest import GitRepo, Result
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]
BRANCH = "fix/export-timezone"
NEXT = (
    "Undo the edit to tests/test_export.py first (it makes test_export_timezone expect the UTC "
    "time), then fix format_ts() in src/report/export.py until test_export_timezone passes."
)
FACTS = {
    "the symptom": "created at midnight on 1 March in Auckland",
    "what it becomes": "exported as 11:00 on 28 February",
    "ruled out: editing the test": "editing the test to expect the UTC time — because: that "
    "hides the bug",
    "ruled out: the server's zone": "converting to the server's time zone — because: the servers "
    "run in UTC",
    "decision: own offsets": "each timestamp keeps its own offset — because: customers read "
    "local times",
    "decision: Z form": "UTC stays in the Z form — because: the billing import reads only that",
    "decision: no offset": "a timestamp without an offset means UTC",
    "the failing test": "test_export_timezone",
    "where the fix goes": "format_ts()",
    "undo the test edit first": "the test edit must be undone first",
}


def auckland_packet(lkg: str, padding: int) -> dict[str, Any]:
    return {
        "schema_version": "1",
        "title": "Report export writes Auckland midnight as the day before",
        "branch": BRANCH,
        "last_known_good_commit": lkg,
        "status": "active",
        "summary": (
            "A report created at midnight on 1 March in Auckland (2026-03-01T00:00:00+13:00) is "
            "exported as 11:00 on 28 February (2026-02-28T11:00:00Z): format_ts() converts every "
            "timestamp to UTC and drops the offset. test_export_timezone reproduces it."
        ),
        "changed_files": ["src/report/export.py", "tests/test_export.py"],
        "commands_run": [
            *({"cmd": f"pytest -q tests/test_report_{n}.py", "exit": 0} for n in range(padding)),
            {
                "cmd": "pytest tests/test_export.py::test_export_timezone",
                "exit": 1,
                "note": "expected 2026-03-01T00:00:00+13:00, got 2026-02-28T11:00:00Z",
            },
        ],
        "failed_attempts": [
            {
                "what": "Edited test_export_timezone to expect 2026-02-28T11:00:00Z",
                "why": "it passed, but only by hiding the bug; the test edit must be undone first",
            }
        ],
        "ruled_out": [
            {"what": "editing the test to expect the UTC time", "why": "that hides the bug"},
            {"what": "converting to the server's time zone", "why": "the servers run in UTC"},
        ],
        "decisions": [
            {
                "decision": "each timestamp keeps its own offset",
                "why": "customers read local times",
            },
            {"decision": "UTC stays in the Z form", "why": "the billing import reads only that"},
            {
                "decision": "a timestamp without an offset means UTC",
                "why": "rows stored before offsets were kept are UTC",
            },
        ],
        "open_risks": [
            {"what": "the billing import rejects +00:00 where it expects Z", "severity": "high"}
        ],
        "next_action": NEXT,
        "verdict_pointer": "reports/pytest-export.txt",
        "traps": ["tests/test_export.py still holds the edit that expects the UTC time"],
        "pointers": [
            "src/report/export.py:42",
            *(f"src/report/columns/column_formatter_{n}.py:{n + 1}" for n in range(padding)),
        ],
    }


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    git_repo.write("src/report/export.py", "def format_ts(ts):\n    return ts.isoformat()\n")
    git_repo.commit("report export")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    git_repo.write("tests/test_export.py", "def test_export_timezone():\n    assert True\n")
    lkg = git_repo.commit("tests: reproduce the Auckland export")
    data = auckland_packet(lkg, padding=150)
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.write("handoff.md", render_packet(data))
    git_repo.commit("handoff: the Auckland export")
    return git_repo


def assert_carries_every_fact(brief: str, budget: int) -> None:
    assert len(brief) <= budget
    missing = [name for name, fact in FACTS.items() if fact not in brief]
    assert missing == []
    # a commit after the handoff is said before its next action (the SessionStart case)
    first = 1 if brief.startswith("Stale: 1 commit since the handoff's last change (") else 0
    assert brief.splitlines()[first] == f"Next action: {NEXT}"
    order = [
        brief.index(FACTS[name]) for name in ("ruled out: editing the test", "decision: Z form")
    ]
    assert order == sorted(order)  # ruled out before decisions
    assert "Freshness (from git, not from the handoff):" in brief


def test_show_carries_every_fact_within_the_default_budget(repo: GitRepo, run_cli: Run) -> None:
    whole = run_cli(["show", "--max-chars", "0"], cwd=repo.root).out
    assert len(whole) > 6000  # the padding overflows the budget: something has to go
    brief = run_cli(["show"], cwd=repo.root).out
    assert_carries_every_fact(brief, 6000)
    assert "Shortened to fit:" in brief
    assert "src/report/columns/column_formatter_149.py" not in brief


def test_session_start_carries_every_fact_and_the_freshness(repo: GitRepo) -> None:
    repo.write("src/report/export.py", "def format_ts(ts):\n    return ts.isoformat('T')\n")
    repo.commit("export: keep the offset")
    event = {
        "session_id": "s",
        "transcript_path": None,
        "cwd": str(repo.root),
        "hook_event_name": "SessionStart",
        "source": "startup",
    }
    run = run_hook(event)
    assert run.code == 0, run.err
    brief = json.loads(run.out)["hookSpecificOutput"]["additionalContext"]
    assert_carries_every_fact(brief, 6000)
    assert brief.startswith("Stale: 1 commit since the handoff's last change (")
    assert "export: keep the offset" in brief
    assert "files they touched (the note may be wrong about them): src/report/export.py" in brief


README = Path(__file__).resolve().parent.parent / "README.md"
README_MARK = "one\ncommit after the packet was written (the real output):\n\n```text\n"


def test_the_readme_shows_the_real_output(git_repo: GitRepo, run_cli: Run) -> None:
    """The README's `show` example is what `show` prints for this history (fixed dates, so fixed
    commit ids); when the output changes on purpose, paste the new one from the failure."""
    repo = git_repo
    repo.write(
        "src/report/export.py", "def format_ts(ts):\n    return ts.astimezone(UTC).isoformat()\n"
    )
    repo.commit("report export", date="2026-11-30T09:00:00Z")
    repo.git("checkout", "-q", "-b", BRANCH)
    repo.write("tests/test_export.py", "def test_export_timezone():\n    ...\n")
    lkg = repo.commit("tests: reproduce the Auckland export", date="2026-11-30T10:00:00Z")
    data = auckland_packet(lkg, padding=0)
    data["commands_run"] = [{"cmd": "pytest -q", "exit": 0}, *data["commands_run"]]
    data["pointers"] = ["src/report/export.py:2", "tests/test_export.py"]
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff: the Auckland export", date="2026-11-30T11:00:00Z")
    repo.write("src/report/export.py", "def format_ts(ts):\n    return ts.isoformat()\n")
    repo.commit("export: keep each timestamp's offset", date="2026-11-30T12:00:00Z")
    out = run_cli(["show"], cwd=repo.root).out
    readme = README.read_text(encoding="utf-8")
    start = readme.index(README_MARK) + len(README_MARK)
    shown = readme[start : readme.index("\n```\n", start) + 1]
    assert shown == out, f"README's show example is stale; the real output:\n{out}"
