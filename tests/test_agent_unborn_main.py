"""The agent hook on a fresh repository's unborn ``main`` (``git init -b main``, no commit yet):
protected, as `check` and the pre-commit hook call it, so the agent is never told to commit a
working note onto it (which the pre-commit hook refuses)."""

from __future__ import annotations

import json

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
        # Nothing is committed: the note is not on main yet, so `check` blocks nothing (its
        # `git rm -- :/HANDOFF.md` failed on the uncommitted file); committing it is refused by
        # the pre-commit hook, and `check` blocks it once committed.
        check = run_fix(git_repo.root, "handoff-audit check")
        assert "handoff-in-merge" not in check.stdout, check.stdout + check.stderr


@pytest.mark.parametrize("pre_commit", [True, False], ids=["pre-commit", "no-pre-commit"])
def test_a_feature_branch_made_before_the_first_commit_is_held_like_any_other(
    git_repo: GitRepo, pre_commit: bool
) -> None:
    """`git init -b main`, then `feat/x` before any commit: `main` never exists, so `feat/x` is
    no default branch; its files are its own work (every commit, the root commit on), which
    it commits, then hands over with `new`, as any feature branch."""
    if pre_commit:
        with_pre_commit(git_repo.root)
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("app.py", "print(1)\n")

    answers = _play(git_repo, rounds=5)

    assert "uncommitted changes in app.py" in answers[0], answers[0]
    assert "git add -- app.py && git commit" in answers[0], answers[0]
    assert "branch feat/x has work of its own but no active handoff" in answers[1], answers[1]
    assert "handoff-audit new " in answers[1], answers[1]
    assert "git add -- handoff.json handoff.md && git commit" in answers[2], answers[2]
    assert answers[3:] == [""], answers  # let go, with nothing to say
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["branch"] == "feat/x"
    assert packet["changed_files"] == ["app.py"]
    assert git_repo.git("status", "--porcelain") == ""


def test_new_on_a_branch_with_no_default_branch_lists_every_file_of_its_commits(
    git_repo: GitRepo,
) -> None:
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("first")
    git_repo.write("lib.py", "X = 2\n")
    git_repo.commit("second")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "no work of its own" not in stop.err
    made = run_fix(
        git_repo.root,
        'handoff-audit new --summary "<what this session did>" --next-action '
        '"<the first thing the next session should do>" --verdict-pointer app.py',
    )
    assert made.returncode == 0, made.stderr
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == ["app.py", "lib.py"]
