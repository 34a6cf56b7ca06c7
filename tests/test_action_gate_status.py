"""The merge gate counts a packet finished only when its status is exactly `archived` or
`superseded`: a pull request that lowers the `schema` rule, or brings a schema of its own that
accepts any status, cannot open the gate with a status of `"Active"`, `null` or a list."""

from __future__ import annotations

import json
from typing import Any

import pytest

from action_runner import Run, Runner
from handoff_audit.markdown import render_packet

BAD_STATUSES = ["Active", None, ["active"], "ACTIVE", " archived", "done"]

PERMISSIVE_SCHEMA = {"type": "object"}

CONFIGS = {
    "schema off": "rules: {schema: 'off', md-mismatch: 'off'}\n",
    "schema warning": "rules: {schema: warning, md-mismatch: 'off'}\n",
    "permissive schema": "schema: any.schema.json\nrules: {md-mismatch: 'off'}\n",
}


def _pull_request(runner: Runner, status: Any, config: str, *, drop: bool = False) -> None:
    """The pull request sets the packet's status to ``status`` (or drops it), renders its twin
    again and brings ``config`` (and a schema that accepts anything)."""
    data = json.loads((runner.repo.root / "handoff.json").read_text(encoding="utf-8"))
    if drop:
        del data["status"]
    else:
        data["status"] = status
    runner.repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    runner.repo.write("handoff.md", render_packet(data))  # as `render --write` re-renders it
    runner.repo.write("any.schema.json", json.dumps(PERMISSIVE_SCHEMA))
    runner.repo.write(".handoff-audit.yml", config)
    runner.head = runner.repo.commit("status")


def _blocked_by_the_status(done: Run, said: str) -> None:
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    [gate] = [line for line in done.out.splitlines() if "active-in-merge::" in line]
    assert gate.startswith("::error file=handoff.json,line=")
    assert f'and {said}, not "archived" or "superseded", so nothing shows' in gate
    assert 'set `"status": "archived"` in the packet' in gate


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("status", BAD_STATUSES, ids=repr)
def test_a_status_that_is_not_finished_blocks_a_pull_request(
    runner: Runner, status: Any, config: str
) -> None:
    _pull_request(runner, status, CONFIGS[config])
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    _blocked_by_the_status(done, f"its `status` is {json.dumps(status)}")


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_a_packet_without_status_blocks_the_merge_queue(runner: Runner, config: str) -> None:
    _pull_request(runner, None, CONFIGS[config], drop=True)
    payload = runner.event("merge_group.checks_requested.json")
    payload["merge_group"].update(head_sha=runner.head, base_sha=runner.base)
    done = runner.run("merge_group", payload)
    _blocked_by_the_status(done, "it has no `status`")
    assert runner.fake.requests == []


def test_the_comment_does_not_offer_archive_for_a_status_archive_refuses(runner: Runner) -> None:
    _pull_request(runner, "Active", CONFIGS["schema warning"])
    done = runner.run("pull_request", runner.pull_request())
    _blocked_by_the_status(done, 'its `status` is "Active"')
    [comment] = runner.fake.comments[2]
    verdict = comment["body"].split("#### Findings")[0]
    assert "Merge blocked" in verdict
    assert "handoff-audit archive" not in verdict
    assert '`"status": "archived"`' in verdict


@pytest.mark.parametrize("status", ["archived", "superseded"])
def test_a_finished_status_opens_the_gate_under_a_permissive_schema(
    runner: Runner, status: str
) -> None:
    _pull_request(runner, status, CONFIGS["permissive schema"])
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.outputs["blocked"] == "false", done.out
    assert "active-in-merge" not in done.out
