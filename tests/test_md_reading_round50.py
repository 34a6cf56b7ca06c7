"""Round 50 of the markdown next-step reading, on real handoffs kept by real teams (review 50-1):
a tally under a next-step label ("**Still missing: 17 of 56.**") is no step."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result


def _on_branch(git_repo: GitRepo, name: str, text: str) -> None:
    """``text`` committed as ``name`` on a feature branch (on ``main`` the merge gate speaks)."""
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write(name, text)
    git_repo.commit("handoff")


STATE_TALLY = """# Session state — 2026-04-13

## State
Parity gate built; `tools/parity.py` runs on all 35 skins and tests pass.

## The name table

**Still missing: 17 of 56.** 5 on the wishlist in
`docs/calibration/index.json`: ft=52 Lucifer's Q, ft=34 Boland Bass.

## Decisions
- Manifest-driven dispatch, because the skins carry their own sample rate.

## Next steps (ordered)
1. Add the Rust binding for the parity gate in `crates/core/src/parity.rs`.
2. Wire it into CI.
"""


def test_a_tally_under_a_next_step_label_is_no_next_action(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """1hoookkk/trench `dev/SESSION_STATE.md`: "**Still missing: 17 of 56.**" counts what is
    left; the brief quotes the explicit "## Next steps (ordered)" instead."""
    _on_branch(git_repo, "SESSION_STATE.md", STATE_TALLY)
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    first = shown.out.splitlines()[:2]
    assert first[0] == "Next action: Next steps (ordered)", shown.out
    assert "Add the Rust binding" in first[1]
    assert "Still missing" not in "\n".join(first)
    explained = run_cli(
        ["explain", "md-incomplete", "--file", "SESSION_STATE.md"], cwd=git_repo.root
    )
    assert "line 14 (heading): Next steps (ordered)" in explained.out
    assert "Still missing: 17 of 56" not in explained.out
