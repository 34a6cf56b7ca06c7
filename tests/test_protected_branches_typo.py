"""A protected-branch glob that matches no branch git knows (`--protected-branches mian`) is one
warning line naming the glob and the branches git knows; the exit code stays what the findings
make it. A clone that knows fewer than two branches (a shallow CI checkout) gets no warning:
it cannot tell a typo from a branch it was not given."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]
WARNING = "handoff-audit: warning: "


def _two_branches(git_repo: GitRepo) -> None:
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")


def _warnings(result: Result) -> list[str]:
    return [line for line in result.err.splitlines() if line.startswith(WARNING)]


def test_a_mistyped_glob_is_one_warning_naming_it_and_the_branches(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _two_branches(git_repo)

    result = run_cli(
        ["check", "--format", "json", "--protected-branches", "mian"], cwd=git_repo.root
    )

    assert result.code == 0, result.err
    assert result.json()["findings"] == []
    assert _warnings(result) == [
        f"{WARNING}protected-branches 'mian' matches no branch git knows (feat/x, main) — did "
        "you mean 'main'?; it protects no branch until it does: fix --protected-branches or "
        "protected-branches in the configuration"
    ]


def test_the_configuration_s_globs_are_warned_about_too(git_repo: GitRepo, run_cli: Run) -> None:
    _two_branches(git_repo)
    git_repo.write(".handoff-audit.yml", "protected-branches: [mian, 'release/*']\n")
    git_repo.commit("configuration")

    result = run_cli(["check", "-q"], cwd=git_repo.root)

    assert result.code == 0, result.err
    [warning] = _warnings(result)
    assert "none of protected-branches 'mian', 'release/*' matches a branch git knows" in warning
    assert "(feat/x, main)" in warning


def test_a_glob_matching_a_remote_tracking_branch_only_is_no_warning(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _two_branches(git_repo)
    git_repo.git("update-ref", "refs/remotes/origin/release/1.0", "HEAD")

    result = run_cli(["check", "--protected-branches", "release/*"], cwd=git_repo.root)

    assert result.code == 0, result.err
    assert _warnings(result) == []


def test_a_clone_that_knows_one_branch_says_nothing(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("a.txt", "a\n")
    git_repo.commit("init")

    result = run_cli(["check", "--protected-branches", "mian"], cwd=git_repo.root)

    assert result.code == 0, result.err
    assert _warnings(result) == []
