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


ROOT_PARTS_COMMAND = """\
Before ending the session, write HANDOFF.md at the repository root with these parts:

## Summary
What was done this session.

## Next steps
What the next session should do first.

## Open questions
Decisions still waiting on the user.
"""
UPDATE_BULLETS_COMMAND = """\
Before you stop, update HANDOFF.md:

- **Current state**: what works now and what is half done
- **Next steps**: the first thing the next session should do
- **Decisions**: choices made this session and why
- **Blockers**: anything waiting on someone else
"""
SERIES_COMMAND = """\
# Session handoff

At the end of every session create docs/handoffs/YYYY-MM-DD-topic.md containing:

1. Summary — the goal of the session and what was finished
2. Current state — which tests pass, what is broken
3. Next steps — write them as concrete tasks, most important first
4. Decisions — record each choice and the reason
"""
IMPERATIVE_SECTIONS_COMMAND = """\
Before you stop, update HANDOFF.md so the next session can pick up where you left off.

## Done
List what was finished this session, with file paths.

## In progress
Say what is half done and where it lives.

## Next steps
Write the first thing the next session should do, as a concrete task.
"""
WHEN_OVER_COMMAND = """\
When the user says the session is over, write a handoff to HANDOFF.md with these parts:

- Summary: what was done this session
- Next steps: what the next session should do first
- Open questions: what is still undecided
"""
SESSION_COMMANDS = {
    ".claude/commands/handoff.md": ROOT_PARTS_COMMAND,
    ".claude/commands/session-handoff.md": UPDATE_BULLETS_COMMAND,
    "prompts/handoff.md": SERIES_COMMAND,
    ".cursor/commands/handoff.md": IMPERATIVE_SECTIONS_COMMAND,
    ".github/prompts/session-handoff.md": WHEN_OVER_COMMAND,
}


