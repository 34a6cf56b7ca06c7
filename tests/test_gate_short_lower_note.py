"""A lower-case ``handoff.md`` of two lines that says where the work stands and what comes
next ("tests pass, parser done." / "then add the lexer.") was a stub to `not-a-handoff`, which
the merge gate lets through: it is a working note, blocked and judged as a handoff. A pointer
to the real notes of as few lines stays a stub, and passes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]

POINTER = "# Notes\n\nSee docs/notes.md for the real notes.\nNot for use.\n"


def _branch_with(repo: GitRepo, text: str) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    repo.write("handoff.md", text)
    repo.commit("a short note")


@pytest.mark.parametrize(
    "text",
    [
        "tests pass, parser done.\nthen add the lexer.\n",
        "tests pass, parser done.\nnext add the lexer.\n",
        "tests pass, parser done.\nnext: add the lexer.\n",
    ],
)
def test_a_two_line_note_of_state_and_next_step_is_blocked(
    git_repo: GitRepo, run_cli: Run, text: str
) -> None:
    _branch_with(git_repo, text)
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    rules = [f["rule"] for f in done.json()["findings"]]
    assert "handoff-in-merge" in rules
    assert "not-a-handoff" not in rules


def test_a_pointer_of_two_lines_stays_a_stub_that_passes(git_repo: GitRepo, run_cli: Run) -> None:
    _branch_with(git_repo, POINTER)
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 0, done.out
    said = [(f["rule"], f["message"]) for f in done.json()["findings"]]
    assert [rule for rule, _ in said] == ["not-a-handoff"]
    assert "stub of 2 line(s)" in said[0][1]
