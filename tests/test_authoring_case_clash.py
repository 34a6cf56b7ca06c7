"""The writers never write a packet or twin beside a file whose name differs from it only in
letter case: on macOS and Windows ``handoff.md`` is the hand-written ``HANDOFF.md`` (a
reviewer's run on iandorsey00/geocompare, where `new` wrote ``handoff.md`` beside it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch
from core_packets import packet

HAND_WRITTEN = "# Handoff\n\nWritten by hand. Next: fix the duplicate check.\n"


@pytest.fixture
def repo(git_repo: Any) -> Any:
    return on_feature_branch(git_repo)


def test_new_refuses_a_twin_beside_a_tracked_hand_written_handoff(repo: Any, run_cli: Any) -> None:
    repo.write("HANDOFF.md", HAND_WRITTEN)
    repo.commit("hand-written")
    result = run_cli(NEW, cwd=repo.root)
    assert result.code == 2, result.err
    assert result.err.count("\n") == 1
    assert "handoff.md: would overwrite HANDOFF.md on macOS and Windows" in result.err
    assert "`git mv HANDOFF.md NEW-NAME`" in result.err
    assert "`--topic NAME` (.handoff/NAME.json) or `--output FILE`" in result.err
    assert "Traceback" not in result.err
    assert sorted(p.name for p in repo.root.iterdir() if p.name != ".git") == ["HANDOFF.md", "src"]
    assert (repo.root / "HANDOFF.md").read_text() == HAND_WRITTEN
    # the way around it the error names works
    topic = run_cli([*NEW, "--topic", "refunds"], cwd=repo.root)
    assert topic.code == 0, topic.err
    assert (repo.root / ".handoff/refunds.md").is_file()
    assert (repo.root / "HANDOFF.md").read_text() == HAND_WRITTEN


def test_new_refuses_a_packet_beside_an_untracked_json_of_another_case(
    repo: Any, run_cli: Any
) -> None:
    (repo.root / "Handoff.json").write_text('{"notes": "mine"}\n')
    result = run_cli([*NEW, "--allow-dirty"], cwd=repo.root)
    assert result.code == 2, result.err
    assert "handoff.json: would overwrite Handoff.json" in result.err
    assert "(`mv Handoff.json NEW-NAME`)" in result.err  # git does not track it
    assert not (repo.root / "handoff.json").exists()
    assert not (repo.root / "handoff.md").exists()


def test_render_and_update_refuse_a_twin_over_a_case_variant(repo: Any, run_cli: Any) -> None:
    repo.write("handoff.json", packet(branch="feat/refunds"))
    repo.write("HANDOFF.md", HAND_WRITTEN)
    repo.commit("packet without its twin, and a hand-written note")
    before = (repo.root / "handoff.json").read_bytes()
    for command in (
        ["render", "--write", "handoff.json"],
        ["update", "--summary", "More refunds.", "--allow-dirty"],
        ["archive", "handoff.json"],
    ):
        result = run_cli(command, cwd=repo.root)
        assert result.code == 2, (command, result.err)
        assert result.err.count("\n") == 1
        assert "handoff.md: would overwrite HANDOFF.md on macOS and Windows" in result.err
        assert "--topic" not in result.err  # only `new` chooses where its packet goes
        assert not (repo.root / "handoff.md").exists()
        assert (repo.root / "handoff.json").read_bytes() == before
    assert (repo.root / "HANDOFF.md").read_text() == HAND_WRITTEN


def test_md_missing_says_why_the_case_variant_is_no_twin(repo: Any, run_cli: Any) -> None:
    repo.write("handoff.json", packet(branch="feat/refunds"))
    repo.write("HANDOFF.md", HAND_WRITTEN)
    repo.commit("packet without its twin, and a hand-written note")
    result = run_cli(["check", "--format", "json", "--select", "md-missing"], cwd=repo.root)
    messages = [f["message"] for f in json.loads(result.out)["findings"]]
    assert len(messages) == 1
    assert messages[0].startswith(
        "no markdown twin handoff.md; the HANDOFF.md beside it differs only in letter case and "
        "cannot be the twin: on macOS and Windows the two names are one file"
    )
    assert "git mv -- HANDOFF.md <new-name>.md" in messages[0]
    assert messages[0].endswith("then run `handoff-audit render --write handoff.json`")
