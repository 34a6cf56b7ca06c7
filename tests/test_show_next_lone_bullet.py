"""A hand-written note whose next step is one bullet: `show` and the SessionStart brief quote
the step without its list marker ("Next action: Tests schreiben.", not "Next action: - Tests
schreiben."), as they drop a lone item's number with its label; a list keeps its markers."""

from __future__ import annotations

from conftest import GitRepo
from show_support import Run, briefs_on_branch

LONE = """# Übergabe

Datum: 2026-12-05

## Stand

- m.py begonnen.

## Nächster Schritt

- Tests schreiben.
"""

LIST = """# Handoff

## State

- m.py started.

## Next step

- Write the tests for `m.py`.
- Run `pytest -q`.
"""


def test_a_lone_bullet_is_quoted_without_its_marker(git_repo: GitRepo, run_cli: Run) -> None:
    for text in briefs_on_branch(git_repo, run_cli, LONE):
        assert text.startswith("Next action: Tests schreiben.\n"), text


def test_a_list_keeps_its_markers(git_repo: GitRepo, run_cli: Run) -> None:
    for text in briefs_on_branch(git_repo, run_cli, LIST):
        assert text.startswith("Next action: - Write the tests for `m.py`.\n  - Run"), text
