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
