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
from handoff_audit.git.pointed_paths import WorkTree

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
    tree = WorkTree(root)
    assert tree.leads_outside(f"lnk/{name}") is through_link
    assert tree.leads_outside(f"../out/{name}")
    assert not tree.leads_outside(f"in/{name}")


def test_the_work_tree_resolves_paths_as_realpath_does(tmp_path: Path) -> None:
    """`WorkTree` resolves each folder once; every path still resolves to what
    `os.path.realpath` gives: through links in and out, chains, a loop, a dangling link, a file
    used as a folder, and ``.`` and empty parts."""
    root, outside = tmp_path / "repo", tmp_path / "out"
    (root / "a" / "b").mkdir(parents=True)
    (outside / "c").mkdir(parents=True)
    (root / "a" / "b" / "f.txt").write_text("x")
    os.symlink(root / "a", root / "in_link")
    os.symlink(outside, root / "a" / "out_link")
    os.symlink("in_link", root / "chain")
    os.symlink("loop2", root / "loop1")
    os.symlink("loop1", root / "loop2")
    os.symlink("nowhere", root / "a" / "dangling")
    paths = [
        "a/b/f.txt", "a/b/f.txt/x", "a/./b//f.txt", ".", "a/b/missing/deeper", "in_link/b/f.txt",
        "a/out_link/c", "a/out_link/c/d", "chain/b", "chain/out_link/c", "loop1/x", "loop2",
        "a/dangling", "a/dangling/x", "/".join(["a"] * 80),
    ]  # fmt: skip
    tree = WorkTree(root)
    for path in paths * 2:  # the second time from the folder cache
        assert tree._realpath(path) == os.path.realpath(root / path), path
        expected = os.path.commonpath((os.path.realpath(root), os.path.realpath(root / path)))
        assert tree.leads_outside(path) is (expected != os.path.realpath(root)), path


def test_a_pointer_into_the_git_folder_does_not_tell_what_exists_there(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """`.git/refs/heads/<branch>` got no finding when the branch existed and `dangling-pointer`
    when it did not: a pull request could probe the runner's refs, hooks and settings."""
    (git_repo.root / "README.md").write_text("hi\n")
    git_repo.commit("init")
    git_repo.git("branch", "release/secret-deal")
    os.symlink(".git", git_repo.root / "gitstuff")
    pointers = [
        ".git/refs/heads/release/secret-deal",
        ".git/refs/heads/release/no-such-branch",
        ".git/config",
        "gitstuff/config",
        ".git/nope",
    ]
    write_packet(
        git_repo.root,
        packet(pointers=pointers, changed_files=["README.md"], verdict_pointer=".git/HEAD"),
    )
    git_repo.commit("pointers into .git")
    found = _messages(run_cli, git_repo.root)
    assert set(found) == {"/verdict_pointer"} | {f"/pointers/{i}" for i in range(len(pointers))}
    for index, path in enumerate(pointers):
        expected = found["/pointers/4"].replace("[4]", f"[{index}]").replace(".git/nope", path)
        assert found[f"/pointers/{index}"] == expected
    assert "points into git's own folder (.git)" in found["/pointers/0"]
    assert "points into git's own folder (.git)" in found["/verdict_pointer"]
