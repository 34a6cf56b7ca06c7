"""A commit that only touches up an outdated handoff (its `Date:` line, a blank line, the packet
re-indented) is no last change of it: the Stop hook keeps blocking with its fix, and `show`
does not call the handoff current. Found by an agent play-through (review H1)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from agent_support import a_is_2_branch, run_hook, stop_event
from conftest import GitRepo
from handoff_audit.git.touch_ups import same_apart_from_touch_ups

NOTE = (
    "# Calc\n\nDate: 2026-12-05\n\n## State\n\n`add()` is done in `src/calc.py`; tests pass.\n\n"
    "## Next step\n\nAdd cube() in src/calc.py with a test.\n\n"
    "## Decisions\n\n- Plain functions, because the module is tiny.\n\n"
    "## Ruled out\n\n- A class — nothing to hold.\n"
)


def hand_written(repo: GitRepo) -> None:
    """A branch whose HANDOFF.md is older than its last work commit."""
    repo.write("src/calc.py", "def add(a, b):\n    return a + b\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/cube")
    repo.write(
        "src/calc.py", "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
    )
    repo.write("HANDOFF.md", NOTE)
    repo.commit("sub, and the handoff")
    repo.write("src/calc.py", "def cube(a):\n    return a**3\n")
    repo.commit("cube")
    blocked = run_hook(stop_event(repo.root))
    assert blocked.code == 2 and "HANDOFF.md handoff-outdated" in blocked.err, blocked.err


@pytest.mark.parametrize(
    "touched",
    [
        NOTE.replace("Date: 2026-12-05", "Date: 2026-12-06"),
        NOTE + "\n",
        NOTE.replace("## State\n\n", "## State\n\n\n").replace("- Plain", "-   Plain"),
    ],
    ids=["date", "blank line", "spacing"],
)
def test_a_touch_up_of_an_outdated_note_does_not_let_the_session_stop(
    git_repo: GitRepo, run_cli: Callable[..., Any], touched: str
) -> None:
    hand_written(git_repo)
    git_repo.write("HANDOFF.md", touched)
    git_repo.commit("handoff: touched up")

    still = run_hook(stop_event(git_repo.root))

    assert still.code == 2, still.err
    assert "HANDOFF.md handoff-outdated" in still.err and "`cube`" in still.err, still.err
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "nothing was committed since its last change" not in shown.out, shown.out


def test_a_real_edit_of_the_note_still_lets_the_session_stop(git_repo: GitRepo) -> None:
    hand_written(git_repo)
    git_repo.write(
        "HANDOFF.md", NOTE.replace("Add cube()", "Add square()").replace("`add()`", "`cube()`")
    )
    git_repo.commit("handoff: cube done")

    assert run_hook(stop_event(git_repo.root)).code == 0


@pytest.mark.parametrize("how", ["blank line", "indent", "updated"])
def test_a_packet_formatted_anew_is_still_outdated(git_repo: GitRepo, how: str) -> None:
    a_is_2_branch(git_repo, "feat/a")
    git_repo.write("a.py", "a = 3\n")
    git_repo.commit("a is 3")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2 and "packet-outdated" in blocked.err, blocked.err
    path = git_repo.root / "handoff.json"
    text = path.read_text(encoding="utf-8")
    if how == "blank line":
        path.write_text(text + "\n", encoding="utf-8")
    elif how == "indent":
        path.write_text(json.dumps(json.loads(text), indent=4), encoding="utf-8")
    else:
        data = json.loads(text)
        data["x-updated"] = "2026-12-06T10:00:00Z"
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    git_repo.commit("handoff: touched up")

    still = run_hook(stop_event(git_repo.root))

    assert still.code == 2 and "packet-outdated" in still.err, still.err


@pytest.mark.parametrize(
    ("old", "new", "same"),
    [
        ("Date: 2026-12-05\nNext: add x\n", "Date: 2026-12-06\nNext: add x\n", True),
        ("_Last updated 5 Dec 2026, 10:00 UTC_\nx\n",
         "_Last updated 6 Dec 2026, 11:30 UTC_\nx\n", True),
        ("Next: ship on 2026-12-05 after the refund fix lands in main\n",
         "Next: ship on 2026-12-09 after the refund fix lands in main\n", False),
        ("Next: add x\n", "Next: add y\n", False),
    ],
)  # fmt: skip
def test_which_changes_are_touch_ups(old: str, new: str, same: bool) -> None:
    assert same_apart_from_touch_ups("HANDOFF.md", old.encode(), new.encode()) is same
