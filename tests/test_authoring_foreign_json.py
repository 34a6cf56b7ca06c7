"""A JSON file with a ``branch`` and a ``status`` is not a packet unless it is one: no writer
changes it (`new`, `update`, `supersede`, `archive`, `render --write`), and none reads it as one
(`render` prints no Python value of it). Each refusal is one line: the file, why it is no packet,
and what to do."""

from __future__ import annotations

import json
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch
from core_packets import packet

IN_PROGRESS = {"branch": "main", "status": "in progress", "notes": "keep me"}
"""A status file of another kind: its own status word, none of the packet's fields."""

CI_RESULTS = {
    "project": "geocompare",
    "branch": "master",
    "last_commit": "9d11bd7",
    "status": {"lint_status": "pass", "test_status": "pass (26 passed)"},
    "next_tasks": ["Add CLI integration tests for --where"],
}
"""Another tool's handoff, in the shape of one found in a public repository: its ``status``
holds the lint, test and build results."""

WHY = {
    "in progress": '"status" is "in progress", not active, superseded or archived',
    "ci results": '"status" is an object, not active, superseded or archived',
}
FILES = {"in progress": IN_PROGRESS, "ci results": CI_RESULTS}

COMMANDS = {
    "new": NEW,
    "archive": ["archive", "handoff.json"],
    "supersede": ["supersede", "handoff.json", "--by", "next.json"],
    "update": ["update", "handoff.json", "--summary", "Refunds stored."],
    "render": ["render", "handoff.json"],
    "render --write": ["render", "--write", "handoff.json"],
    "render --check": ["render", "--check", "handoff.json"],
}
FIX = {"new": "--output FILE"}
"""The fix each refusal names; the commands given the file name a packet `new` wrote."""


@pytest.fixture
def repo(git_repo: Any) -> Any:
    return on_feature_branch(git_repo)


@pytest.mark.parametrize("kind", FILES)
@pytest.mark.parametrize("command", COMMANDS)
def test_no_command_changes_or_reads_a_json_file_that_only_has_branch_and_status(
    repo: Any, run_cli: Any, command: str, kind: str
) -> None:
    user_file = repo.write("handoff.json", FILES[kind])
    repo.commit("the project's own status file")
    before = user_file.read_bytes()
    result = run_cli(COMMANDS[command], cwd=repo.root)
    assert result.code == 2, result.err
    assert user_file.read_bytes() == before
    assert not (repo.root / "handoff.md").exists()
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("handoff-audit: error: handoff.json")
    assert "not a handoff packet" in lines[0] and WHY[kind] in lines[0]
    assert FIX.get(command, "a packet written by `handoff-audit new`") in lines[0]
    assert "{'" not in result.err + result.out  # no Python value reaches the user


def test_update_takes_no_json_file_that_claims_the_branch_active_for_its_packet(
    repo: Any, run_cli: Any
) -> None:
    deployment = repo.write(
        "handoff.json", {"branch": "feat/refunds", "status": "active", "deployed_to": "staging"}
    )
    repo.commit("a deployment record")
    before = deployment.read_bytes()
    for command in (["update", "--summary", "Refunds stored."], ["archive"], ["supersede"]):
        result = run_cli(command, cwd=repo.root)
        assert result.code == 2, result.err
        assert "has no active packet" in result.err
    started = run_cli(NEW, cwd=repo.root)
    assert started.code == 2
    assert '"last_known_good_commit"' in started.err and "--output FILE" in started.err
    assert deployment.read_bytes() == before
    assert not (repo.root / "handoff.md").exists()


@pytest.mark.parametrize("kind", FILES)
def test_update_without_packet_names_the_json_file_it_did_not_take_and_why(
    repo: Any, run_cli: Any, kind: str
) -> None:
    user_file = repo.write("handoff.json", {**FILES[kind], "branch": "feat/refunds"})
    repo.commit("another tool's handoff")
    before = user_file.read_bytes()
    result = run_cli(["update", "--summary", "Refunds stored."], cwd=repo.root)
    assert result.code == 2, result.err
    [line] = result.err.splitlines()
    assert line.startswith(
        "handoff-audit: error: branch 'feat/refunds' topic 'default' has no active packet to "
        "update; handoff.json was not taken (left unchanged): not a handoff packet ("
    ), line
    assert WHY[kind] in line and "`handoff-audit new --output FILE`" in line
    assert user_file.read_bytes() == before
    assert not (repo.root / "handoff.md").exists()
    # The advice runs: the packet is written elsewhere, the user's file stays as it was.
    started = run_cli([*NEW, "--output", ".handoff/refunds.json"], cwd=repo.root)
    assert started.code == 0, started.err
    assert user_file.read_bytes() == before


def test_a_packet_with_every_required_field_is_still_changed_despite_other_schema_errors(
    repo: Any, run_cli: Any
) -> None:
    broken = packet(branch="feat/refunds", open_risks=[{"what": "overdraw", "severity": "bad"}])
    repo.write("handoff.json", broken)
    repo.commit("a packet with a schema error")
    result = run_cli(["archive", "handoff.json"], cwd=repo.root)
    assert result.code == 0, result.err
    assert json.loads((repo.root / "handoff.json").read_text())["status"] == "archived"


@pytest.mark.parametrize(
    ("field", "option"),
    [
        ("summary", "--summary"),
        ("next_action", "--next-action"),
        ("verdict_pointer", "--verdict-pointer"),
    ],
)
def test_a_packet_without_a_field_update_sets_is_a_packet_the_hooks_fix_can_complete(
    repo: Any, run_cli: Any, field: str, option: str
) -> None:
    # `hook` answers a missing field with `handoff-audit update PACKET --next-action "…"`.
    unfinished = packet(branch="feat/refunds", last_known_good_commit=repo.head())
    del unfinished[field]
    repo.write("handoff.json", unfinished)
    repo.commit("a packet still being written")
    result = run_cli(["update", "handoff.json", option, "Filled in."], cwd=repo.root)
    assert result.code == 0, result.err
    assert json.loads((repo.root / "handoff.json").read_text())[field] == "Filled in."
