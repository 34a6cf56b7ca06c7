"""One line about writing handoffs ("When you write the next handoff, keep it short.") under a
working note of one line does not make the note a stub: the merge gate blocks it and `check`
judges it as a handoff. A pointer to the real notes with such a line stays a stub."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = "Continue the refund work: fix rounding in src/refund.py, then run pytest and open the PR.\n"
STRAY = [
    "When you write the next handoff, keep it short.",
    "Before you stop, update this file.",
    "Update the handoff when the PR is open.",
]
POINTER = (
    "Handoff notes live in docs/handoffs/, one file a session.\n\n"
    "When you write a new handoff, copy docs/handoffs/TEMPLATE.md.\n"
)


def _pull_request(runner: Runner, files: dict[str, str]) -> Result:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")  # the fixture's own packet
    for path, text in files.items():
        runner.repo.write(path, text)
    runner.head = runner.repo.commit("a note with a line about handoffs")
    return runner.run("pull_request", runner.pull_request(), comment="false")


@pytest.mark.parametrize("stray", STRAY)
def test_the_action_blocks_a_note_with_one_line_about_writing_handoffs(
    runner: Runner, stray: str
) -> None:
    done = _pull_request(runner, {"docs/handoff.md": f"{NOTE}\n{stray}\n"})
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        "::error file=docs/handoff.md,title=handoff-audit%3A handoff-in-merge::"
        "docs/handoff.md would be merged into the protected branch main"
    ) in done.out
    assert "stub of" not in done.out


def test_check_judges_the_note_and_keeps_a_pointer_a_stub(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("docs/handoff.md", POINTER)
    git_repo.commit("a pointer to the notes")
    passed = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert passed.code == 0, passed.out
    said = [(f["rule"], f["message"]) for f in passed.json()["findings"]]
    assert [rule for rule, _ in said] == ["not-a-handoff"]
    assert "stub of 2 line(s)" in said[0][1]
    git_repo.write("docs/handoff.md", f"{NOTE}\n{STRAY[0]}\n")
    git_repo.commit("a note with a line about handoffs")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    rules = {f["rule"] for f in done.json()["findings"]}
    assert "handoff-in-merge" in rules
    assert "not-a-handoff" not in rules
    assert "md-incomplete" in rules
