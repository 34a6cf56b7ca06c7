"""A series folder's template named by the slot pattern of the series' names
(``YYYY-MM-DD-topic.md``, ``yyyymmdd.md``, ``DD.MM.YYYY.md``) is a template like
``TEMPLATE.md``: never the current handoff of its series, never judged as it, and never told
to take a date in its name (``2026-12-04-YYYY-MM-DD-topic.md``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conftest import GitRepo, Result
from handoff_support import COMPLETE as GOOD

Run = Callable[..., Result]

TEMPLATE = """\
# Session Handoff

**Date:** YYYY-MM-DD
**Branch:** <branch-name>
**Progress:** ~XX% complete

## Current State
[2-3 sentences describing current progress]

## Next Steps
- [ ]
- [ ]

## Decisions
- [decision] because [reason]

## Files
- path/to/file1.py
"""


NAMES = ["YYYY-MM-DD-topic.md", "YYYY-MM-DD.md", "yyyymmdd-slug.md", "DD.MM.YYYY.md"]


def _check(run_cli: Run, repo: GitRepo) -> dict[str, Any]:
    result = run_cli(["check", "--format", "json"], cwd=repo.root)
    assert result.code == 0, result.out
    report: dict[str, Any] = result.json()
    return report


@pytest.mark.parametrize("name", NAMES)
def test_a_template_named_by_the_slot_pattern_is_no_handoff(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.write("docs/handoffs/README.md", f"# Handoffs\n\nCopy {name} and fill it in.\n")
    git_repo.write(f"docs/handoffs/{name}", TEMPLATE)
    git_repo.commit("handoff template")
    report = _check(run_cli, git_repo)
    assert report["findings"] == []
    assert report["packets"] == []


def test_a_later_edit_of_the_template_names_no_dated_name(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.write("docs/handoffs/YYYY-MM-DD-topic.md", TEMPLATE)
    git_repo.commit("handoff template", date="2025-10-01T10:00:00Z")
    git_repo.write("docs/handoffs/2025-11-01-auth.md", GOOD)
    git_repo.commit("first handoff", date="2025-11-01T10:00:00Z")
    git_repo.write("docs/handoffs/YYYY-MM-DD-topic.md", TEMPLATE + "\n")
    git_repo.commit("template: tweak", date="2025-11-09T10:00:00Z")
    result = run_cli(["check"], cwd=git_repo.root)
    assert result.code == 0, result.out
    assert "no date in its name" not in result.err
    assert "YYYY-MM-DD-topic" not in result.err
    report = _check(run_cli, git_repo)
    assert [p["path"] for p in report["packets"]] == ["docs/handoffs/2025-11-01-auth.md"]
    assert "YYYY-MM-DD-topic" not in str(report["packets"])  # nor the series' history
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Add refresh tokens in src/auth.py." in shown.out.splitlines()[0]


TOKEN = "ghp_" + "A" * 36

DATED_WITH_SLOT_LETTERS = [
    "2026-12-03-switch-dates-to-yyyy-mm-dd.md",
    "2026-12-03-YYYY-MM-DD-topic.md",
    "2026-12-03-drop-ddmmyy.md",
    "yyyy-mm-dd-parser-fix.md",
]


@pytest.mark.parametrize("name", DATED_WITH_SLOT_LETTERS)
def test_a_real_handoff_whose_name_holds_slot_letters_is_judged(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    """Only a name whose stem is the slot pattern itself (with at most a generic slot word) is
    a template: one with a real date or words of its own is a handoff, found, shown and
    scanned for credentials."""
    git_repo.write("app.py", "x = 1\n")
    git_repo.write(f"docs/handoffs/{name}", GOOD + f"\ndeploy token: {TOKEN}\n")
    git_repo.commit("handoff")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 1, result.out
    report = result.json()
    assert [p["path"] for p in report["packets"]] == [f"docs/handoffs/{name}"]
    assert [f["rule"] for f in report["findings"]] == ["secret"]
    assert TOKEN not in result.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert "Add refresh tokens in src/auth.py." in shown.out.splitlines()[0]


DATED_ABOUT_TEMPLATES = [
    "2026-03-02-reset-email-template.md",
    "20260302-templates.md",
    "02.03.2026-Template.md",
]


@pytest.mark.parametrize("name", DATED_ABOUT_TEMPLATES)
def test_a_dated_handoff_about_templates_is_the_current_one_of_its_series(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    """A real date makes a handoff of a name that also holds the word "template"; a template
    by its name (``TEMPLATE.md``, ``handoff-template.md``, the slot pattern) stays out."""
    git_repo.write("app.py", "x = 1\n")
    git_repo.write("docs/handoffs/2026-03-01-auth.md", GOOD)
    for template in ("TEMPLATE.md", "handoff-template.md", "YYYY-MM-DD-template.md"):
        git_repo.write(f"docs/handoffs/{template}", TEMPLATE)
    git_repo.commit("first handoff", date="2026-03-01T10:00:00Z")
    newer = GOOD.replace("Add refresh tokens in src/auth.py.", "Localise the reset email.")
    git_repo.write(f"docs/handoffs/{name}", newer)
    git_repo.commit("reset email template handoff", date="2026-03-02T10:00:00Z")
    report = _check(run_cli, git_repo)
    assert [(p["path"], p["history"]) for p in report["packets"]] == [
        (f"docs/handoffs/{name}", ["docs/handoffs/2026-03-01-auth.md"])
    ]
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "Localise the reset email." in shown.out.splitlines()[0], shown.out
