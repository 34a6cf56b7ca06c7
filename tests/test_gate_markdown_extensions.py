"""A working note under another markdown extension (``HANDOFF.markdown``, which GitHub shows as
markdown, or ``HANDOFF.mdx``) is the ``.md`` note to the merge gate: blocked as it is, from a
real repository, through ``check --target-branch`` and a real ``handoff-audit ci`` run."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Session handoff\n\n## State\n- fails on GBP in src/pay/fx.py line 88.\n\n"
    "## Next step\nFix rounding in src/pay/fx.py, then run pytest -q tests/test_fx.py.\n"
)


def test_the_action_blocks_a_note_named_handoff_markdown(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write("HANDOFF.markdown", NOTE)
    runner.head = runner.repo.commit("a note GitHub renders as markdown")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "HANDOFF.markdown would be merged into the protected branch main" in done.out


@pytest.mark.parametrize(
    "name", ["docs/HANDOFF.mdx", "Session_Handoff.markdown", "handoff.MARKDOWN", "NEXT-SESSION.mdx"]
)
def test_check_blocks_a_note_under_another_markdown_extension(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(name, NOTE)
    git_repo.commit("a note")

    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert done.code == 1, done.out
    assert f"{name}: handoff-in-merge: {name} would be merged into the protected branch" in (
        done.out
    )


def test_a_block_files_entry_naming_the_other_spelling_decides(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """``!docs/HANDOFF.mdx`` leaves that file out, as the configuration names it as spelled."""
    git_repo.write(".handoff-audit.yml", 'block-files: ["**/HANDOFF.md", "!docs/HANDOFF.mdx"]\n')
    git_repo.commit("configuration")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("docs/HANDOFF.mdx", NOTE)
    git_repo.write("HANDOFF.mdx", NOTE)
    git_repo.commit("notes")

    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert done.code == 1, done.out
    assert "HANDOFF.mdx: handoff-in-merge: HANDOFF.mdx would be merged" in done.out
    assert "docs/HANDOFF.mdx: handoff-in-merge" not in done.out


@pytest.mark.parametrize(
    "name",
    [
        "HANDOFF.mdown",
        "HANDOFF.mkd",
        "HANDOFF.mkdn",
        "HANDOFF.mdwn",
        "HANDOFF.mkdown",
        "docs/SESSION_HANDOFF.livemd",
        "NEXT_SESSION.ronn",
    ],
)
def test_the_action_blocks_a_note_under_every_extension_github_shows_as_markdown(
    runner: Runner, name: str
) -> None:
    """GitHub (Linguist's Markdown language) shows ``HANDOFF.mdown``, ``.mkd``, ``.mkdn``,
    ``.mdwn``, ``.mkdown`` and more as markdown: each passed with "all clear (0 packets
    checked)" and no notice."""
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")
    runner.repo.write(name, NOTE)
    runner.head = runner.repo.commit("a note GitHub renders as markdown")

    done = runner.run("pull_request", runner.pull_request(), comment="false")

    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert f"::error file={name},title=handoff-audit%3A handoff-in-merge::" in done.out
    assert f"{name} would be merged into the protected branch main" in done.out
