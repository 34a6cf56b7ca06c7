"""``--protected-branches ""`` / ``--block-files ""`` (an unset CI variable) are exit 2, as
``--select ""`` is: an empty list of globs turned the merge gate off with exit 0."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

Run = Callable[..., Result]


@pytest.fixture
def branch_with_a_handoff(git_repo: GitRepo) -> GitRepo:
    git_repo.write("a", "x\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/pr")
    git_repo.write("HANDOFF.md", "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish a.\n")
    git_repo.commit("wip")
    return git_repo


GATE = ["check", "--target-branch", "main", "--select", "handoff-in-merge"]


def test_the_gate_blocks_the_handoff_by_default(
    branch_with_a_handoff: GitRepo, run_cli: Run
) -> None:
    assert run_cli(GATE, cwd=branch_with_a_handoff.root).code == 1


@pytest.mark.parametrize(
    ("option", "value", "example", "turn_off"),
    [
        ("--protected-branches", "", "'release/*'", "handoff-in-merge,active-in-merge"),
        ("--protected-branches", " , ", "'release/*'", "handoff-in-merge,active-in-merge"),
        ("--block-files", "", "'**/HANDOFF.md'", "handoff-in-merge"),
        ("--block-files", ",", "'**/HANDOFF.md'", "handoff-in-merge"),
    ],
)
def test_an_option_given_no_glob_is_exit_2_with_one_line(
    option: str,
    value: str,
    example: str,
    turn_off: str,
    branch_with_a_handoff: GitRepo,
    run_cli: Run,
) -> None:
    result = run_cli([*GATE, option, value], cwd=branch_with_a_handoff.root)
    assert result.code == 2, (result.out, result.err)
    assert result.err.splitlines() == [
        f"handoff-audit: error: {option}: give one or more globs, e.g. {option} {example}; "
        f"to turn the check off, --ignore {turn_off}"
    ]
