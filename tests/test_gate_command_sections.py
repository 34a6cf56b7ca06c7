"""A command that asks for a handoff's sections ("Write a handoff … with these sections:" over
"## Goal", "## Current state", … each with what to write there) is a command the merge gate lets
through, as it was before the gate read facets; a working note whose own lead-in ends on a colon
("Update this file before you stop. Where things stand:") is still a working note it blocks."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]

SECTIONS_COMMAND = """\
Write a handoff for the next session in HANDOFF.md with these sections:

## Goal
The task we are working on.

## Current state
- Done: the parts that are finished
- In progress: what is half done

## Next steps
1. The first thing to do next
2. Then the rest

## Blockers
Anything waiting on someone.
"""
SECTIONS_NOTE = """\
Update this file before you stop, with these sections:

## Current state
Refund parser done in src/refund.py; tests/test_refund.py fails on GBP rounding.

## Next steps
1. Fix the rounding in refund(), then run pytest.
"""


def _gated(git_repo: GitRepo, run_cli: Run, files: dict[str, str]) -> list[str]:
    """The files `check --target-branch main` blocks as working notes on a branch adding
    ``files``."""
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("x.py", "x = 1\n")
    for path, text in files.items():
        git_repo.write(path, text)
    git_repo.commit("x, and notes")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    blocked = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert done.code == (1 if blocked else 0), done.out
    return sorted(blocked)


def test_a_command_asking_for_sections_passes_and_a_note_with_them_filled_is_blocked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Headings under "with these sections:" whose text only describes what to write are
    named, not said; the same headings over concrete state are what the note says."""
    blocked = _gated(
        git_repo,
        run_cli,
        {
            ".claude/commands/handoff.md": SECTIONS_COMMAND,
            ".github/prompts/handoff.md": SECTIONS_COMMAND,
            ".cursor/commands/session-handoff.md": SECTIONS_NOTE,
        },
    )
    assert blocked == [".cursor/commands/session-handoff.md"]


WHERE_THINGS_STAND = """\
# Handoff

Update this file before you stop.{join}Where things stand:
- Done: refund parser in src/refund.py, tests for amounts.
- Not done: rounding is wrong; tests/test_refund.py fails on GBP.
- Next: fix rounding in refund(), then run pytest.
"""


def test_a_note_whose_lead_in_shares_the_instruction_line_is_blocked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """ "Where things stand:" leads into what the note says, on the instruction's line or its
    own: the Done / Not done / Next items are said, not named to write."""
    notes = {
        ".claude/commands/handoff.md": WHERE_THINGS_STAND.format(join=" "),
        ".cursor/commands/handoff.md": WHERE_THINGS_STAND.format(join="\n\n"),
    }
    assert _gated(git_repo, run_cli, notes) == sorted(notes)