def test_commands_saying_when_to_write_the_handoff_and_its_parts_pass_the_gate(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """ "Before you stop, update HANDOFF.md:", "At the end of every session create …
    containing:": the order comes after a clause saying when, and the sections, bullets or
    numbered parts under it describe what to write ("What was done this session.", "List what
    was finished"), in the imperative or not: named, not said."""
    assert _gated(git_repo, run_cli, SESSION_COMMANDS) == []
    for path in SESSION_COMMANDS:
        done = run_cli(["check", "--format", "json", path], cwd=git_repo.root)
        assert done.code == 0, done.out
        assert [f["rule"] for f in done.json()["findings"]] == ["not-a-handoff"], path


BEFORE_ENDING_NOTE = """\
Before ending the session, run the tests.

## State
The parser works but GBP rounding is off in refund().

## Next steps
1. Fix the rounding.
2. Ask Dana whether invoices keep the old layout.
"""
NO_COLON_NOTE = """\
Update this file before you stop.

## State
The parser works but rounding is off.

## Next
Fix rounding.
"""


def test_a_note_with_one_order_about_the_session_end_is_still_blocked(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """One imperative sentence ("Before ending the session, run the tests.", "Update this file
    before you stop.") over sections that say where the work stands: a working note."""
    notes = {
        ".claude/commands/handoff.md": BEFORE_ENDING_NOTE,
        ".cursor/commands/handoff.md": NO_COLON_NOTE,
    }
    assert _gated(git_repo, run_cli, notes) == sorted(notes)
    git_repo.write("HANDOFF.md", BEFORE_ENDING_NOTE)
    done = run_cli(["check", "--format", "json", "HANDOFF.md"], cwd=git_repo.root)
    assert "not-a-handoff" not in [f["rule"] for f in done.json()["findings"]], done.out


STEPS_SKILL = """\
# Handoff skill

When the user asks for a handoff, or before you stop:

1. Read `git log --oneline -20` and `git status`.
2. Update HANDOFF.md with these sections:
   - **Summary**: what was done this session
   - **State**: what works and what is broken
   - **Next steps**: what to do first next time
   - **Decisions**: what was decided and why
3. Commit HANDOFF.md.
"""
STEPS_NOTE = """\
# Handoff

## State
- Refund parser done in src/refund.py; tests/test_refund.py fails on GBP rounding.

## Next steps
1. Fix the rounding in refund().
2. Update HANDOFF.md once the rounding is fixed.
"""


def test_a_skill_whose_step_asks_for_the_handoff_s_sections_passes_the_gate(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """ "2. Update HANDOFF.md with these sections:" as one step of a skill: the items under it
    name the parts to write ("**State**: what works and what is broken"), they state nothing;
    a note's own step "Update HANDOFF.md once the rounding is fixed." makes it no command."""
    blocked = _gated(
        git_repo,
        run_cli,
        {
            ".claude/skills/handoff/handoff.md": STEPS_SKILL,
            ".claude/skills/wrap/session-handoff.md": STEPS_SKILL,
            ".claude/commands/handoff.md": STEPS_NOTE,
        },
    )
    assert blocked == [".claude/commands/handoff.md"]


FILLED = """\
# Handoff

## State
Tests pass in src/a.py but refunds fail on GBP.

## Next step
Finish src/a.py rounding.

## Ruled out
Using floats.
"""
FILLED_BIG = """\
Before you stop, update HANDOFF.md:

# Handoff 2026-12-04

## Current state
Refund endpoint returns 500 for GBP; fixed rounding in src/pay/round.py (42 tests pass).

## What was done
- Rewrote round_half_even in src/pay/round.py
- Added 6 tests

## Next steps
1. Fix GBP conversion in src/pay/fx.py line 88.
2. Run make test.

## Blockers
Waiting on Alice for the FX API key.
"""
ORDER_OVER_NOTES = {
    ".claude/commands/session-handoff.md": "Before you stop, update HANDOFF.md:\n\n" + FILLED,
    ".cursor/commands/handoff.md": FILLED.replace(
        "# Handoff\n", "# Handoff\n\nWhen you finish, write HANDOFF.md:\n", 1
    ),
    ".github/prompts/handoff.md": FILLED_BIG,
}


def test_one_order_saying_when_to_write_over_a_filled_note_does_not_make_it_a_command(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """ "Before you stop, update HANDOFF.md:" at the top or under the title of a note whose
    sections state facts (a file, a number, a line): those lines are the note's content, not
    parts to write, and outweigh the one order; `check` reads such a HANDOFF.md as a note."""
    assert _gated(git_repo, run_cli, ORDER_OVER_NOTES) == sorted(ORDER_OVER_NOTES)
    for path in ("HANDOFF.md", "docs/HANDOFF.md"):
        git_repo.write(path, ORDER_OVER_NOTES[".claude/commands/session-handoff.md"])
    done = run_cli(
        ["check", "--format", "json", "HANDOFF.md", "docs/HANDOFF.md"], cwd=git_repo.root
    )
    assert "not-a-handoff" not in [f["rule"] for f in done.json()["findings"]], done.out


FILLED_STEP = """\
# Session notes

1. Update HANDOFF.md with these sections:
   - **State**: GBP refunds fail in src/pay/fx.py line 88; 42 tests pass in tests/test_round.py.
   - **Done**: rewrote round_half_even in src/pay/round.py.
   - **Next step**: fix the GBP conversion in src/pay/fx.py line 88, then run make test.
   - **Ruled out**: floats, they lose pennies.
   - **Blocked on**: Alice for the FX API key.
"""


def test_a_step_asking_for_sections_over_filled_in_items_is_still_a_note(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """ "1. Update HANDOFF.md with these sections:" over items that state facts (a file, a line,
    "42 tests pass"): the items are the note filled in, not parts to write, so the gate blocks
    it; the skill whose items only describe the parts still passes."""
    blocked = _gated(
        git_repo,
        run_cli,
        {
            ".claude/commands/session-handoff.md": FILLED_STEP,
            ".claude/skills/wrap/handoff.md": FILLED_STEP.replace("# Session notes\n\n", ""),
            ".claude/skills/handoff/handoff.md": STEPS_SKILL,
        },
    )
    assert blocked == [".claude/commands/session-handoff.md", ".claude/skills/wrap/handoff.md"]
