"""`new` never replaces what it may not, and `archive`, `supersede`, `render` refuse files that
are not packets (issue 12 items 4 and 5)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch
from core_packets import packet
from handoff_audit.markdown import render_packet

HAND_WRITTEN = "# Handoff\n\nWritten by hand. Next: fix the duplicate check.\n"


@pytest.fixture
def repo(git_repo: Any) -> Any:
    return on_feature_branch(git_repo)


def test_new_never_overwrites_a_hand_written_markdown_handoff(repo: Any, run_cli: Any) -> None:
    repo.write("handoff.md", HAND_WRITTEN)
    repo.commit("hand-written")
    result = run_cli(NEW, cwd=repo.root)
    assert result.code == 2
    assert "handoff.md is a hand-written handoff" in result.err
    assert (repo.root / "handoff.md").read_text() == HAND_WRITTEN
    assert not (repo.root / "handoff.json").exists()


def test_new_output_never_overwrites_a_hand_written_twin(repo: Any, run_cli: Any) -> None:
    repo.write(".handoff-audit.yml", 'packets: ["**/handoff.json", "docs/*.json"]\n')
    repo.write("docs/api.md", "# API\n\nHand-written.\n")
    repo.commit("docs")
    result = run_cli([*NEW, "--output", "docs/api.json"], cwd=repo.root)
    assert result.code == 2
    assert "docs/api.md" in result.err and "will not overwrite" in result.err
    assert (repo.root / "docs/api.md").read_text() == "# API\n\nHand-written.\n"
    assert not (repo.root / "docs/api.json").exists()


def test_new_never_overwrites_json_that_is_no_packet_or_another_active_packet(
    repo: Any, run_cli: Any
) -> None:
    repo.write(".handoff-audit.yml", 'packets: ["**/handoff.json", "docs/*.json"]\n')
    repo.write("docs/api.json", {"openapi": "3.1.0"})
    repo.write("handoff.json", packet(branch="feat/other"))
    repo.commit("files")
    before = {p: (repo.root / p).read_bytes() for p in ("docs/api.json", "handoff.json")}
    foreign = run_cli([*NEW, "--output", "docs/api.json"], cwd=repo.root)
    assert foreign.code == 2 and "not a handoff packet" in foreign.err
    other = run_cli(NEW, cwd=repo.root)
    assert other.code == 2
    assert "active packet of branch 'feat/other'" in other.err and "archive" in other.err
    repo.write("handoff.json", "not json at all")
    broken = run_cli(NEW, cwd=repo.root)
    assert broken.code == 2 and "will not overwrite" in broken.err
    assert (repo.root / "handoff.json").read_text() == "not json at all"
    repo.write("handoff.json", before["handoff.json"])
    assert {p: (repo.root / p).read_bytes() for p in before} == before
    assert not (repo.root / "docs/api.md").exists()


def test_new_replaces_a_finished_packet_only_once_git_holds_it(repo: Any, run_cli: Any) -> None:
    old = packet(branch="feat/old", status="archived")
    repo.write("handoff.json", old)
    repo.write("handoff.md", render_packet(old))
    repo.commit("old packet")
    repo.write("handoff.md", render_packet(old) + "\nEdited after the commit.\n")
    pending = run_cli(NEW, cwd=repo.root)
    assert pending.code == 2
    assert "commit it first" in pending.err and "handoff.md" in pending.err
    assert "Edited after the commit." in (repo.root / "handoff.md").read_text()
    repo.commit("edit")
    replaced = run_cli(NEW, cwd=repo.root)
    assert replaced.code == 0, replaced.err
    assert "replaced handoff.json, the archived packet of branch 'feat/old'" in replaced.err
    assert json.loads((repo.root / "handoff.json").read_text())["branch"] == "feat/refunds"


@pytest.mark.parametrize(
    "command",
    [["archive"], ["supersede", "--by", "x.json"], ["render", "--write"], ["render"]],
)
def test_status_and_render_commands_refuse_a_file_that_is_no_packet(
    repo: Any, run_cli: Any, command: list[str]
) -> None:
    package = repo.write("package.json", {"name": "shop", "version": "1.0.0"})
    repo.write("package.md", "# shop\n")
    before = (package.read_bytes(), (repo.root / "package.md").read_bytes())
    result = run_cli([*command, "package.json"], cwd=repo.root)
    assert result.code == 2
    assert "not a handoff packet" in result.err and '"branch"' in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert (package.read_bytes(), (repo.root / "package.md").read_bytes()) == before
    half = repo.write("half.json", {"branch": "feat/refunds", "summary": "no status"})
    assert run_cli([*command, "half.json"], cwd=repo.root).code == 2
    assert json.loads(half.read_text()) == {"branch": "feat/refunds", "summary": "no status"}
    assert not (repo.root / "half.md").exists()
