"""A `handoff.md` beside a `handoff.json` is that packet's twin, not a working note, only while
the merge gate judges the JSON as a packet: one it finds by `packets` (its own settings, the base
branch's on a pull request) with every field a packet has. Beside another tool's JSON, one that
lacks a packet's fields, or one `packets` leaves out, a `handoff.md` that reads as a handoff is
blocked like a lone one: the pull request's own `schema` level or `packets` do not open the
gate for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import handoff_audit
from action_runner import Runner
from conftest import GitRepo
from git_helpers import merge_blocked, packet, refunds_branch
from handoff_audit.markdown import render_packet

NOTE = (
    "# Handoff: refunds\n\n## State\nRefund flow half done; tests in tests/test_refund.py fail."
    "\n\n## Next step\nFinish src/refund.py refund() and make tests pass.\n\n## Ruled out\n"
    "- Stripe webhooks: too slow.\n\n## Key decisions\n- Polling, because webhooks are flaky.\n"
)
ORCHESTRATOR = {"status": "in_progress", "tool": "orchestrator", "steps": [], "owner": "x"}
NOT_PACKETS = {
    "another tool's": ORCHESTRATOR,
    "active, foreign": {"status": "active", "task": "refunds", "progress": "half", "todo": []},
    "active, no fields": {"status": "active", "summary": "Refund flow half done."},
    "archived, no fields": {"status": "archived"},
}
PR_SETTINGS = [
    "",
    'rules:\n  schema: "off"\n',
    'packets: ["**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "**/handoff.md", '
    '"!handoff.json", "!handoff.md"]\n',
]


@pytest.mark.parametrize("settings", PR_SETTINGS, ids=["none", "schema off", "packets !"])
def test_the_action_blocks_a_handoff_md_beside_another_tools_json(
    runner: Runner, settings: str
) -> None:
    repo = runner.repo
    repo.write("handoff.json", json.dumps(ORCHESTRATOR) + "\n")
    repo.write("handoff.md", NOTE)
    if settings:
        repo.write(".handoff-audit.yml", settings)
    runner.head = repo.commit("working note beside another tool's file")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        "::error file=handoff.md,title=handoff-audit%3A handoff-in-merge::"
        "handoff.md would be merged into the protected branch main"
    ) in done.out
    assert "all clear" not in done.summary


@pytest.mark.parametrize("data", NOT_PACKETS.values(), ids=NOT_PACKETS.keys())
def test_check_blocks_a_handoff_md_beside_a_json_that_is_no_packet(
    git_repo: GitRepo, run_cli: Any, data: dict[str, Any]
) -> None:
    refunds_branch(git_repo)
    git_repo.write("handoff.json", json.dumps(data) + "\n")
    git_repo.write("handoff.md", NOTE)
    git_repo.commit("working note beside a JSON file")
    blocked = merge_blocked(run_cli, git_repo.root)
    assert ("handoff-in-merge", "handoff.md") in blocked


def test_check_blocks_a_handoff_md_beside_a_json_packets_leaves_out(
    git_repo: GitRepo, run_cli: Any
) -> None:
    # main's configuration: the merge gate reads `packets` from the target, as the Action does
    git_repo.write(".handoff-audit.yml", 'packets: [".handoff/**/*.json", "**/HANDOFF.md"]\n')
    refunds_branch(git_repo)
    git_repo.write("handoff.json", json.dumps(packet(branch="feat/refunds")) + "\n")
    git_repo.write("handoff.md", NOTE)
    git_repo.commit("working note beside a JSON file the audit leaves out")
    assert merge_blocked(run_cli, git_repo.root) == [("handoff-in-merge", "handoff.md")]


def test_the_twin_of_a_finished_packet_still_passes_the_gate(
    git_repo: GitRepo, run_cli: Any
) -> None:
    refunds_branch(git_repo)
    data = packet(branch="feat/refunds", lkg=git_repo.head(), status="archived")
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.write("handoff.md", render_packet(data))
    git_repo.commit("finished handoff")
    assert merge_blocked(run_cli, git_repo.root) == []


def test_another_tools_markdown_beside_its_json_still_passes_the_gate(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """The markdown an orchestrator writes beside its own JSON file is no handoff: only one that
    reads as a handoff (State, Next step, ...) is a working note."""
    refunds_branch(git_repo)
    git_repo.write("handoff.json", json.dumps(ORCHESTRATOR) + "\n")
    git_repo.write("handoff.md", "# Orchestrator\n\nRound 3: coder, then reviewer.\n")
    git_repo.commit("another tool's files")
    assert merge_blocked(run_cli, git_repo.root) == []


LEFT_OUT = (
    'packets: ["**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "**/handoff.md", '
    '"!vendor/tool/handoff.json", "!vendor/tool/handoff.md"]\n'
)
SHORT_NOTE = (
    "# Handoff\n\n## State\n\nRefund parser half done; tests/test_refund.py fails on rounding.\n"
    "\n## Next step\n\nFix the rounding in src/refund.py, then run pytest.\n"
)
WORKING_NOTES = {
    "one order": SHORT_NOTE + "Update this file before you stop.\n",
    "prose": (
        "# Session handoff\n\nDone: parser. Left: rounding bug in src/refund.py.\n\n"
        "Next: fix rounding, rerun pytest.\n"
    ),
}


@pytest.mark.parametrize("note", WORKING_NOTES.values(), ids=WORKING_NOTES.keys())
def test_a_working_note_beside_a_json_packets_leaves_out_is_blocked_however_it_is_written(
    git_repo: GitRepo, run_cli: Any, note: str
) -> None:
    """Beside another tool's JSON, a `handoff.md` is read as any working note is: one
    instruction-like line under State and Next step, or a note in prose with no headings, is
    still a working note."""
    git_repo.write("vendor/tool/handoff.json", '{"tool": "x", "version": 1}\n')
    git_repo.write(".handoff-audit.yml", LEFT_OUT)
    refunds_branch(git_repo)
    git_repo.write("vendor/tool/handoff.md", note)
    git_repo.commit("working note beside another tool's file")
    assert merge_blocked(run_cli, git_repo.root) == [("handoff-in-merge", "vendor/tool/handoff.md")]


def test_the_rendered_twin_of_a_packet_in_a_teams_own_schema_passes_the_gate(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """A team whose own `schema` (in the base commit) does not require `verdict_pointer` writes
    packets without it: the archived packet's rendered twin is its twin, not a working note, so
    the gate does not send the user round `git rm`, `md-missing` and `render --write`. A note
    written by hand beside the same JSON is still blocked."""
    bundled = Path(handoff_audit.__file__).parent / "schema" / "handoff.schema.json"
    schema = json.loads(bundled.read_text())
    schema["required"] = [key for key in schema["required"] if key != "verdict_pointer"]
    git_repo.write("schemas/handoff.schema.json", json.dumps(schema, indent=2) + "\n")
    git_repo.write(".handoff-audit.yml", "schema: schemas/handoff.schema.json\n")
    refunds_branch(git_repo)
    data = packet(branch="feat/refunds", lkg=git_repo.head(), status="archived")
    del data["verdict_pointer"]
    git_repo.write("docs/orders/handoff.json", json.dumps(data, indent=2) + "\n")
    done = run_cli(["render", "--write", "docs/orders/handoff.json"], cwd=git_repo.root)
    assert done.code == 0, done.err
    git_repo.commit("archived packet (own schema)")
    assert merge_blocked(run_cli, git_repo.root) == []
    git_repo.write("docs/orders/handoff.md", NOTE)
    git_repo.commit("a working note in place of the twin")
    assert merge_blocked(run_cli, git_repo.root) == [("handoff-in-merge", "docs/orders/handoff.md")]
