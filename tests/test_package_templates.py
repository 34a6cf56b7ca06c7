"""A package's shipped template is no handoff to delete or move (the review rev56-1, finding 2):
``src/agentweave/templates/skills/handoff.md``, a skill the program loads, is not searched for
in a folder of templates, named on the command line it is told to stay where it is, and a file
`not-a-handoff` reads, by what it says, as no handoff (a skill, a guide) is not blocked by the
merge gate as a working note. Real repositories and the real CLI."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]

SKILL = """\
---
name: handoff
description: Compact the session by writing a durable, structured handoff file to disk before \
clearing or compacting. Use when context is filling up, or when the user says "handoff".
---

Write a durable handoff artifact so this session's state survives a context reset.

The file on disk is the real memory. Re-derive it from the live repository and conversation; do
not summarize an older summary from memory.

## 1. Gather hard state

Run the equivalent commands for the current shell:

```bash
git status --short
git log --oneline -8
```

## 2. Write the handoff

Write `YYYY-MM-DD-HHMM-<short-slug>.md` using the real current time. Write or replace `LATEST.md`
in that directory with only the new handoff's relative path.

Use every section below. Write `None.` rather than omitting an empty section.

```markdown
# Handoff: <one-line title>

## Current state
What works, what is incomplete, and the exact boundary.

## Key decisions
Each decision, its reason, and rejected alternatives.

## Next steps
Numbered; step 1 must be directly executable with no hidden decision.
```

Report the handoff path, a short digest, and exactly one recommendation.
"""
LOADER = 'from pathlib import Path\n\nSKILLS_DIR = Path(__file__).parent / "skills"\n'
TEMPLATE = "src/agentweave/templates/skills/handoff.md"


def _package(repo: GitRepo, path: str) -> None:
    repo.write("src/agentweave/templates/__init__.py", LOADER)
    repo.write(path, SKILL)
    repo.write("README.md", "# agentweave\n")
    repo.commit("the package and its skill templates")


def _rules(done: Result, path: str) -> list[str]:
    return [f["rule"] for f in done.json()["findings"] if f["path"] == path]


def test_a_packages_skill_template_is_neither_found_nor_blocked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _package(git_repo, TEMPLATE)
    on_main = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert on_main.code == 0, on_main.out
    assert on_main.json()["findings"] == [] and on_main.json()["packets"] == []
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("README.md", "# agentweave\n\nMore.\n")
    git_repo.commit("readme")
    gated = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert gated.code == 0, gated.out
    assert "templates" not in gated.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert "templates" not in shown.out + shown.err


def test_a_template_named_on_the_command_line_is_told_to_stay(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _package(git_repo, TEMPLATE)
    named = run_cli(["check", "--format", "json", TEMPLATE], cwd=git_repo.root)
    (finding,) = named.json()["findings"]
    assert finding["rule"] == "not-a-handoff", finding
    message = finding["message"]
    assert message.startswith(
        "this file is in src/agentweave/templates/, a folder of templates the repository's code "
        "may load"
    )
    assert "leave it where it is" in message
    assert "git mv" not in message and "git rm" not in message


def test_a_file_read_as_no_handoff_is_not_blocked_as_a_working_note(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The same skill in a folder of no template (``assets/``): still found, and called no
    handoff, but on the protected branch and into it the gate lets it be."""
    path = "src/agentweave/assets/handoff.md"
    _package(git_repo, path)
    on_main = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert _rules(on_main, path) == ["not-a-handoff"], on_main.out
    assert on_main.code == 0, on_main.out
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write(path, SKILL + "\nKeep it short.\n")
    git_repo.commit("skill")
    gated = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert _rules(gated, path) == ["not-a-handoff"], gated.out
    assert gated.code == 0, gated.out


def test_a_working_note_is_still_blocked(git_repo: GitRepo, run_cli: Run) -> None:
    path = "src/agentweave/assets/handoff.md"
    git_repo.write("README.md", "# agentweave\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write(
        path,
        "# Handoff\n\n## State\nRefund parser half done; tests/test_refund.py fails on "
        "rounding.\n\n## Next step\nFix the rounding in src/refund.py, then run pytest.\n",
    )
    git_repo.commit("note")
    gated = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert "handoff-in-merge" in _rules(gated, path), gated.out
    assert gated.code == 1
