"""A fresh repository's unborn ``main`` (``git init -b main``, no commit yet) has nothing on
it: a ``HANDOFF.md`` written there, untracked or staged, is not "on the protected branch"
(`check` printed ``handoff-in-merge`` with a ``git rm -- :/HANDOFF.md`` fix that git refused:
exit 128 untracked, 1 staged), as it is not with one commit on ``main``. Once committed, it is
blocked, and the fix printed then works."""

from __future__ import annotations

import subprocess

import pytest

from conftest import GitRepo

NOTE = "# Handoff\n\n## State\nDone in a.py.\n\n## Next step\nAdd tests for a.py.\n"


def _check(repo: GitRepo) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["handoff-audit", "check", "-q"], cwd=repo.root, capture_output=True, text=True
    )


@pytest.mark.parametrize("staged", [False, True], ids=["untracked", "staged"])
def test_a_note_on_an_unborn_main_is_not_on_the_protected_branch(
    git_repo: GitRepo, staged: bool
) -> None:
    git_repo.write("HANDOFF.md", NOTE)
    if staged:
        git_repo.git("add", "HANDOFF.md")
    done = _check(git_repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "handoff-in-merge" not in done.stdout


def test_once_committed_the_note_is_blocked_and_the_printed_fix_works(git_repo: GitRepo) -> None:
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("first")
    done = _check(git_repo)
    assert done.returncode == 1, done.stdout + done.stderr
    (line,) = [line for line in done.stdout.splitlines() if "handoff-in-merge" in line]
    command = line.split("(`", 1)[1].split("`)", 1)[0]
    ran = subprocess.run(["bash", "-c", command], cwd=git_repo.root, capture_output=True)
    assert ran.returncode == 0, ran.stderr
