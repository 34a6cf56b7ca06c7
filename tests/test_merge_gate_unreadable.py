"""The merge verdict's `active-in-merge` fix for packets that cannot be read (not JSON, nested
too deep, a link out of the repository, over `max-file-bytes`): `archive` refuses them, so the
one-line fix in the job summary and the comment drops them, naming only files that exist, and
works when run as printed (reviews 49-1 defect 3, 49-3 defect 6)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from action_runner import PR, Runner
from action_support import packet_data
from agent_support import feature_repo, run_fix
from conftest import GitRepo
from handoff_audit.markdown import render_packet

MARKDOWN_NOTES = (
    "# E2E tests for offline hardening\n\n## Context\nOffline hardening is committed; 2972 unit "
    "tests pass.\n\n## Next step\n- Write `e2e/offline.spec.ts` for the multi-tab sync lock.\n"
)


def _unreadable_packets(repo: GitRepo, outside: Path) -> None:
    """A markdown note saved as `.json` (no twin), a packet nested too deep (with a twin), and
    a link to a packet outside the repository."""
    repo.write("docs/handoff.json", MARKDOWN_NOTES)
    repo.write("deep/handoff.json", "[" * 100 + "]" * 100)
    repo.write("deep/handoff.md", "# Handoff\n\nDeep.\n")
    outside.write_text(json.dumps(packet_data(status="active")), encoding="utf-8")
    (repo.root / "link").mkdir()
    (repo.root / "link" / "handoff.json").symlink_to(outside)


def _verdict_fix(markdown: str) -> str:
    """The one command of the verdict's `active-in-merge` line."""
    [line] = [x for x in markdown.splitlines() if x.startswith("- `active-in-merge`")]
    [command] = [c for c in re.findall(r"`([^`]+)`", line) if " && " in c]
    return command


def _gate(run_cli: Callable[..., Any], root: Path) -> list[str]:
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=root)
    return sorted(f["path"] for f in done.json()["findings"] if f["rule"] == "active-in-merge")


def test_the_verdict_drops_unreadable_packets_and_its_command_clears_the_gate(
    git_repo: GitRepo, run_cli: Callable[..., Any], tmp_path: Path
) -> None:
    feature_repo(git_repo)
    _unreadable_packets(git_repo, tmp_path / "outside.json")
    git_repo.commit("handoff")
    assert _gate(run_cli, git_repo.root) == [
        "deep/handoff.json",
        "docs/handoff.json",
        "link/handoff.json",
    ]
    done = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root)
    assert done.code == 1
    command = _verdict_fix(done.out.split("### Findings")[0])
    assert "archive" not in command and "git add" not in command, command
    assert ":/docs/handoff.md" not in command and ":/link/handoff.md" not in command, command
    ran = run_fix(git_repo.root, command)
    assert ran.returncode == 0, (command, ran.stderr)
    assert _gate(run_cli, git_repo.root) == []
    assert git_repo.git("status", "--porcelain") == ""
    assert (tmp_path / "outside.json").is_file()  # only the link went


def test_a_packet_over_max_file_bytes_is_dropped_and_a_readable_one_archived(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    feature_repo(git_repo)
    git_repo.write(".handoff-audit.yml", "max-file-bytes: 4000\n")
    data = packet_data(branch="feat/refunds", last_known_good_commit=git_repo.head())
    git_repo.write("handoff.json", data)
    git_repo.write("handoff.md", render_packet(data))
    git_repo.write("big/handoff.json", packet_data(summary="x" * 5000))
    git_repo.commit("handoff")
    assert _gate(run_cli, git_repo.root) == ["big/handoff.json", "handoff.json"]
    out = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root)
    verdict = out.out.split("### Findings")[0]
    archive = [x for x in verdict.splitlines() if "handoff-audit archive handoff.json" in x]
    assert len(archive) == 1 and "big/" not in archive[0], verdict
    drop = re.search(r"`(git rm --ignore-unmatch -- :/big/handoff\.json && [^`]+)`", verdict)
    assert drop is not None, verdict
    for command in (re.findall(r"`(handoff-audit archive [^`]+)`", archive[0])[0], drop[1]):
        ran = run_fix(git_repo.root, command)
        assert ran.returncode == 0, (command, ran.stderr)
    assert _gate(run_cli, git_repo.root) == []


def test_the_job_summary_and_comment_fix_works_for_a_markdown_note_saved_as_json(
    runner: Runner,
) -> None:
    repo = runner.repo
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("docs/handoff.json", MARKDOWN_NOTES)
    repo.write("deep/handoff.json", "[" * 100 + "]" * 100)
    runner.head = repo.commit("e2e handoff")
    done = runner.run("pull_request", runner.pull_request())
    assert done.code == 1 and done.outputs["blocked"] == "true"
    command = _verdict_fix(done.summary)
    [comment] = runner.fake.ours(PR)
    assert command in comment["body"]
    assert command == (
        "git rm --ignore-unmatch -- :/deep/handoff.json :/docs/handoff.json && "
        'git commit -m "handoff: drop '
        'the unreadable packets"'
    )
    ran = run_fix(repo.root, command)
    assert ran.returncode == 0, (command, ran.stderr)
    assert repo.git("status", "--porcelain") == ""


def test_the_drop_command_works_when_the_twin_is_untracked(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """Review 49-9, defect 5: the audit names a twin found in the work tree, which git may not
    track; `git rm` of it alone failed with "pathspec did not match" and removed nothing."""
    feature_repo(git_repo)
    git_repo.write("handoff.json", '{"branch": "feat", "status": "active",\n')
    git_repo.commit("broken packet")
    (git_repo.root / "handoff.md").write_text("# Handoff\n", encoding="utf-8")  # untracked
    done = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root)
    command = _verdict_fix(done.out.split("### Findings")[0])
    assert ":/handoff.md" in command, command
    ran = run_fix(git_repo.root / "src", command)  # as printed, from a subfolder too
    assert ran.returncode == 0, (command, ran.stderr)
    assert _gate(run_cli, git_repo.root) == []
    assert git_repo.git("status", "--porcelain") == "?? handoff.md"
