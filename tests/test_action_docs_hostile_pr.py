"""The README's merge gate advice says what a required check alone does not hold: on
``pull_request`` the workflow file, and so the Action's inputs, are the pull request's own."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n{heading}\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def test_the_action_section_says_to_protect_the_workflow_files() -> None:
    action = _section(README.read_text(encoding="utf-8"), "## GitHub Action")
    gate = action[action.index("**Making it a merge gate.**") :]
    gate = gate[: gate.index("\n### ")]
    for words in (
        "runs the workflow file as\nthe pull request's own branch has it",
        "`fail-on: never`",
        "own `.github/workflows/`",
        "*Require review from Code Owners*",
        "*Require\nworkflows to pass before merging*",
        "`pull_request_target`, which runs the workflow as the base branch has it",
    ):
        assert words in gate, words
