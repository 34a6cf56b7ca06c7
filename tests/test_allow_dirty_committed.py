"""`new --allow-dirty --verify` and then the dirty files committed: the brief no longer tells
the next session its work is in no commit, and the test run names what it ran on, the commit
plus uncommitted changes. Real repositories, the real CLI."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import feature_repo
from conftest import GitRepo, Result

Run = Callable[..., Result]


def test_the_allow_dirty_risk_says_where_the_work_was_committed(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 57-3 M8: `show` kept saying "written over uncommitted work (not in any commit)"
    once the files were committed, and the failed run was put at a commit without them."""
    feature_repo(git_repo, "feat/mod")
    head = git_repo.git("rev-parse", "HEAD").strip()
    git_repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    git_repo.write("notes.txt", "scratch\n")
    made = run_cli(
        ["new", "--allow-dirty", "--verify", "false", "--summary", "Trying negation.",
         "--next-action", "Decide the sign of refunds.", "--verdict-pointer", "notes.txt"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 1, made.err
    data = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    note = data["commands_run"][-1]["note"]
    assert note.startswith(f"--verify at {head[:12]} plus uncommitted changes on "), note
    risks = [risk["what"] for risk in data["open_risks"]]
    assert f"`false` failed (exit 1) at {head[:12]} plus uncommitted changes" in risks[1]
    listed = "notes.txt (untracked), src/refunds.py (modified)"
    dirty = f"written over uncommitted work (not in any commit): {listed}"
    assert risks[0] == dirty
    before = run_cli(["show"], cwd=git_repo.root)
    assert dirty in before.out, before.out
    # Committed with the packet: the work is in a commit now.
    git_repo.git("add", "-A")
    git_repo.git("commit", "-q", "-m", "WIP negation + handoff")
    committed = git_repo.git("rev-parse", "--short", "HEAD").strip()
    after = run_cli(["show"], cwd=git_repo.root)
    assert after.code == 0, after.err
    said = f"written over then-uncommitted work, since committed in {committed}: {listed}"
    assert said in after.out, after.out
    assert "not in any commit" not in after.out
    # Changed again and left uncommitted: the risk stands as recorded.
    git_repo.write("notes.txt", "more scratch\n")
    assert dirty in run_cli(["show"], cwd=git_repo.root).out
