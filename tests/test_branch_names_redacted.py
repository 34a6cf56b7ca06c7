"""A credential-shaped branch that git knows is named redacted in the lists of branches that
the protected-branches warning (on the command line and as the Action's annotation) and the
``--target-branch`` error print, as the JSON and markdown reports name such a branch."""

from __future__ import annotations

from collections.abc import Callable

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]
TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
SHOWN = "fix/[redacted GitHub token]"


def _repo(git_repo: GitRepo) -> None:
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("branch", f"fix/{TOKEN}")
    git_repo.git("switch", "-qc", "feat/x")


def test_the_protected_branches_warning_redacts_a_branch(git_repo: GitRepo, run_cli: Run) -> None:
    _repo(git_repo)
    done = run_cli(["check", "--protected-branches", "release/*"], cwd=git_repo.root)
    assert done.code == 0, done.err
    assert TOKEN not in done.err + done.out
    assert f"matches no branch git knows (feat/x, {SHOWN}, main);" in done.err


def test_the_target_branch_error_redacts_the_guess_and_the_known_branches(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _repo(git_repo)
    done = run_cli(["check", "--target-branch", "fix/ghp"], cwd=git_repo.root)
    assert done.code == 2, done.out
    assert TOKEN not in done.err + done.out
    assert f'did you mean "{SHOWN}"?; known branches: feat/x, {SHOWN}, main\n' in done.err


def test_the_actions_annotation_redacts_a_branch(runner: Runner) -> None:
    runner.repo.git("branch", f"fix/{TOKEN}")
    done = runner.run(
        "pull_request", runner.pull_request(), comment="false", protected_branches="release/*"
    )
    assert TOKEN not in done.out
    assert f"matches no branch git knows (feat/refunds, {SHOWN}, main);" in done.out
