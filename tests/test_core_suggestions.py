"""Schema messages suggest a known field only when the suggestion is plausible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Result


def _messages(run_cli, tmp_path: Path, packet: dict[str, object]) -> list[str]:  # type: ignore[no-untyped-def]
    (tmp_path / "handoff.json").write_text(json.dumps(packet, indent=2), encoding="utf-8")
    result: Result = run_cli(["check", "--select", "schema", "--format", "json", "."], cwd=tmp_path)
    assert result.code == 1, result.err
    return [f["message"] for f in result.json()["findings"]]


@pytest.mark.parametrize(
    ("key", "suggestion"),
    [
        ("nxt_action", "next_action"),
        ("last_commit", "last_known_good_commit"),
        ("files_changed", "changed_files"),
        ("risks", "open_risks"),
        ("version", "schema_version"),
    ],
)
def test_unknown_field_suggests_a_plausible_known_one(run_cli, tmp_path, key, suggestion) -> None:  # type: ignore[no-untyped-def]
    # With a required field the file is a packet with a misspelt key; {"version": "x"} alone,
    # like any other tool's file with a "version", is another shape (its one finding says so).
    messages = _messages(run_cli, tmp_path, {"summary": "Did it.", key: "x"})
    unknown = [m for m in messages if m.startswith(f'unknown field "{key}"')]
    assert len(unknown) == 1
    assert f'did you mean "{suggestion}"?' in unknown[0]


@pytest.mark.parametrize("key", ["description", "tasks", "interfaces", "design", "lastError"])
def test_unknown_field_without_a_plausible_match_suggests_nothing(run_cli, tmp_path, key) -> None:  # type: ignore[no-untyped-def]
    # With "branch" the file is a v1 packet with a stray key; alone, {key: "x"} is a file in
    # another shape and gets the one "not a handoff packet in this tool's shape" finding.
    messages = _messages(run_cli, tmp_path, {"branch": "main", key: "x"})
    unknown = [m for m in messages if m.startswith(f'unknown field "{key}"')]
    assert len(unknown) == 1
    assert "did you mean" not in unknown[0]


def test_enum_given_another_type_says_the_type(run_cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    messages = _messages(run_cli, tmp_path, {"status": {"lint": "pass"}})
    assert "status: expected one of active, superseded, archived, got an object" in messages
