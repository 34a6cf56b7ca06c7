"""The merge gate reads a near name of a working note as that note: ``HANDOFF copy.md``,
``HANDOFF (1).md`` and ``HANDOFF 2.md`` (the names a file manager, a browser or iCloud Drive
gives a duplicate), ``HANDOFF.md.md`` (a doubled extension), ``HANDOFF .md`` and ``HANDOFF..md``
(a space or a dot before the extension), ``.HANDOFF.md`` (a leading dot) are blocked as
``HANDOFF.md`` is."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Handoff\n\n## State\nRefunds half done; tests fail in src/refund.py.\n\n"
    "## Next step\nFix the rounding in src/refund.py, then run pytest.\n"
)


@pytest.mark.parametrize(
    "name",
    [
        "HANDOFF.md.md",
        "HANDOFF..md",
        "HANDOFF .md",
        ".HANDOFF.md",
        "HANDOFF copy.md",
        "HANDOFF (1).md",
        "HANDOFF 2.md",
        "docs/SESSION_HANDOFF 3.md",
        "docs/SESSION_HANDOFF - Copy (2).md",
        "NEXT_SESSION copy.markdown",
    ],
)
def test_the_action_blocks_a_near_name_of_a_working_note(runner: Runner, name: str) -> None:
    """Each passed with only the "not audited" notice."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write(name, NOTE)
    runner.head = runner.repo.commit("a note under a near name")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert f"::error file={name},title=handoff-audit%3A handoff-in-merge::" in done.out
    assert f"{name} would be merged into the protected branch main" in done.out


def _branch_with(repo: GitRepo, names: list[str]) -> None:
    repo.write("README.md", "hi\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    for name in names:
        repo.write(name, NOTE)
    repo.commit("notes")


def test_other_names_that_only_start_alike_are_not_blocked(git_repo: GitRepo, run_cli: Run) -> None:
    """A template, a copy of another file and a name that goes on are no near names, nor a
    number the name's author put after a ``_`` or a ``-``, not a duplicate's space."""
    names = ["HANDOFF.template.md", "copy.md", "docs/HANDOFF-guide (1).txt"]
    _branch_with(git_repo, [*names, "HANDOFF_V2_DESIGN.md", "HANDOFF-2.md", "HANDOFF_2.md"])

    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert "handoff-in-merge" not in done.out, done.out


def test_a_block_files_entry_naming_the_near_name_decides(git_repo: GitRepo, run_cli: Run) -> None:
    """``!docs/HANDOFF copy.md`` leaves that file out, as the configuration names it as
    spelled; ``HANDOFF copy.md`` elsewhere stays blocked."""
    git_repo.write(
        ".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "!docs/HANDOFF copy.md"]\n'
    )
    _branch_with(git_repo, ["docs/HANDOFF copy.md", "HANDOFF copy.md"])

    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert done.code == 1, done.out
    assert "HANDOFF copy.md: handoff-in-merge: HANDOFF copy.md would be merged" in done.out
    assert "docs/HANDOFF copy.md: handoff-in-merge" not in done.out
