"""What `check` says about a merge the gate blocks: the status line and the markdown verdict
agree with the findings, even when no packet was discovered (the blocked file lies where
discovery does not look), and the verdict's advice works when run as printed."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import feature_repo, run_fix
from authoring_support import REFUNDS
from conftest import GitRepo
from git_helpers import check, dump, hits, packet
from handoff_audit.git import plumbing

HANDOFF = "# Handoff\n\n## State\nHalf done.\n\n## Next\nRun pytest.\n"


def feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "hello\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")


def test_a_blocked_file_discovery_skips_is_not_reported_as_nothing_found(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_branch(git_repo)
    git_repo.write("node_modules/x/HANDOFF.md", HANDOFF)
    git_repo.commit("wip")
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1
    assert "node_modules/x/HANDOFF.md: handoff-in-merge:" in done.out
    last = done.out.splitlines()[-1]
    assert last == "0 packets checked: 1 error, 0 warnings, 0 notes. Merge blocked."
    markdown = run_cli(
        ["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root
    )
    assert markdown.code == 1
    assert markdown.out.splitlines()[0] == "## ❌ handoff-audit: 1 error"


def test_a_blocked_file_outside_the_paths_given_still_gets_the_counts(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_branch(git_repo)
    git_repo.write("HANDOFF.md", HANDOFF)
    git_repo.write("docs/guide.txt", "read me\n")
    git_repo.commit("wip")
    done = run_cli(["check", "--target-branch", "main", "docs"], cwd=git_repo.root)
    assert done.code == 1
    assert "HANDOFF.md: handoff-in-merge:" in done.out
    assert "No handoff packets found" not in done.out
    assert done.out.endswith("0 packets checked: 1 error, 0 warnings, 0 notes. Merge blocked.\n")
    clean = run_cli(["check", "docs"], cwd=git_repo.root)
    assert clean.code == 0
    assert clean.out.startswith("No handoff packets found under the paths given")


def _printed(markdown: str, start: str) -> str:
    """The one command in backquotes in ``markdown`` that starts with ``start``."""
    [command] = [c for c in re.findall(r"`([^`]+)`", markdown) if c.startswith(start)]
    return command


def test_the_verdict_advises_per_rule_and_its_commands_clear_the_gate(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_repo(git_repo)
    git_repo.write("docs/SESSION_HANDOFF.md", HANDOFF)
    git_repo.write("HANDOFF.md", HANDOFF)
    made = run_cli(["new", "--output", "my notes/handoff.json", *REFUNDS], cwd=git_repo.root)
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    into_main = ["--target-branch", "main"]
    gate = hits(check(run_cli, git_repo.root, *into_main), "handoff-in-merge")
    assert len(gate) == 2
    markdown = run_cli(["check", *into_main, "--format", "markdown"], cwd=git_repo.root).out
    markdown = markdown.split("### Findings")[0]  # the verdict, not the findings' own fixes
    assert "Remove or archive" not in markdown
    remove = _printed(markdown, "git rm")
    assert remove == (
        'git rm -- :/HANDOFF.md :/docs/SESSION_HANDOFF.md && git commit -m "handoff: done"'
    )
    archive = _printed(markdown, "handoff-audit archive")
    assert archive.startswith("handoff-audit archive 'my notes/handoff.json' && git add -- ")
    for command in (remove, archive):
        done = run_fix(git_repo.root, command)
        assert done.returncode == 0, (command, done.stderr)
    report = check(run_cli, git_repo.root, *into_main)
    assert [
        f for f in report["findings"] if f["rule"] in ("handoff-in-merge", "active-in-merge")
    ] == []
    assert git_repo.git("status", "--porcelain") == ""


def test_the_verdict_leaves_many_files_to_the_findings(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_branch(git_repo)
    for folder in ("a", "b", "c", "d"):
        git_repo.write(f"{folder}/HANDOFF.md", HANDOFF)
    git_repo.commit("wip")
    markdown = run_cli(
        ["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root
    ).out
    assert "delete the working notes the findings name (`git rm` each) and commit." in markdown
    assert "git rm --" not in markdown.split("### Findings")[0]


def _active_packets_beside_docs(repo: GitRepo, count: int) -> None:
    """``count`` active packets outside ``docs/``, the only folder the audit will be given."""
    for index in range(count):
        folder = f"svc{index}/" if index else ""
        repo.write(f"{folder}handoff.json", dump(packet(branch="feat/x")))
    repo.write("docs/guide.txt", "read me\n")
    repo.commit("wip")


def test_an_active_packet_outside_the_paths_given_still_blocks_the_merge(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_branch(git_repo)
    _active_packets_beside_docs(git_repo, 1)
    done = run_cli(["check", "--target-branch", "main", "docs/"], cwd=git_repo.root)
    assert done.code == 1, done.out
    assert done.out.startswith("handoff.json:5:13: active-in-merge: this active packet would be")
    assert done.out.endswith("0 packets checked: 1 error, 0 warnings, 0 notes. Merge blocked.\n")
    report = check(run_cli, git_repo.root, "--target-branch", "main", "docs/")
    assert [(f["path"], f["pointer"]) for f in hits(report, "active-in-merge")] == [
        ("handoff.json", "/status")
    ]
    # Not into a protected branch, or archived: nothing outside the paths given is reported.
    assert run_cli(["check", "docs/"], cwd=git_repo.root).code == 0
    git_repo.write("handoff.json", dump(packet(branch="feat/x", status="archived")))
    git_repo.commit("done")
    assert run_cli(["check", "--target-branch", "main", "docs/"], cwd=git_repo.root).code == 0


def test_unaudited_active_packets_cost_the_same_git_processes_whatever_their_number(
    tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    spawned = []
    for count in (1, 6):
        repo = GitRepo(tmp_path / f"repo{count}")
        feature_branch(repo)
        _active_packets_beside_docs(repo, count)
        before = plumbing.spawn_count()
        report = check(run_cli, repo.root, "--target-branch", "main", "docs/")
        spawned.append(plumbing.spawn_count() - before)
        assert len(hits(report, "active-in-merge")) == count
    assert spawned[0] == spawned[1]


DONE_NOTE = (
    "# Next Session Tasks\n\nNo pending issues. All tasks from v0.4.0 have been completed.\n\n"
    "## Completed in v0.4.0:\n- Fixed legend handling for multiple datasets\n"
)


def test_a_finished_note_on_main_is_told_to_go_not_to_grow(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """The gate claims nothing the note does not say, and no other finding asks to add a next
    step to the file the gate says to delete."""
    git_repo.write("NEXT_SESSION.md", DONE_NOTE)
    git_repo.commit("init")
    report = check(run_cli, git_repo.root)
    assert [f["rule"] for f in report["findings"]] == ["handoff-in-merge"]
    message = report["findings"][0]["message"]
    assert "unfinished" not in message and "a working note does not belong there" in message


def test_a_note_in_a_pull_request_is_completed_until_the_work_is_done(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """In a pull request the note still guides the sessions that finish the work: the gate asks
    to delete it once the work is done, and md-incomplete may ask for a next step till then."""
    feature_branch(git_repo)
    git_repo.write("HANDOFF.md", DONE_NOTE)
    git_repo.commit("notes")
    into_main = check(run_cli, git_repo.root, "--target-branch", "main")
    [gate] = hits(into_main, "handoff-in-merge")
    assert "unfinished" not in gate["message"]
    assert "once the work is done, delete it" in gate["message"]
    assert hits(into_main, "md-incomplete")


STATUS_NOTE = """# Project handoff

