"""`new` and `update` store `--pointer` and `--verdict-pointer` paths from the repository root,
as `check` reads them: the same command writes the same packet from any folder. Real
repositories, the real CLI, run from a subfolder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from authoring_support import on_feature_branch, packet_json
from git_helpers import check, hits

FIELDS = ["--summary", "Added pkg.", "--next-action", "Test pkg/mod.py."]


@pytest.fixture
def repo(git_repo: Any) -> Any:
    on_feature_branch(git_repo)
    git_repo.write("pkg/mod.py", "x = 1\n")
    git_repo.write("reports/pytest.txt", "ok\n")
    git_repo.commit("pkg")
    return git_repo


def test_new_from_a_subfolder_stores_paths_from_the_root(repo: Any, run_cli: Any) -> None:
    made = run_cli(
        [
            "new",
            *FIELDS,
            "--verdict-pointer",
            "../reports/pytest.txt",
            "--pointer",
            "mod.py:3",
            "--pointer",
            "src/app.py",  # not in pkg/: from the root, as a finding names it
            "--pointer",
            "https://ci.example.com/run/1",
        ],
        cwd=repo.root / "pkg",
    )
    assert made.code == 0, made.err
    data = packet_json(repo)
    assert data["verdict_pointer"] == "reports/pytest.txt"
    assert data["pointers"] == ["pkg/mod.py:3", "src/app.py", "https://ci.example.com/run/1"]
    repo.commit("handoff")
    assert hits(check(run_cli, repo.root), "dangling-pointer") == []


def test_the_same_command_gives_the_same_packet_from_the_root(repo: Any, run_cli: Any) -> None:
    made = run_cli(
        ["new", *FIELDS, "--verdict-pointer", "reports/pytest.txt", "--pointer", "pkg/mod.py:3"],
        cwd=repo.root,
    )
    assert made.code == 0, made.err
    repo.commit("handoff")
    again = run_cli(
        ["update", "--verdict-pointer", "../reports/pytest.txt", "--pointer", "mod.py:3"],
        cwd=repo.root / "pkg",
    )
    assert again.code == 0, again.err
    data = packet_json(repo)
    assert data["verdict_pointer"] == "reports/pytest.txt"
    assert data["pointers"] == ["pkg/mod.py:3"]


@pytest.mark.parametrize("option", ["--pointer", "--verdict-pointer"])
def test_a_path_outside_the_repository_is_refused(
    repo: Any, run_cli: Any, option: str, tmp_path: Path
) -> None:
    made = run_cli(["new", *FIELDS, "--verdict-pointer", "reports/pytest.txt"], cwd=repo.root)
    assert made.code == 0, made.err
    repo.commit("handoff")
    before = (repo.root / "handoff.json").read_bytes(), (repo.root / "handoff.md").read_bytes()
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("x\n")
    for value in ("../../elsewhere.txt", str(outside)):
        refused = run_cli(["update", option, value], cwd=repo.root / "pkg")
        assert refused.code == 2, refused.err
        [line] = refused.err.splitlines()
        assert line.startswith(f"handoff-audit: error: {option} {value}: "), line
        assert "is outside the repository" in line and "give a URL" in line
    after = (repo.root / "handoff.json").read_bytes(), (repo.root / "handoff.md").read_bytes()
    assert after == before


@pytest.mark.parametrize("option", ["--pointer", "--verdict-pointer"])
@pytest.mark.parametrize("value", [".git/config", ".git/refs/heads/x", "../.git/HEAD"])
def test_a_path_into_git_s_own_folder_is_refused(
    repo: Any, run_cli: Any, option: str, value: str
) -> None:
    """Review 49-10, defect 4: `check` reports such a pointer as `dangling-pointer`."""
    fields = [*FIELDS, "--verdict-pointer", "reports/pytest.txt"]
    refused = run_cli(["new", *fields, option, value], cwd=repo.root / "pkg")
    assert refused.code == 2, refused.err
    [line] = refused.err.splitlines()
    assert line.startswith(f"handoff-audit: error: {option} {value}: "), line
    assert "points into git's own folder (.git)" in line and "give a URL" in line
    assert not (repo.root / "handoff.json").exists()
    made = run_cli(["new", *fields], cwd=repo.root)
    assert made.code == 0, made.err
    before = (repo.root / "handoff.json").read_bytes()
    refused = run_cli(["update", option, value], cwd=repo.root / "pkg")
    assert refused.code == 2 and "points into git's own folder" in refused.err, refused.err
    assert (repo.root / "handoff.json").read_bytes() == before
