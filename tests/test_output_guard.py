"""`check --output` never writes over a handoff file of the repository, whatever PATHS say."""

from __future__ import annotations

import os
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch


@pytest.fixture
def repo(git_repo: Any, run_cli: Any) -> Any:
    """A committed packet and its twin at the root, and a folder ``docs`` with no handoff."""
    repo = on_feature_branch(git_repo)
    repo.write("docs/x.txt", "hi\n")
    repo.commit("docs")
    assert run_cli(NEW, cwd=repo.root).code == 0
    repo.commit("packet")
    return repo


def test_a_twin_outside_the_audited_paths_is_not_overwritten(repo: Any, run_cli: Any) -> None:
    twin = repo.root / "handoff.md"
    before = twin.read_bytes()
    result = run_cli(["check", "docs", "--format", "markdown", "-o", "handoff.md"], cwd=repo.root)
    assert result.code == 2, result.err
    assert result.err.strip().splitlines()[-1] == (
        "handoff-audit: error: --output handoff.md is the handoff file handoff.md; "
        "write the report elsewhere"
    )
    assert twin.read_bytes() == before


@pytest.mark.parametrize(
    ("config", "name"),
    [
        ("", "HANDOFF.md"),
        ("block-files: [notes/NEXT.md]\n", "notes/NEXT.md"),
        ("series: [handoffs]\n", "handoffs/2026-01-02.md"),
        ('packets: ["plans/*.json"]\n', "plans/auth.md"),
    ],
)
def test_an_output_the_configuration_names_a_handoff_is_refused(
    repo: Any, run_cli: Any, config: str, name: str
) -> None:
    if config:
        repo.write(".handoff-audit.yml", config)
    if name.startswith("plans/"):
        repo.write("plans/auth.json", "{}\n")  # not audited under docs: the twin's name counts
    hand_written = repo.write(name, "# Handoff\n\nAnna's notes, not committed yet.\n")
    result = run_cli(["check", "docs", "-o", name], cwd=repo.root)
    assert result.code == 2, result.err
    assert f"is the handoff file {name}; write the report elsewhere" in result.err
    assert hand_written.read_text() == "# Handoff\n\nAnna's notes, not committed yet.\n"


def test_the_same_file_under_another_name_is_refused(repo: Any, run_cli: Any) -> None:
    """By identity, as a case-insensitive file system sees ``HANDOFF.MD``: here a hard link."""
    other = repo.root / "Handoff-link.md"
    os.link(repo.root / "handoff.md", other)
    before = other.read_bytes()
    result = run_cli(["check", "docs", "-o", "Handoff-link.md"], cwd=repo.root)
    assert result.code == 2, result.err
    assert "is the handoff file handoff.md" in result.err
    assert other.read_bytes() == before


def test_an_ordinary_output_is_still_written(repo: Any, run_cli: Any) -> None:
    result = run_cli(
        ["check", "docs", "--format", "markdown", "-o", "docs/report.md"], cwd=repo.root
    )
    assert result.code == 0, result.err
    assert "handoff-audit" in (repo.root / "docs/report.md").read_text()
