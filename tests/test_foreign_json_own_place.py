"""A file in this tool's own packets folder `.handoff/`, or one whose `status` is a packet's
`"active"`, is a packet however broken, never another tool's file (the review rev55-3): an
active `.handoff/feat.json` in a shape of its own, or one holding `[]`, was given the one
"another tool's file" finding, got past the merge gate, and was told to write the branch's
packet "beside it" at its own path. Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet

OWN_SHAPE = {  # an agent's packet, in words of its own
    "branch": "feat",
    "status": "active",
    "todo": ["wire the parser", "add tests"],
    "done": ["scaffold"],
    "tests": "pytest ok",
    "notes": "wip",
}
ORCHESTRATOR = {"round": 3, "current_agent": "coder", "status": "in_progress", "artifacts": []}
CONTENTS = {"own-shape": OWN_SHAPE, "array": [], "orchestrator": ORCHESTRATOR}
PLACE = ".handoff/feat.json"
POINTER = ("--verdict-pointer", "app.py")


def _on_feat(repo: GitRepo, path: str, data: Any) -> None:
    """``main`` with one commit, ``feat`` with ``data`` committed at ``path``."""
    repo.write("app.py", "print(1)\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat")
    repo.write(path, json.dumps(data) + "\n")
    repo.commit("handoff")


def _gated(out: str, path: str) -> bool:
    """Whether ``check``'s text output blocks the merge on the file ``path``."""
    lines = out.splitlines()
    return "Merge blocked" in out and any(
        x.startswith(f"{path}:") and " active-in-merge: " in x for x in lines
    )


@pytest.mark.parametrize("data", CONTENTS.values(), ids=CONTENTS.keys())
def test_a_file_in_the_packets_folder_is_a_packet_the_merge_gate_blocks(
    git_repo: GitRepo, run_cli: Any, data: Any
) -> None:
    _on_feat(git_repo, PLACE, data)
    done: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert _gated(done.out, PLACE), done.out
    assert "in this tool's shape" not in done.out, done.out
    assert f"new --output {PLACE}" not in done.out, done.out
    said = "invalid-json: the file holds a JSON array" if data == [] else "schema: the packet is"
    assert said in done.out, done.out


@pytest.mark.parametrize("data", CONTENTS.values(), ids=CONTENTS.keys())
def test_the_gate_blocks_it_when_only_another_file_is_named(
    git_repo: GitRepo, run_cli: Any, data: Any
) -> None:
    _on_feat(git_repo, PLACE, data)
    finished = packet(branch="feat", lkg=git_repo.head(), status="archived")
    git_repo.write("handoff.json", finished)
    git_repo.write("handoff.md", render_packet(finished))
    git_repo.commit("a finished packet")
    done: Result = run_cli(["check", "--target-branch", "main", "handoff.json"], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert _gated(done.out, PLACE), done.out


def test_an_active_status_makes_a_packet_wherever_it_sits(git_repo: GitRepo, run_cli: Any) -> None:
    _on_feat(git_repo, "handoff.json", OWN_SHAPE)
    done: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert _gated(done.out, "handoff.json"), done.out
    assert "in this tool's shape" not in done.out, done.out


@pytest.mark.parametrize("data", CONTENTS.values(), ids=CONTENTS.keys())
def test_the_stop_hook_says_to_repair_it_not_to_write_beside_it(
    git_repo: GitRepo, data: Any
) -> None:
    _on_feat(git_repo, PLACE, data)
    hook = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert hook.code == 2, hook.err
    assert f"repair {PLACE} by hand" in hook.err, hook.err
    assert "not this tool's packet" not in hook.err, hook.err
    assert f"new --output {PLACE}" not in hook.err, hook.err


def test_new_does_not_call_it_another_tools_file(git_repo: GitRepo, run_cli: Any) -> None:
    _on_feat(git_repo, PLACE, OWN_SHAPE)
    done: Result = run_cli(
        ["new", "--output", PLACE, "--summary", "s", "--next-action", "Wire app.py", *POINTER],
        cwd=git_repo.root,
    )
    assert done.code == 2, done.out
    assert f"{PLACE} is a JSON file but not a handoff packet" in done.err, done.err
    assert "another tool's" not in done.err, done.err
