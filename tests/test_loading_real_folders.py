"""Loading resolves each packet's folder from its parent's (`loading._real_folder`): the same
folder as `Path.resolve`, through links inside and out of the repository, dangling ones and
folders that are not there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from handoff_audit.engine import loading


def test_each_folder_resolves_as_path_resolve_does(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    outside = tmp_path / "outside" / "deep"
    (repo / "a" / "b" / "c").mkdir(parents=True)
    outside.mkdir(parents=True)
    (repo / "a" / "to-b").symlink_to(repo / "a" / "b")
    (repo / "a" / "relative").symlink_to(Path("b") / "c")
    (repo / "out").symlink_to(outside)
    (repo / "dangling").symlink_to(tmp_path / "nowhere")
    (repo / "loop").symlink_to(repo / "loop")
    folders = [
        repo / "a" / "b" / "c",
        repo / "a" / "to-b" / "c",
        repo / "a" / "relative",
        repo / "out",
        repo / "out" / "more",
        repo / "dangling" / "x",
        repo / "missing" / "y",
        repo / "a" / "b" / "..",
        repo,
    ]
    cache: dict[str, str] = {}
    for folder in folders:
        expected = str(folder.resolve())
        assert loading._real_folder(str(folder), cache) == expected, folder
    loop = str(repo / "loop" / "x")
    with pytest.raises(RuntimeError):  # as resolve(); loading words it as a link in a loop
        Path(loop).resolve()
    with pytest.raises(RuntimeError):
        loading._real_folder(loop, cache)
    assert loading._real_folder(os.sep, {}) == str(Path(os.sep).resolve())
