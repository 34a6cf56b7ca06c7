"""A pointer that resolves outside the repository is `dangling-pointer` "points outside the
repository", whether or not its target exists: no existence oracle (issue 21, item 8)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import GitRepo, Result
from core_packets import packet, write_packet
from handoff_audit.git.pointed_paths import leads_outside

Run = Callable[..., Result]


def _messages(run_cli: Run, root: Path) -> dict[str, str]:
    result = run_cli(["check", "--format", "json", "--select", "dangling-pointer"], cwd=root)
    return {
        f["pointer"]: f["message"]
        for f in result.json()["findings"]
        if f["rule"] == "dangling-pointer"
    }


def test_a_link_out_does_not_tell_which_targets_exist(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "passwd").write_text("root:x:0:0\n")
    os.symlink(outside, git_repo.root / "lnk")
    pointers = ["lnk/passwd", "lnk/nonexist", "../elsewhere/passwd", "/etc/hostname", "README.md"]
    (git_repo.root / "README.md").write_text("hi\n")
    write_packet(
        git_repo.root, packet(pointers=pointers, changed_files=["README.md"], verdict_pointer="ci")
    )
    git_repo.commit("a link out and pointers through it")
    found = {k: v for k, v in _messages(run_cli, git_repo.root).items() if "pointers" in k}
    assert set(found) == {"/pointers/0", "/pointers/1", "/pointers/2", "/pointers/3"}
    for index, path in enumerate(pointers[:4]):
        expected = found["/pointers/1"].replace("[1]", f"[{index}]").replace("lnk/nonexist", path)
        assert found[f"/pointers/{index}"] == expected
    assert "points outside the repository" in found["/pointers/0"]


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.text("abcxyz", min_size=1, max_size=6),
    exists=st.booleans(),
    through_link=st.booleans(),
)
def test_outside_whatever_exists_inside_whatever_it_is(
    tmp_path_factory: pytest.TempPathFactory, name: str, exists: bool, through_link: bool
) -> None:
    base = tmp_path_factory.mktemp("p")
    root, outside = base / "repo", base / "out"
    (root / "in").mkdir(parents=True)
    outside.mkdir()
    if exists:
        (outside / name).write_text("x")
        (root / "in" / name).write_text("x")
    os.symlink(outside if through_link else root / "in", root / "lnk")
    assert leads_outside(root, f"lnk/{name}") is through_link
    assert leads_outside(root, f"../out/{name}")
    assert not leads_outside(root, f"in/{name}")
