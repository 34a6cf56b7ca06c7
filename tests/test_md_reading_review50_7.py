"""Review 50-7 of the round-50 next-step reading: a tally followed by the step is a step, a
next-step heading that only mentions closed items is still one, and a check followed by
"then move on to / work on / pick up <work>" names work."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result, handoff_on_branch

TALLY_THEN_STEP = """# Handoff

## Status
The tokenizer is done and tests pass (42 passed) in src/tok.py.

{line}

## Decisions
- Used a recursive descent parser because the grammar is LL(1).

## Ruled out
- PEG parser: too slow on large inputs.
"""


@pytest.mark.parametrize(
    "line",
    [
        "**Next:** 3/10 handlers ported; port src/handlers/user.py next.",
        "**Next step:** 17 of 56 endpoints migrated — migrate src/api/orders.py next.",
        "Next: 2 of 3 migrations applied, apply migrations/0003.sql next.",
    ],
)
def test_a_tally_followed_by_the_step_is_the_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], line: str
) -> None:
    """Review 50-7 #4: only a value that is nothing but a tally is no step; one that goes on
    to name the step is the handoff's next step, and `show` opens with it."""
    handoff_on_branch(git_repo, "HANDOFF.md", TALLY_THEN_STEP.format(line=line))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert "no next step" not in checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    step = line.split(":", 1)[1].lstrip(" *")  # quoted without its label
    assert shown.out.startswith(f"Next action: {step}\n"), shown.out


NOTED_CLOSED = """# Handoff

## State
Parser done in src/parser.py; tests pass (pytest -q, 42 passed).

## {heading}
1. Implement the lexer error recovery in src/lexer.py.

## Decisions
- Used a recursive descent parser because the grammar is LL(1).

## Ruled out
- PEG parser: too slow on large inputs.

## Pointers
- src/parser.py
"""


@pytest.mark.parametrize(
    "heading",
    [
        "Next steps (previous items closed)",
        "Follow-ups (earlier tickets closed)",
        "Next steps: previous ones closed",
    ],
)
def test_a_next_step_heading_that_only_mentions_closed_items_is_still_one(
    git_repo: GitRepo, run_cli: Callable[..., Result], heading: str
) -> None:
    """Review 50-7 #5: only a heading saying its own items were closed ("Action items closed by
    this session") is done work; one noting that other items were closed heads open steps."""
    handoff_on_branch(git_repo, "HANDOFF.md", NOTED_CLOSED.format(heading=heading))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert "no next step" not in checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    # the heading names the section: the step under it is the next action
    assert shown.out.startswith("Next action: 1. Implement the lexer error recovery"), shown.out


CHECK_THEN = """# Slice handoff

## State

Domain package `internal/domain` is implemented; `go test ./...` passes.

## Decisions

- Money is stored as integer cents, because float rounding broke totals.

## NEXT

Next valid active step:

Validate the domain package visibility, then {go} {what}
"""


@pytest.mark.parametrize(
    "go", ["move on to", "work on", "pick up", "start on", "go on to", "tackle"]
)
def test_a_check_then_a_common_work_continuation_is_a_usable_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], go: str
) -> None:
    """Review 50-7 #6: "Validate …, then move on to / work on / pick up <work>" names work as
    "then continue <work>" does; "then <go> testing …" still names only more checking."""
    work = CHECK_THEN.format(go=go, what="the ports contract in internal/ports.")
    handoff_on_branch(git_repo, "HANDOFF.md", work)
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert "no usable next step" not in checked.out
    git_repo.write("HANDOFF.md", CHECK_THEN.format(go=go, what="testing the ports."))
    git_repo.commit("only checks")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "HANDOFF.md:11: md-incomplete: no usable next step" in checked.out
