"""A default handoff name in another letter case (``Handoff.md``, ``HANDOFF.MD``) is the same
file on macOS and Windows checkouts: it is audited and blocked like ``HANDOFF.md``, while a
name written exactly as a glob writes it (``handoff.md`` beside ``handoff.json``, the kept
``handover.md``) keeps its own meaning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo
from gate_support import on_a_feature_branch
from git_helpers import hits, packet

HAND_WRITTEN = (
    "# Handoff\n\n## State\nHalf done: src/api.py has the endpoint, no tests yet.\n\n"
    "## Next\nRun pytest tests/test_api.py and fix the failures.\n"
)


def _feature_branch(root: Path, files: dict[str, str]) -> GitRepo:
    repo = GitRepo(root)
    on_a_feature_branch(repo, files)
    return repo


def _check_into_main(run_cli, root: Path) -> tuple[int, dict[str, Any]]:  # type: ignore[no-untyped-def]
    result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=root)
    return result.code, json.loads(result.out)


@pytest.mark.parametrize(
    "name", ["Handoff.md", "HANDOFF.MD", "Session_Handoff.md", "docs/Next_Session.md"]
)
def test_a_case_variant_is_audited_and_blocked(tmp_path: Path, run_cli, name: str) -> None:  # type: ignore[no-untyped-def]
    repo = _feature_branch(tmp_path, {name: HAND_WRITTEN})
    code, report = _check_into_main(run_cli, repo.root)
    assert code == 1
    assert [(p["path"], p["kind"]) for p in report["packets"]] == [(name, "markdown")]
    assert [h["path"] for h in hits(report, "handoff-in-merge")] == [name]


def test_the_twin_stays_the_json_packets_twin(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    repo = GitRepo(tmp_path)
    repo.write("README.md", "hi\n")
    lkg = repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    repo.write("handoff.json", packet(branch="feat/x", lkg=lkg, status="archived"))
    repo.commit("packet")
    assert run_cli(["render", "handoff.json", "--write"], cwd=repo.root).code == 0
    repo.commit("twin")
    code, report = _check_into_main(run_cli, repo.root)
    assert [(p["path"], p["kind"], p["markdown"]) for p in report["packets"]] == [
        ("handoff.json", "json", "handoff.md")
    ]
    assert not hits(report, "handoff-in-merge")
    assert code == 0, report["findings"]


def test_a_kept_log_name_is_not_blocked(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    # `packets` lists `handover.md` exactly, as a log kept on purpose; only `HANDOVER.md` blocks.
    repo = _feature_branch(tmp_path, {"handover.md": HAND_WRITTEN})
    _, report = _check_into_main(run_cli, repo.root)
    assert [(p["path"], p["kind"]) for p in report["packets"]] == [("handover.md", "markdown")]
    assert not hits(report, "handoff-in-merge")


def test_a_lone_lowercase_handoff_md_is_a_note_and_blocked(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    # With no handoff.json beside it, handoff.md is the hand-written kind (README), finished
    # with `git rm`; on macOS and Windows it is the same file as HANDOFF.md.
    repo = _feature_branch(tmp_path, {"docs/handoff.md": HAND_WRITTEN})
    code, report = _check_into_main(run_cli, repo.root)
    assert [(p["path"], p["kind"]) for p in report["packets"]] == [("docs/handoff.md", "markdown")]
    assert [f["path"] for f in hits(report, "handoff-in-merge")] == ["docs/handoff.md"]
    assert code == 1


def test_markdown_beside_a_json_the_gate_leaves_out_is_a_working_note(
    tmp_path: Path, run_cli: Any
) -> None:
    # Another tool's handoff.json and a hand-written handoff.md, with `packets` set so that
    # neither is read: the JSON is no packet the gate judges, so handoff.md is no twin of it but
    # a working note, blocked as a lone one is (review 52-2); so is its case variant.
    config = 'packets: [".handoff/**/*.json", "**/HANDOFF.md"]\n'
    repo = GitRepo(tmp_path)
    repo.write(".handoff-audit.yml", config)  # main's: the gate reads it, as the Action does
    on_a_feature_branch(repo, {"handoff.json": "{}\n", "handoff.md": HAND_WRITTEN})
    code, report = _check_into_main(run_cli, repo.root)
    assert report["packets"] == []
    assert [h["path"] for h in hits(report, "handoff-in-merge")] == ["handoff.md"]
    assert code == 1
    repo.git("mv", "handoff.md", "Handoff.md")
    repo.commit("renamed away from its JSON file")
    code, report = _check_into_main(run_cli, repo.root)
    assert [h["path"] for h in hits(report, "handoff-in-merge")] == ["Handoff.md"]
    assert code == 1
