"""Review 58-2, item 6 (Rowusuduah/bible-world): another tool's JSON state file with a
duplicate key is that tool's file from the first round, not a packet to repair by hand: no
`invalid-json`, no `md-missing` (whose `render --write` would write a twin for it), but the
finding that says to leave it alone with the `packets` exclusion. A packet of this tool's shape
with a duplicate key is still `invalid-json`."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]

FOREIGN = """{
  "world": "BibleWorld",
  "cycle": 28,
  "updated": "2026-04-19",
  "world_alive": true,
  "pivot_winner": "judge-probe",
  "agent_count": 13,
  "world_alive": true
}
"""


def test_another_tools_file_with_a_duplicate_key_is_left_alone(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(".Codex/handoff.json", FOREIGN)
    git_repo.write("README.md", "# World\n")
    git_repo.commit("state")
    result = run_cli(["check"], cwd=git_repo.root)
    assert "invalid-json" not in result.out, result.out
    assert "md-missing" not in result.out and "render --write" not in result.out
    assert ".Codex/handoff.json:1:1: schema: not a handoff packet in this tool's shape" in (
        result.out
    )
    assert 'extend-packets: ["!.Codex/handoff.json"]' in result.out
    assert "leave it alone" in result.out


def test_a_packet_with_a_duplicate_key_is_still_invalid(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(
        "handoff.json",
        '{"branch": "main", "status": "active", "branch": "main", "next_action": "x"}\n',
    )
    git_repo.commit("packet")
    result = run_cli(["check"], cwd=git_repo.root)
    assert 'invalid-json: not valid JSON: duplicate key "branch"' in result.out, result.out
