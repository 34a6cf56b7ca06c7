"""Writers never follow a symbolic link to a folder out of the repository (issue 21, item 3)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from authoring_support import NEW, on_feature_branch
from conftest import GitRepo, Result
from handoff_audit.authoring.packet_files import refuse_outside, write_atomic
from handoff_audit.errors import InputError

Run = Callable[..., Result]


def _outside(git_repo: GitRepo) -> Path:
    outside = git_repo.root.parent / "outside"
    outside.mkdir(exist_ok=True)
    return outside


def test_new_does_not_write_through_a_linked_handoff_folder(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = on_feature_branch(git_repo)
    outside = _outside(repo)
    os.symlink(outside, repo.root / ".handoff")
    repo.commit("a handoff folder that is a link")
    result = run_cli([*NEW, "--topic", "t1"], cwd=repo.root)
    assert result.code == 2, result.err
    assert "outside the repository" in result.err and "Traceback" not in result.err
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("dangling", [False, True])
def test_hook_install_does_not_write_through_a_linked_claude_folder(
    git_repo: GitRepo, run_cli: Run, dangling: bool
) -> None:
    outside = _outside(git_repo)
    target = outside / "gone" if dangling else outside
    os.symlink(target, git_repo.root / ".claude")
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 2, result.err
    assert "outside the repository" in result.err and "Traceback" not in result.err
    assert list(outside.iterdir()) == []


def test_a_link_to_a_folder_inside_is_followed(git_repo: GitRepo, run_cli: Run) -> None:
    repo = on_feature_branch(git_repo)
    (repo.root / "docs" / "handoffs").mkdir(parents=True)
    (repo.root / "docs" / "handoffs" / ".keep").write_text("")
    os.symlink(repo.root / "docs" / "handoffs", repo.root / ".handoff")
    repo.commit("a handoff folder that is a link")
    result = run_cli([*NEW, "--topic", "t1"], cwd=repo.root)
    assert result.code == 0, result.err
    assert (repo.root / "docs" / "handoffs" / "t1.json").is_file()


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    depth=st.integers(min_value=0, max_value=3),
    link_at=st.integers(min_value=0, max_value=3),
    leads_out=st.booleans(),
)
def test_a_write_lands_inside_or_is_refused(
    tmp_path_factory: pytest.TempPathFactory, depth: int, link_at: int, leads_out: bool
) -> None:
    base = tmp_path_factory.mktemp("layout")
    root = base / "repo"
    (root / ".git").mkdir(parents=True)
    elsewhere = base / "elsewhere" if leads_out else root / "real"
    elsewhere.mkdir()
    parts = [f"d{i}" for i in range(depth + 1)]
    link_at = min(link_at, depth)
    folder = root.joinpath(*parts[:link_at])
    folder.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, folder / parts[link_at])
    path = root.joinpath(*parts, "p.json")
    if leads_out:
        with pytest.raises(InputError, match="outside the repository"):
            write_atomic(path, "{}\n")
        assert not any(p.is_file() for p in (base / "elsewhere").rglob("*"))
    else:
        refuse_outside(path)
        assert write_atomic(path, "{}\n")
        assert path.resolve().is_relative_to(root.resolve())
