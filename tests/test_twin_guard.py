"""`update`, `archive` and `supersede` refuse to render a twin anew over text a person wrote in
it that the packet lacks; `render --write` still discards it when asked."""

from __future__ import annotations

import os
import re
import shlex
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch, packet_json

NOTE = "\n## Notes from Anna\n\nThe staging DB is shared with team B: never run migrations there.\n"


@pytest.fixture
def annotated(git_repo: Any, run_cli: Any) -> Any:
    """A committed packet whose twin a person then added a section to."""
    repo = on_feature_branch(git_repo)
    assert run_cli(NEW, cwd=repo.root).code == 0
    repo.commit("packet")
    with (repo.root / "handoff.md").open("a", encoding="utf-8") as twin:
        twin.write(NOTE)
    return repo


def _files(repo: Any) -> tuple[bytes, bytes]:
    return (repo.root / "handoff.json").read_bytes(), (repo.root / "handoff.md").read_bytes()


@pytest.mark.parametrize(
    "argv",
    [
        ["update", "--trap", "flaky test_b on CI"],
        ["archive"],
        ["supersede", "--by", "auth/v2"],
    ],
)
def test_writers_refuse_to_drop_text_written_in_the_twin(
    annotated: Any, run_cli: Any, argv: list[str]
) -> None:
    before = _files(annotated)
    result = run_cli(argv, cwd=annotated.root)
    assert result.code == 2, result.err
    error = result.err.strip().splitlines()[-1]
    assert "Traceback" not in result.err
    assert "handoff.md" in error and "'Notes from Anna'" in error
    assert "--trap 'Notes from Anna: The staging DB" in error
    assert "render --write handoff.json" in error
    assert _files(annotated) == before


def test_the_printed_command_carries_the_text_and_update_then_succeeds(
    annotated: Any, run_cli: Any
) -> None:
    refused = run_cli(["update", "--trap", "flaky test_b on CI"], cwd=annotated.root)
    assert refused.code == 2
    command = re.search(r"`(handoff-audit update [^`]*)`", refused.err)
    assert command is not None, refused.err
    carried = run_cli(shlex.split(command.group(1))[1:], cwd=annotated.root)
    assert carried.code == 0, carried.err
    again = run_cli(["update", "--trap", "flaky test_b on CI"], cwd=annotated.root)
    assert again.code == 0, again.err
    traps = packet_json(annotated)["traps"]
    assert any("staging DB is shared with team B" in trap for trap in traps)
    assert "flaky test_b on CI" in traps
    assert "staging DB is shared" in (annotated.root / "handoff.md").read_text()


def test_render_write_still_discards_the_text_deliberately(annotated: Any, run_cli: Any) -> None:
    assert run_cli(["render", "--write", "handoff.json"], cwd=annotated.root).code == 0
    assert "Notes from Anna" not in (annotated.root / "handoff.md").read_text()
    assert run_cli(["update", "--trap", "x"], cwd=annotated.root).code == 0


def _next_action_edited_in(git_repo: Any, run_cli: Any, edited: str, other: str) -> Any:
    """A committed packet and twin from `new`; then the next action edited in `edited` alone,
    which is left a second newer than `other`."""
    repo = on_feature_branch(git_repo)
    assert run_cli(NEW, cwd=repo.root).code == 0
    repo.commit("packet")
    path = repo.root / edited
    path.write_text(path.read_text().replace("Fix the duplicate check.", "Ship it."))
    other_time = (repo.root / other).stat().st_mtime_ns
    os.utime(path, ns=(other_time + 10**9, other_time + 10**9))
    return repo


def test_a_field_edited_in_the_json_only_is_no_reason_to_refuse(
    git_repo: Any, run_cli: Any
) -> None:
    repo = _next_action_edited_in(git_repo, run_cli, "handoff.json", "handoff.md")
    result = run_cli(["update", "--trap", "x"], cwd=repo.root)
    assert result.code == 0, result.err
    assert packet_json(repo)["next_action"] == "Ship it."
    assert "Ship it." in (repo.root / "handoff.md").read_text()


def test_a_field_edited_in_the_twin_is_carried_not_dropped(git_repo: Any, run_cli: Any) -> None:
    repo = _next_action_edited_in(git_repo, run_cli, "handoff.md", "handoff.json")
    before = _files(repo)
    result = run_cli(["archive"], cwd=repo.root)
    assert result.code == 2, result.err
    assert "--next-action 'Ship it.'" in result.err
    assert _files(repo) == before
