"""Review 59, item b1: another tool's JSON file that the strict parser refuses for a trailing
comma or a comment (JSONC, as editors' and agents' settings are written) got `invalid-json`
and `md-missing`, while one refused for a duplicate key was already left alone. The lenient
read that tells another tool's file now takes trailing commas and comments too; our own
broken packet (a packet's fields, or its markdown twin beside it) is still `invalid-json`
with its line and column."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

TRAILING_COMMA = (
    '{\n  "world": "B",\n  "cycle": 28,\n  "updated": "2026-04-19",\n  "agents": 13,\n}\n'
)
COMMENTED = (
    '{\n  // written by the world loop\n  "world": "B", /* the name */\n  "cycle": 28,\n'
    '  "updated": "2026-04-19",\n  "agents": [1, 2,],\n  "url": "http://x/,}"\n}\n'
)


@pytest.mark.parametrize("text", [TRAILING_COMMA, COMMENTED], ids=["comma", "comments"])
@pytest.mark.parametrize("path", ["handoff.json", ".Codex/handoff.json"])
def test_another_tools_lenient_json_is_left_alone(
    git_repo: GitRepo, run_cli: Run, text: str, path: str
) -> None:
    git_repo.write(path, text)
    git_repo.write("README.md", "# World\n")
    git_repo.commit("state")
    result = run_cli(["check"], cwd=git_repo.root)
    assert "invalid-json" not in result.out, result.out
    assert "md-missing" not in result.out and "render --write" not in result.out
    assert f"{path}:1:1: schema: not a handoff packet in this tool's shape" in result.out
    assert f'extend-packets: ["!{path}"]' in result.out


def test_our_packet_with_a_trailing_comma_is_still_invalid(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(
        "handoff.json",
        '{\n  "branch": "main",\n  "status": "active",\n  "next_action": "x",\n  "a": 1,\n}\n',
    )
    git_repo.commit("packet")
    result = run_cli(["check"], cwd=git_repo.root)
    assert "handoff.json:6:1: invalid-json: not valid JSON: trailing comma before '}'" in (
        result.out
    ), result.out


def test_a_broken_json_beside_its_twin_is_still_invalid(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("handoff.json", TRAILING_COMMA)
    git_repo.write("handoff.md", "# Handoff\n\n## Next step\n\nShip it.\n")
    git_repo.commit("packet and twin")
    result = run_cli(["check"], cwd=git_repo.root)
    assert "handoff.json:6:1: invalid-json: not valid JSON: trailing comma before '}'" in (
        result.out
    ), result.out
    assert "not a handoff packet in this tool's shape" not in result.out
