"""Packets for the core auditor's tests: a valid one, and writers that put it on disk."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

CONTENT_RULES = "invalid-json,schema,placeholder,secret"
"""``--select`` value that keeps a test to the rules of the core auditor."""

VALID: dict[str, Any] = {
    "schema_version": "1",
    "title": "Refund endpoint",
    "branch": "feat/refunds",
    "last_known_good_commit": "a91c33f",
    "status": "active",
    "summary": "Added POST /refunds with validation; the happy path is tested.",
    "changed_files": ["src/refunds.py", "tests/test_refunds.py"],
    "commands_run": [
        {"cmd": "pytest -q tests/test_refunds.py", "exit": 0},
        {"cmd": "pytest -q", "exit": 1, "note": "ledger concurrency test fails"},
    ],
    "failed_attempts": ["SKIP LOCKED on the ledger row", {"what": "retry loop", "why": "livelock"}],
    "open_risks": [{"what": "concurrent refunds can overdraw", "severity": "high"}],
    "next_action": "Lock the ledger row in create_refund, then run the concurrency test alone.",
    "verdict_pointer": "reports/pytest.txt",
    "decisions": [{"decision": "one transaction", "why": "a crash left orphan refunds"}],
    "ruled_out": [{"what": "a job queue", "why": "the refund must be synchronous"}],
    "traps": ["the test database is shared between workers"],
    "pointers": ["src/refunds.py:42"],
    "x-team": {"anything": ["goes", 1]},
}


def packet(**changes: Any) -> dict[str, Any]:
    """A deep copy of `VALID` with ``changes`` applied; a value of ``...`` removes the field."""
    data = copy.deepcopy(VALID)
    for key, value in changes.items():
        if value is ...:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def write_packet(folder: Path, data: Any, name: str = "handoff.json", twin: bool = True) -> Path:
    """Write ``data`` as indented JSON (and its rendered twin) and return the JSON path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if twin and isinstance(data, dict):
        from handoff_audit.markdown import render_packet

        path.with_suffix(".md").write_text(render_packet(data), encoding="utf-8")
    return path


def rules_of(result: Any) -> list[str]:
    """The rule ids of a ``--format json`` run's findings, in order."""
    return [finding["rule"] for finding in result.json()["findings"]]
