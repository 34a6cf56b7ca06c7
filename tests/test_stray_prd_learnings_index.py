"""Review 58-2, items 7-9: the "not audited" note offers no product requirements document
(`workspace_human/prd/PRD-0003_daily_handoff_zone.md`, 610zjh/TUVE_AI), specification or
learning (`.recursive/learnings/2026-04-05-module-map-before-handoff.md`, Recusive/Nightshift),
and a series' `_index.md` (a "Session History" table, Xpycode/VideoWallpaper) is its index, not
one of its older handoffs."""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = """# Session 12 handoff

## State
Parser done in parser.py; tests pass.

## Next step
Wire the parser into cli.py.

## Decisions
Kept the regex parser because the grammar is flat.
"""
RECORDS = [
    "workspace_human/prd/PRD-0003_daily_handoff_zone.md",
    ".recursive/learnings/2026-04-05-module-map-before-handoff.md",
    "docs/PRD-0004-handoff-flow.md",
    "notes/spec-handoff-api.md",
]


def test_no_note_for_prds_specs_and_learnings_named_for_handoffs(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("parser.py", "x = 1\n")
    for name in RECORDS:
        git_repo.write(name, NOTE)
    git_repo.commit("records")
    done = run_cli(["check"], cwd=git_repo.root)
    assert done.out == "No handoff packets found.\n", done.out
    assert "note:" not in done.err, done.err


def test_a_real_note_beside_them_is_still_named(git_repo: GitRepo, run_cli: Run) -> None:
    for name in RECORDS:
        git_repo.write(name, NOTE)
    git_repo.write("notes/SESSION_12_HANDOFF.md", NOTE)
    git_repo.commit("records and a note")
    done = run_cli(["check"], cwd=git_repo.root)
    assert 'extend-packets: ["notes/SESSION_12_HANDOFF.md"]' in done.err, done.err
    assert "PRD" not in done.err and "learnings" not in done.err


def test_a_series_index_is_not_an_older_handoff(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("parser.py", "x = 1\n")
    git_repo.write("docs/sessions/2026-01-16.md", NOTE)
    git_repo.write("docs/sessions/2026-01-17.md", NOTE.replace("Session 12", "Session 13"))
    git_repo.write(
        "docs/sessions/_index.md",
        "# Session History\n\n| date | file |\n|---|---|\n| 2026-01-17 | 2026-01-17.md |\n",
    )
    git_repo.commit("sessions")
    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert '"docs/sessions/_index.md"' not in done.out, done.out
    text = run_cli(["check"], cwd=git_repo.root)
    assert "2026-01-17.md: the current handoff of its series (1 older handoff" in text.out
