"""`check --target-branch` counts a packet finished only when its status is exactly `archived`
or `superseded`, whatever level `schema` has or which schema is configured; the fix it prints
for such a packet works."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from agent_support import run_fix
from conftest import GitRepo
from git_helpers import check, dump, hits, packet

CONFIGS = [
    "rules: {schema: 'off'}\n",
    "rules: {schema: warning}\n",
    "schema: any.schema.json\n",
]


def _branch_with(repo: GitRepo, status: Any, config: str, where: str = "handoff.json") -> None:
    """A feature branch whose packet at ``where`` has ``status`` (none for ``...``)."""
    repo.write("README.md", "hello\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    data = packet(branch="feat/x")
    if status is ...:
        del data["status"]
    else:
        data["status"] = status
    repo.write(where, dump(data))
    repo.write("any.schema.json", json.dumps({"type": "object"}))
    repo.write(".handoff-audit.yml", config)
    repo.write("docs/guide.txt", "read me\n")
    repo.commit("wip")


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("status", ["Active", None, ["active"], ...], ids=repr)
def test_a_status_that_is_not_finished_blocks_the_merge(
    git_repo: GitRepo, run_cli: Callable[..., Any], status: Any, config: str
) -> None:
    _branch_with(git_repo, status, config)
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    said = "it has no `status`" if status is ... else f"its `status` is {json.dumps(status)}"
    assert (
        "active-in-merge: this packet would be merged into the protected branch main, and "
        f'{said}, not "archived" or "superseded"' in done.out
    )
    assert done.out.endswith("Merge blocked.\n")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert [(f["path"], f["pointer"]) for f in hits(report, "active-in-merge")] == [
        ("handoff.json", "/status")
    ]


@pytest.mark.parametrize("status", ["Active", None, ...], ids=repr)
def test_such_a_packet_outside_the_paths_given_blocks_too(
    git_repo: GitRepo, run_cli: Callable[..., Any], status: Any
) -> None:
    _branch_with(git_repo, status, "rules: {schema: 'off'}\n", ".handoff/refunds.json")
    done = run_cli(["check", "--target-branch", "main", "docs/"], cwd=git_repo.root)
    assert done.code == 1, done.out
    assert done.out.startswith(".handoff/refunds.json:")
    assert 'not "archived" or "superseded"' in done.out
    assert done.out.endswith("0 packets checked: 1 error, 0 warnings, 0 notes. Merge blocked.\n")


def test_the_printed_fix_clears_the_gate(git_repo: GitRepo, run_cli: Callable[..., Any]) -> None:
    _branch_with(git_repo, "Active", "rules: {schema: warning}\n")
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1
    # `archive` refuses a packet whose status the schema does not know; the finding says so.
    assert run_cli(["archive", "handoff.json"], cwd=git_repo.root).code == 2
    [gate] = [line for line in done.out.splitlines() if ": active-in-merge: " in line]
    [render] = re.findall(r"`(handoff-audit render --write [^`]+)`", gate)
    text = (git_repo.root / "handoff.json").read_text(encoding="utf-8")
    (git_repo.root / "handoff.json").write_text(
        text.replace('"status": "Active"', '"status": "archived"'), encoding="utf-8"
    )
    assert run_fix(git_repo.root, render).returncode == 0
    git_repo.commit("handoff: done")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert hits(report, "active-in-merge") == []
