"""A credential that only its JSON member's name marks as one (``"synthesisApiKey": "sk-…"``)
in a discovered JSON file of any shape is a `secret` finding at its line, as the same line in a
HANDOFF.md is, and its value is never echoed (the review rev56-1, finding 3)."""

from __future__ import annotations

import json
from collections.abc import Callable

from conftest import GitRepo, Result

KEY = "sk-synth-4f7a9c2e81b64d0a9e3f5c7b2d8a6e1f"
LINES = (
    "{\n"
    '  "lastCompletedStep": 7,\n'
    '  "completedSteps": ["synthesis_registration", "wallet_generation"],\n'
    f'  "synthesisApiKey": "{KEY}",\n'
    '  "synthesisParticipantId": "ff00e7cb677f4ae1a5bf2d5d08c1d5d1"\n'
    "}\n"
)


def _secrets(run_cli: Callable[..., Result], root: object) -> list[tuple[str, int]]:
    result = run_cli(["check", "--format", "json"], cwd=root)
    assert result.code == 1, result.out + result.err
    assert KEY not in result.out and KEY not in result.err
    found = result.json()["findings"]
    return [(f["path"], f["line"]) for f in found if f["rule"] == "secret"]


def test_a_credential_named_by_its_member_in_another_tools_json_is_found(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write("handoff.json", LINES)
    git_repo.commit("state")
    assert _secrets(run_cli, git_repo.root) == [("handoff.json", 4)]
    text = run_cli(["check"], cwd=git_repo.root)
    assert "handoff.json:4:" in text.out and "secret" in text.out and KEY not in text.out


def test_a_credential_named_by_its_member_in_invalid_json_is_found(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write("handoff.json", LINES.replace('"completedSteps"', "completedSteps"))
    git_repo.commit("state")
    assert ("handoff.json", 4) in _secrets(run_cli, git_repo.root)


def test_a_credential_in_a_packet_is_reported_once(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    packet = {
        "branch": "main",
        "summary": "Rotated the synthesis key.",
        "next_action": f"export SYNTHESIS_API_KEY={KEY} and rerun make deploy",
        "last_known_good_commit": None,
        "status": "active",
    }
    git_repo.write("handoff.json", json.dumps(packet, indent=2) + "\n")
    git_repo.commit("state")
    assert _secrets(run_cli, git_repo.root) == [("handoff.json", 4)]


def test_a_credential_in_markdown_that_is_no_handoff_is_found(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write(
        "HANDOFF.md",
        "# How to write a handoff\n\n"
        "Before ending the session, write a handoff in docs/handoffs/.\n"
        "The handoff should include the current state, the next step and decisions.\n"
        "Create a new file named with today's date.\n"
        "Use this template and fill in each section.\n"
        f'Set "synthesisApiKey": "{KEY}" in the environment first.\n',
    )
    git_repo.commit("guide")
    git_repo.git("switch", "-q", "-c", "feat/guide")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert "not-a-handoff" in {f["rule"] for f in result.json()["findings"]}, result.out
    assert _secrets(run_cli, git_repo.root) == [("HANDOFF.md", 7)]
