"""A `handoff.md` beside a finished packet is its twin only while it says what the packet says
(`md-mismatch`'s comparison, whatever level the pull request gives that rule): a working note
written by hand there is blocked by `handoff-in-merge`, as one beside no packet is. The twin
`archive` or `render --write` writes, or one differing only in what `md-mismatch` tolerates,
still passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from action_runner import BRANCH, Runner
from conftest import GitRepo
from git_helpers import merge_blocked, packet, refunds_branch
from handoff_audit.markdown import render_packet

NOTE = (
    "# Handoff\n\n## State\nTests pass in src/refund.py but refunds fail on GBP.\n\n"
    "## Next step\nFinish src/refund.py rounding.\n\n## Ruled out\nUsing floats.\n"
)
PR_SETTINGS = {"none": "", "md-mismatch off": 'rules: {md-mismatch: "off"}\n'}


def _pull_request(runner: Runner, data: dict[str, Any], markdown: str, settings: str) -> Any:
    repo = runner.repo
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", markdown)
    if settings:
        repo.write(".handoff-audit.yml", settings)
    runner.head = repo.commit("finished packet")
    return runner.run("pull_request", runner.pull_request(), comment="false")


@pytest.mark.parametrize("settings", PR_SETTINGS.values(), ids=PR_SETTINGS.keys())
def test_the_action_blocks_a_working_note_beside_an_archived_packet(
    runner: Runner, settings: str
) -> None:
    data = packet(branch=BRANCH, lkg=runner.repo.head(), status="archived")
    done = _pull_request(runner, data, NOTE, settings)
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        "::error file=handoff.md,title=handoff-audit%3A handoff-in-merge::"
        "handoff.md would be merged into the protected branch main"
    ) in done.out


def test_the_action_passes_the_twin_archive_writes(runner: Runner, run_cli: Any) -> None:
    done = run_cli(["archive", "handoff.json"], cwd=runner.repo.root)
    assert done.code == 0, done.err
    runner.head = runner.repo.commit("handoff: done")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"


HARMLESS = {
    "bullets and blank lines": lambda text: text.replace("\n- ", "\n* ") + "\n\n",
    "byte order mark": lambda text: "\ufeff" + text,
}


@pytest.mark.parametrize("change", HARMLESS.values(), ids=HARMLESS.keys())
def test_the_action_passes_a_twin_md_mismatch_tolerates(runner: Runner, change: Any) -> None:
    data = packet(branch=BRANCH, lkg=runner.repo.head(), status="archived")
    twin = change(render_packet(data))
    assert twin != render_packet(data)
    done = _pull_request(runner, data, twin, "")
    assert done.code == 0, done.out
    assert done.outputs["blocked"] == "false"


def test_check_blocks_a_working_note_beside_a_superseded_packet(
    git_repo: GitRepo, run_cli: Any
) -> None:
    refunds_branch(git_repo)
    data = packet(
        branch="feat/refunds",
        lkg=git_repo.head(),
        status="superseded",
        superseded_by=".handoff/next.json",
    )
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.write("handoff.md", render_packet(data))
    git_repo.commit("superseded packet and its twin")
    assert merge_blocked(run_cli, git_repo.root) == []
    git_repo.write("handoff.md", NOTE)
    git_repo.commit("a working note in place of the twin")
    assert merge_blocked(run_cli, git_repo.root) == [("handoff-in-merge", "handoff.md")]


def test_check_leaves_an_active_packets_note_to_active_in_merge(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """An active packet blocks the merge itself: its twin, rendered or not, is no second
    finding."""
    refunds_branch(git_repo)
    data = packet(branch="feat/refunds", lkg=git_repo.head())
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.write("handoff.md", NOTE)
    git_repo.commit("active packet and a note")
    assert merge_blocked(run_cli, git_repo.root) == [("active-in-merge", "handoff.json")]


IN_TITLE = {
    "setext heading": (
        "State: GBP refunds fail in src/refund.py; 42 tests pass.\n"
        "Next step: finish rounding in src/refund.py line 88, then run make test.\n"
        "Ruled out: floats, they lose pennies.\n=====\n"
    ),
    "one-line heading": (
        "# Handoff: State: GBP refunds fail in src/refund.py, 42 tests pass. "
        "Next step: finish rounding in src/refund.py line 88\n"
    ),
}


@pytest.mark.parametrize("heading", IN_TITLE.values(), ids=IN_TITLE.keys())
def test_check_blocks_a_note_in_the_title_of_an_untitled_archived_packets_twin(
    git_repo: GitRepo, run_cli: Any, heading: str
) -> None:
    """A packet without a `title` renders a generic one; a twin whose title says anything else
    (a whole note in a setext or one-line heading) is not its twin, and `md-mismatch` says so.
    The rendered title in another letter case is still its own."""
    refunds_branch(git_repo)
    data = packet(branch="feat/refunds", lkg=git_repo.head(), status="archived")
    data.pop("title", None)
    twin = render_packet(data)
    assert twin.startswith("# Handoff\n")
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.write("handoff.md", twin.replace("# Handoff\n", "# HANDOFF\n", 1))
    git_repo.commit("archived packet and its twin")
    assert merge_blocked(run_cli, git_repo.root) == []
    git_repo.write("handoff.md", twin.replace("# Handoff\n", heading, 1))
    git_repo.commit("a note in the twin's title")
    assert merge_blocked(run_cli, git_repo.root) == [("handoff-in-merge", "handoff.md")]
    done = run_cli(["check", "--format", "json", "--select", "md-mismatch"], cwd=git_repo.root)
    assert [f["path"] for f in done.json()["findings"]] == ["handoff.md"], done.out
