"""`show` and the session-start hook on a running log of dated entries: the next action they
quote is the newest entry's step, as `check` judges the log on its newest entry
(`markdown.currency`), not the step of the oldest session, whichever end the newest entry is at
and however short the log."""

from __future__ import annotations

import pytest

from agent_support import run_hook
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

NEWEST = """## 2026-12-04

### State
Tests pass (`pytest -q`); added the parser in src/parse.py.

### Decisions
- Use a state machine because regexes got unreadable.

### Ruled out
- PEG parser: tried it, didn't work: too slow.

### Next step
Wire the parser into src/cli.py:88 and add tests.
"""


def _entry(day: int) -> str:
    return (
        f"## 2026-11-{day:02d}\n\n- Worked on item {day} in src/mod{day}.py.\n"
        f"- Tests: {day} passed.\n- Next: look at item {day + 1}.\n"
    )


@pytest.mark.parametrize("entries", [14, 40])
@pytest.mark.parametrize("newest_first", [False, True])
def test_the_brief_quotes_the_newest_entrys_step(
    repo: GitRepo, run_cli: Run, entries: int, newest_first: bool
) -> None:
    older = [_entry(day) for day in range(1, entries + 1)]
    body = [NEWEST, *reversed(older)] if newest_first else [*older, NEWEST]
    repo.write("SESSION_LOG.md", "# Session log\n\n" + "\n".join(body))
    repo.commit("handoff: the session log")
    assert run_cli(["check"], cwd=repo.root).code == 0

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.startswith(
        "Next action: Wire the parser into src/cli.py:88 and add tests.\n"
    ), shown.out[:300]
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.startswith("Next action: Wire the parser into src/cli.py:88")
    assert "look at item" not in context.split("\n(", 1)[0]


def _session(number: int, date: str, step_label: str, step: str) -> str:
    return (
        f"## Session — {date} (Session {number})\n**Focus:** contact sync, part {number}\n\n"
        f"**Accomplished:**\n- Built part {number} of the sync in `api/routes/sync.js`\n\n"
        f"**Current State:**\n- Sync running every 15 min\n\n"
        f"**{step_label}**\n1. **{step}** — in `api/routes/sync.js`.\n"
    )


@pytest.mark.parametrize("newest_first", [True, False])
def test_the_newest_entry_wins_over_an_earlier_session_of_its_date(
    repo: GitRepo, run_cli: Run, newest_first: bool
) -> None:
    """5niurb/lm-app's SESSION_NOTES.md: Session 83's own next steps, not Session 82's "Fix
    needed (next session)" that Session 83 did, though both sessions are dated 2026-03-01."""
    sessions = [
        _session(83, "2026-03-01", "Next Steps:", "Fix Supabase contact dedup"),
        _session(82, "2026-03-01", "Fix needed (next session):", "Add reverse enrichment"),
        _session(81, "2026-03-01", "Next Steps:", "Fix the writeback"),
        *(
            _session(80 - day, f"2026-02-{20 - day:02d}", "Next Steps:", f"Look at item {day}")
            for day in range(6)
        ),
    ]
    body = sessions if newest_first else list(reversed(sessions))
    repo.write("SESSION_NOTES.md", "\n---\n\n".join(body))
    repo.commit("handoff: the session notes")

    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.startswith(
        "Next action: 1. **Fix Supabase contact dedup** — in `api/routes/sync.js`.\n"
    ), shown.out[:300]
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.startswith("Next action: 1. **Fix Supabase contact dedup**"), context[:300]


_MORNING = "### Morning session\nStarted.\n**Next Steps:**\n- Write the parser\n"
_AFTERNOON = "### Afternoon session\n{record}\n**Next Steps:**\n- Wire the CLI flag in app.py\n"
_OLDER = "## 2026-12-01\nStarted the project.\n**Next Steps:**\n- Write the lexer\n"


def _day(record: str = "Did the parser.") -> str:
    return f"## 2026-12-03\n\n{_MORNING}\n{_AFTERNOON.format(record=record)}"


def _next_action(repo: GitRepo, run_cli: Run, notes: str) -> str:
    repo.write("SESSION_NOTES.md", notes)
    repo.commit("handoff: the session notes")
    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    first = shown.out.splitlines()[0]
    return first.removeprefix("Next action: ") if first.startswith("Next action: ") else ""


@pytest.mark.parametrize(
    "notes",
    [
        f"# Session notes\n\n{_day()}",
        f"# Session notes\n\n{_day()}\n{_OLDER}",
        f"# Session notes\n\n{_OLDER}\n{_day()}",
        f"# Session notes\n\n{_OLDER}\n{_day('Looked at the grammar.')}",
    ],
    ids=["one-date", "newest-first", "oldest-first", "oldest-first-no-record"],
)
def test_the_latest_session_of_the_day_wins_over_the_morning_one(
    repo: GitRepo, run_cli: Run, notes: str
) -> None:
    """Sessions as subheadings under one date heading, each with its "Next Steps:": the
    afternoon's step, not the morning's that the afternoon did, whichever end the newest date is
    at; in a log written oldest first, the day's last session is its latest."""
    assert _next_action(repo, run_cli, notes) == "Wire the CLI flag in app.py"
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.startswith("Next action: Wire the CLI flag in app.py"), context[:300]


def test_sessions_of_a_newest_first_day_that_nothing_orders_quote_no_step(
    repo: GitRepo, run_cli: Run
) -> None:
    """A log written newest first whose day has two sessions, neither recording the other's
    step: which is the latest is unknown, so no step is quoted rather than a stale one, unless
    their numbers say it ("### Session 5" over "### Session 4"); parts of the work ("###
    Frontend", "### Backend") are no sessions, and the first step stands."""
    notes = f"# Session notes\n\n{_day('Looked at the grammar.')}\n{_OLDER}"
    assert _next_action(repo, run_cli, notes) == ""
    parts = notes.replace("Morning session", "Frontend").replace("Afternoon session", "Backend")
    assert _next_action(repo, run_cli, parts) == "Write the parser"
    numbered = notes.replace("Morning session", "Session 5").replace(
        "Afternoon session", "Session 4"
    )
    assert _next_action(repo, run_cli, numbered) == "Write the parser"
    numbered = notes.replace("Morning session", "Session 4").replace(
        "Afternoon session", "Session 5"
    )
    assert _next_action(repo, run_cli, numbered) == "Wire the CLI flag in app.py"


@pytest.mark.parametrize(
    ("newest", "expected"),
    [("Did the parser.", ""), ("Did the docs.", "Write the parser")],
)
def test_a_newest_entry_without_a_step_never_reaches_past_its_date(
    repo: GitRepo, run_cli: Run, newest: str, expected: str
) -> None:
    """Session 5 has no step of its own: Session 4's, of the same date, is the next action
    unless Session 5 did it; never Session 3's, two sessions back on an older date."""
    notes = (
        f"# Session notes\n\n## 2026-12-03 — Session 5\n{newest}\n\n"
        "## 2026-12-03 — Session 4\nDid the lexer.\n**Next Steps:**\n- Write the parser\n\n"
        "## 2026-12-01 — Session 3\n**Next Steps:**\n- Write the lexer\n"
    )
    assert _next_action(repo, run_cli, notes) == expected
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    said = f"Next action: {expected}" if expected else "SESSION_NOTES.md, a hand-written handoff"
    assert context.startswith(said), context[:300]
