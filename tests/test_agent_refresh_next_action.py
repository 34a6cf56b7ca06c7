"""The Stop hook's fix for a packet older than the work (`packet-outdated`), followed as printed:
it asks for the next step now, so the next session is not handed a step the commits did."""

from __future__ import annotations

import json

from agent_support import feature_repo, run_hook, since_then_brief, stop_event, the_command
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet

BRANCH = "feat/mul"
DONE_STEP = "Fix mul() in src/m.py to multiply."
NEW_STEP = "Add div() to src/m.py."


def test_the_refresh_fix_asks_for_the_next_action_and_the_next_session_gets_it(
    git_repo: GitRepo,
) -> None:
    repo = feature_repo(git_repo, BRANCH)
    repo.write("src/m.py", "def mul(a, b):\n    return a + b\n")
    repo.commit("test_mul (fails)")
    data = packet(BRANCH, repo.head(), changed_files=["src/m.py"], next_action=DONE_STEP)
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff")
    # the next session does exactly what next_action says, and commits it
    repo.write("src/m.py", "def mul(a, b):\n    return a * b\n")
    repo.commit("mul: multiply")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert "packet-outdated" in run.err
    command = the_command(run.err, "fix: ")
    assert '--next-action "<the next step now, after those commits>"' in command
    context = since_then_brief(repo, command, NEW_STEP, "mul() now multiplies.")
    first = context.split("\n(", 1)[0]
    assert first == f"Next action: {NEW_STEP}"
    assert DONE_STEP not in context
