"""The agent hook on a fresh repository's unborn ``main`` (``git init -b main``, no commit yet):
protected, as `check` and the pre-commit hook call it, so the agent is never told to commit a
working note onto it (which the pre-commit hook refuses)."""

from __future__ import annotations

import pytest

from agent_support import run_fix, run_hook, stop_event, with_pre_commit
from conftest import GitRepo

NOTE = (
    "# Handoff\n\n## Summary\n\nStarted the app.\n\n## Next step\n\nWrite the tests for app.py.\n"
)


def _play(repo: GitRepo, rounds: int = 4) -> list[str]:
    """Play the agent: stop, run every fix the hook printed, stop again, until it may end.
    The hook's answers, in order; fails when a fix fails or the session never may end."""
    answers: list[str] = []
    for _ in range(rounds):
        run = run_hook(stop_event(repo.root))
        answers.append(run.err)
        if run.code == 0:
            return answers
        assert run.code == 2, run.err
        fixes = [
            line.split("fix: ", 1)[1].strip() for line in run.err.splitlines() if "fix: " in line
        ]
        assert fixes, run.err
        for command in fixes:
            done = run_fix(repo.root, command)
            assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
    raise AssertionError(f"the session never may end: {answers}")


@pytest.mark.parametrize("pre_commit", [True, False], ids=["pre-commit", "no-pre-commit"])
@pytest.mark.parametrize("note", [True, False], ids=["HANDOFF.md", "work-only"])
def test_an_agent_on_an_unborn_main_may_stop_as_on_main(
    git_repo: GitRepo, pre_commit: bool, note: bool
) -> None:
    if pre_commit:
        with_pre_commit(git_repo.root)
    git_repo.write("app.py", "print('hi')\n")
    if note:
        git_repo.write("HANDOFF.md", NOTE)

    answers = _play(git_repo)

    # The first answer already: main is the protected branch, as `check` calls it.
    assert answers == ["handoff-audit hook: main is a protected branch: it needs no packet\n"]
    if note:
        check = run_fix(git_repo.root, "handoff-audit check")
        assert "on the protected branch main" in check.stdout, check.stdout + check.stderr
