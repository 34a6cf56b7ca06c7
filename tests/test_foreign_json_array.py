"""Another tool's `handoff.json` that holds no JSON object at its top (zyahav/claude-harness's
test fixtures, `generations/test_valid/handoff.json`, a JSON array; the review rev55-1) is that
tool's file wherever it sits: one `schema` finding like an object in another tool's shape, no
`invalid-json`, no `md-missing`, no `active-in-merge` on a branch that never touched it, no
"repair by hand" from the Stop hook; the `packets` setting each finding prints leaves out every
such file, so the one followed covers the others. Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
import re
from typing import Any

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

FIXTURE = [{"id": 1, "category": "functional", "description": "login works", "passes": False}]
ROOT = {"meta": {"project": "harness", "version": 2}, "tasks": [{"id": 1, "title": "setup"}]}
NESTED = ("generations/test_invalid/handoff.json", "generations/test_valid/handoff.json")


def _harness(repo: GitRepo) -> None:
    """``main`` with the tool's root file and its two fixtures, and ``feat/x`` checked out from
    it with one commit of work that touches none of them."""
    repo.write("handoff.json", json.dumps(ROOT, indent=2) + "\n")
    for path in NESTED:
        repo.write(path, json.dumps(FIXTURE, indent=2) + "\n")
    repo.write("src/app.py", "print(1)\n")
    repo.commit("harness and its fixtures")
    repo.git("checkout", "-q", "-b", "feat/x")
    repo.write("src/app.py", "print(2)\n")
    repo.commit("work")


def test_a_json_array_named_handoff_json_is_another_tools_file(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _harness(git_repo)
    done: Result = run_cli(
        ["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root
    )
    assert done.code == 1, done.err
    findings = done.json()["findings"]
    said = sorted((f["rule"], f["path"]) for f in findings)
    assert said == [("schema", path) for path in sorted((*NESTED, "handoff.json"))], findings
    for finding in findings:
        if finding["path"] in NESTED:
            assert "the file holds a JSON array" in finding["message"], finding
            assert "another tool's file" in finding["message"], finding
    shown: Result = run_cli(["show"], cwd=git_repo.root)
    assert "unreadable" not in shown.out + shown.err, shown.out + shown.err
    named: Result = run_cli(["show", NESTED[0]], cwd=git_repo.root)
    assert named.code == 2, named.out
    assert f"{NESTED[0]}: not a handoff packet (the file holds a JSON array" in named.err


def test_the_packets_setting_printed_leaves_out_every_file_it_names(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _harness(git_repo)
    done: Result = run_cli(["check"], cwd=git_repo.root)
    settings = set(re.findall(r"in \.handoff-audit\.yml: (extend-packets: \[.*?\]) \(", done.out))
    assert len(settings) == 1, done.out  # one setting, whichever finding is followed
    [setting] = settings
    entries = json.loads(setting.removeprefix("extend-packets: "))
    assert {f"!{path}" for path in (*NESTED, "handoff.json")} <= set(entries), entries
    git_repo.write(".handoff-audit.yml", setting + "\n")
    git_repo.commit("leave the harness's files out, as printed")
    after: Result = run_cli(["check"], cwd=git_repo.root)
    assert after.code == 0 and after.out.strip() == "No handoff packets found.", after.out


def test_the_stop_hook_never_says_to_repair_another_tools_file(git_repo: GitRepo) -> None:
    _harness(git_repo)
    hook = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert hook.code == 2, hook.err
    assert "by hand" not in hook.err and "invalid-json" not in hook.err, hook.err
    for path in NESTED:
        assert f"{path} is not this tool's packet: leave it alone" in hook.err, hook.err
    assert "new --output .handoff/feat-x.json" in hook.err, hook.err
