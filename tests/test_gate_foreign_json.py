"""Another tool's `handoff.json` (a multi-agent orchestrator's state, with a `status` of its own:
"in_progress", "idle") is no packet: it gets the one "another tool's shape" `schema` finding,
whatever status it carries, and the merge gate does not block on it; the finding's fix, followed
literally, works. A real packet with a mistyped status is judged as before."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from action_runner import BRANCH, Runner
from agent_support import run_fix
from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet

ORCHESTRATOR = {  # a small multi-agent orchestrator's state file, as such tools commit it
    "round": 3,
    "current_agent": "coder",
    "next_agent": "reviewer",
    "user_demand": "Add CSV export to the report page",
    "status": "in_progress",
    "artifacts": ["src/export.py"],
}
STATUSES = ["in_progress", "idle", "archived", None]


def _foreign_branch(repo: GitRepo, status: Any) -> None:
    """``main`` carries the orchestrator's file (with ``status``), ``feat/csv`` one commit of
    work."""
    data = {**ORCHESTRATOR, "status": status}
    if status is None:
        del data["status"]
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.commit("agent workflow state")
    repo.git("checkout", "-q", "-b", "feat/csv")
    repo.write("src/export.py", "def export(): ...\n")
    repo.commit("work")


def _fix_of(line: str) -> list[str]:
    """The commands in backquotes a finding prints."""
    return re.findall(r"`([^`]+)`", line)


@pytest.mark.parametrize("status", STATUSES, ids=repr)
def test_another_tools_file_gets_one_finding_and_does_not_block_the_merge(
    git_repo: GitRepo, run_cli: Any, status: Any
) -> None:
    _foreign_branch(git_repo, status)
    done: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.err
    findings = [line for line in done.out.splitlines() if line.startswith("handoff.json")]
    assert len(findings) == 1, done.out
    [line] = findings
    assert line.startswith("handoff.json:1:1: schema: not a handoff packet in this tool's shape")
    assert "active-in-merge" not in done.out and "Merge blocked" not in done.out
    # The fix, literally: `packets` set as printed, then this branch's packet beside the file.
    setting = re.search(r"in \.handoff-audit\.yml: (extend-packets: \[.*?\]) \(", line)
    assert setting is not None, line
    git_repo.write(".handoff-audit.yml", setting.group(1) + "\n")
    git_repo.commit("handoff-audit: leave the orchestrator's file alone")  # `new` wants it so
    [new] = [cmd for cmd in _fix_of(line) if cmd.startswith("handoff-audit new")]
    before = (git_repo.root / "handoff.json").read_bytes()
    written = run_fix(
        git_repo.root,
        new.replace(
            "...",
            '--summary "CSV export wired" --next-action "Add the export button to '
            'src/export.py" --verdict-pointer "src/export.py"',
        ),
    )
    assert written.returncode == 0, written.stderr
    assert (git_repo.root / "handoff.json").read_bytes() == before
    git_repo.commit("handoff beside the orchestrator's file")
    after: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    # main's `packets` (the gate's, as the Action reads them) still find the other tool's file
    # too, which counts as checked: "2 packets checked", without a finding.
    lines = [x for x in after.out.splitlines() if x.strip() and " checked: " not in x]
    assert all(x.startswith(".handoff/feat-csv.json:") for x in lines), after.out
    assert "schema" not in after.out  # only the gate on the new, active packet: as it should


@pytest.mark.parametrize("status", ["activ", "done", "in_progress"])
def test_a_real_packet_with_a_mistyped_status_is_judged_as_before(
    git_repo: GitRepo, run_cli: Any, status: str
) -> None:
    git_repo.write("README.md", "hello\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    data = packet(branch="feat/x", lkg=git_repo.head(), status=status)
    git_repo.write("handoff.json", data)
    git_repo.write("handoff.md", render_packet(data))
    git_repo.commit("handoff")
    done: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1
    assert f'schema: status: "{status}" is not one of' in done.out
    assert (
        "active-in-merge: this packet would be merged into the protected branch main, and its "
        f'`status` is "{status}"' in done.out
    )
    assert "Merge blocked" in done.out


def test_the_action_does_not_block_a_pull_request_on_another_tools_file(runner: Runner) -> None:
    repo = runner.repo
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    data["status"] = "archived"
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.write("shared-context/handoff.json", json.dumps(ORCHESTRATOR, indent=2) + "\n")
    runner.head = repo.commit("orchestrator state")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.outputs["blocked"] == "false", done.out
    assert "active-in-merge" not in done.out
    [line] = [x for x in done.out.splitlines() if "shared-context/handoff.json" in x]
    assert "not a handoff packet in this tool's shape" in line


def _foreign_on_base(runner: Runner) -> None:
    """The base branch carries another tool's ``handoff.json`` at the root; the pull request
    only works (its own packet removed)."""
    repo = runner.repo
    repo.git("checkout", "-q", "main")
    repo.write("handoff.json", json.dumps(ORCHESTRATOR, indent=2) + "\n")
    runner.base = repo.commit("agent workflow state")
    repo.git("checkout", "-q", BRANCH)
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.commit("work")
    repo.git("merge", "-q", "--no-edit", "main")
    runner.head = repo.head()


def test_the_printed_packets_fix_passes_the_pull_request_that_applies_it(runner: Runner) -> None:
    _foreign_on_base(runner)
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    [line] = [x for x in done.out.splitlines() if x.startswith("::error file=handoff.json")]
    setting = re.search(r"in \.handoff-audit\.yml: (extend-packets: \[.*?\]) \(", line)
    assert setting is not None, line
    runner.repo.write(".handoff-audit.yml", setting.group(1) + "\n")
    runner.head = runner.repo.commit("handoff-audit: leave handoff.json alone")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"
    assert "schema" not in done.out
    assert "the rules other than the merge gate's already judge the files" in done.out


def test_a_pull_request_dropping_handoff_json_from_packets_is_still_blocked_by_its_packet(
    runner: Runner,
) -> None:
    # The runner's branch carries an active packet at handoff.json; its `packets` leave it out.
    runner.repo.write(".handoff-audit.yml", 'packets: [".handoff/**/*.json", "**/HANDOFF.md"]\n')
    runner.head = runner.repo.commit("handoff-audit: no handoff.json")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "::error file=handoff.json,line=" in done.out
    assert "handoff-audit%3A active-in-merge::" in done.out
    assert "the rules other than the merge gate's already judge the files" in done.out


@pytest.mark.parametrize("foreign", ["vendor/tool/handoff.json", "handoff.json"])
def test_the_printed_packets_setting_keeps_the_repositorys_own_packets_audited(
    git_repo: GitRepo, run_cli: Any, foreign: str
) -> None:
    """Review 50-12: the printed `packets` setting dropped `**/handoff.json` for every file, so
    the repository's own packet was no longer audited nor gated. It now keeps the globs and
    excludes the file alone (`!vendor/tool/handoff.json`): pasted as printed, the other tool's
    file is left alone and the own packet's findings stay. (A file under `.handoff/` is never
    another tool's: `test_foreign_json_own_place`.)"""
    git_repo.write("src/export.py", "def export(): ...\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(foreign, json.dumps(ORCHESTRATOR, indent=2) + "\n")
    own = packet(branch="feat", lkg=git_repo.head(), next_action="TODO")
    git_repo.write(".handoff/feat.json", own)
    git_repo.write(".handoff/feat.md", render_packet(own))
    git_repo.commit("state")
    done: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    [line] = [x for x in done.out.splitlines() if x.startswith(f"{foreign}:")]
    setting = re.search(r"in \.handoff-audit\.yml: (extend-packets: \[.*?\]) \(", line)
    assert setting is not None, line
    assert f'"!{foreign}"' in setting.group(1), line
    git_repo.write(".handoff-audit.yml", setting.group(1) + "\n")
    git_repo.commit("handoff-audit: leave the other tool's file alone")
    after: Result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert after.code == 1, after.out + after.err
    assert foreign not in after.out, after.out
    assert ".handoff/feat.json:" in after.out and "placeholder: next_action" in after.out
    assert ".handoff/feat.json:" in after.out and "active-in-merge" in after.out
    assert "Merge blocked" in after.out


def test_check_names_the_packet_path_of_the_branch_checked_out(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """Review 50-12: plain `check` (no --branch) advised `new --output .handoff/handoff.json`,
    a path every branch following it would share, where `check --branch` and the Stop hook
    name the branch's own `.handoff/feat-csv.json`."""
    _foreign_branch(git_repo, "in_progress")
    plain = run_cli(["check"], cwd=git_repo.root)
    named = run_cli(["check", "--branch", "feat/csv"], cwd=git_repo.root)
    for done in (plain, named):
        assert "`handoff-audit new --output .handoff/feat-csv.json ...`" in done.out, done.out
        assert ".handoff/handoff.json" not in done.out, done.out
