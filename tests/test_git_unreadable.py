"""A repository git will not read (another user's) or cannot read (a damaged object) is said to
be so: never a silent walk of the folder, never a history that merely "is not there"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo
from git_helpers import packet


def _behind_repo(git_repo: GitRepo) -> str:
    git_repo.write("a.txt", "a\n")
    lkg = git_repo.commit("green")
    for i in range(13):
        git_repo.write(f"f{i}.txt", f"{i}\n")
        git_repo.commit(f"work {i}")
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.write(".gitignore", "ignored/\n")
    git_repo.write("ignored/handoff.json", packet(next_action="TODO"))
    git_repo.commit("packet")
    return lkg


def assert_one_line_error(result: Any, *words: str) -> None:
    assert result.code == 2, (result.code, result.out, result.err)
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    for word in words:
        assert word in result.err, (word, result.err)


def test_dubious_ownership_is_said_not_walked_around(
    git_repo: GitRepo, run_cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _behind_repo(git_repo)
    # git's own switch for "this repository belongs to someone else" (dubious ownership).
    monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert_one_line_error(result, "dubious ownership", "safe.directory")
    named = run_cli(["check", "--format", "json", "handoff.json"], cwd=git_repo.root)
    assert_one_line_error(named, "dubious ownership", "safe.directory")


def test_a_corrupt_tree_is_not_a_missing_history(git_repo: GitRepo, run_cli: Any) -> None:
    _behind_repo(git_repo)
    before = run_cli(["check", "--format", "json", "--select", "lkg-behind"], cwd=git_repo.root)
    assert [f["rule"] for f in json.loads(before.out)["findings"]] == ["lkg-behind"]
    tree = git_repo.git("rev-parse", "HEAD^{tree}")
    loose = Path(git_repo.root, ".git", "objects", tree[:2], tree[2:])
    loose.chmod(0o644)
    loose.write_bytes(b"not a zlib stream")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert_one_line_error(result, "is damaged", "git fsck")