## Current state
- The comparison API serves `/similar` and `/similar/scoped`; both read the 2020 tables.
- Street View road bias landed in `geo/streetview.py` behind `--road-bias`.
- `make test` passes (212 tests) on commit 4f1c2e0.

## Interfaces
- `geo/api.py`: the HTTP endpoints and their query parameters.
- `geo/similarity.py`: scoring, shared by the CLI and the API.

## Ideas
- Prefer separate sibling repos for a richer web UI over growing this one.
"""


def test_a_note_on_main_names_the_findings_a_branch_reports(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """A note kept on main is judged the same on main and on a branch: on main the gate drops
    what the note lacks (it is to be deleted), and its message says so and how many it left out,
    which `check` on a branch reports."""
    git_repo.write("HANDOFF.md", STATUS_NOTE)
    git_repo.commit("handoff")
    on_main = check(run_cli, git_repo.root)
    [gate] = hits(on_main, "handoff-in-merge")
    assert not hits(on_main, "md-incomplete")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("README.md", "hello\n")
    git_repo.commit("readme")
    on_branch = check(run_cli, git_repo.root)
    missing = hits(on_branch, "md-incomplete")
    assert {f["facet"] for f in missing} >= {"next", "ruled_out"}
    assert f"left out here: {len(missing)} `md-incomplete` findings" in gate["message"]
    assert "`check` reports on other branches" in gate["message"]
