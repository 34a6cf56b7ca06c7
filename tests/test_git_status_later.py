"""`plumbing.StatusLater`: `status` started early and read later gives `status`'s answer and
errors, and one that is not needed is stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GitRepo
from handoff_audit.git import plumbing


def test_the_later_answer_is_statuss(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("a/handoff.json", "{}\n")
    repo.write("b/handoff.json", "{}\n")
    repo.commit("packets")
    repo.write("a/handoff.json", '{"x": 1}\n')
    repo.write("c/handoff.json", "{}\n")
    repo.write("c/other.txt", "not a packet\n")
    specs = plumbing.pathspecs("", ["**/handoff.json"])
    later = plumbing.StatusLater(repo.root, specs)
    answer = later.result()
    assert answer == plumbing.status(repo.root, specs)
    assert answer == {"a/handoff.json": " M", "c/handoff.json": "??"}
    later.discard()  # after the answer: nothing to stop


def test_its_errors_are_statuss(tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    with pytest.raises(plumbing.GitError) as expected:
        plumbing.status(tmp_path / "plain", ["."])
    with pytest.raises(plumbing.GitError) as raised:
        plumbing.StatusLater(tmp_path / "plain", ["."]).result()
    assert str(raised.value) == str(expected.value)


def test_one_not_needed_is_stopped(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.write("a/handoff.json", "{}\n")
    later = plumbing.StatusLater(repo.root, ["."])
    proc = later._proc
    assert proc is not None
    later.discard()
    assert proc.returncode is not None  # ended and reaped: no process left behind
