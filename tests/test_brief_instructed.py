"""Agent instructions that name the handoff to read (``CLAUDE.md``: "Read
docs/sessions/next-session-context.md before starting"): `show` and the SessionStart brief present
that file, saying it is named there, not the series' newest dated note; instructions naming an
older dated note, or two handoffs, change nothing. `check` still judges the series' newest file.
Real repositories, the real commands."""

from __future__ import annotations

from conftest import GitRepo
from show_support import Run, briefs

SESSIONS = "docs/sessions"
CONTEXT = f"{SESSIONS}/next-session-context.md"
DAYS = ("2025-10-01", "2025-10-15", "2025-11-20")


def note(title: str, step: str) -> str:
    return (
        f"# {title}\n\n## State\nThe parser is half done in src/app.py.\n\n## Next steps\n"
        f"1. {step}\n\n## Decisions\n- Recursive descent because the grammar is LL(1).\n\n"
        "## Ruled out\n- A PEG generator: too slow.\n"
    )


def sessions(repo: GitRepo, instructions: tuple[str, str]) -> None:
    """A dated note per session in ``docs/sessions/`` and ``next-session-context.md`` rewritten
    in each, ``instructions`` (a file and its text) committed first."""
    repo.write(*instructions)
    repo.write("src/app.py", "x = 0\n")
    repo.commit("init", date="2025-09-30T10:00:00Z")
    for day in DAYS:
        repo.write(f"{SESSIONS}/{day}.md", note(f"Session {day}", f"Log of {day}, done."))
        repo.write(CONTEXT, note("Next session context", f"Resume the parser after {day}."))
        repo.write("src/app.py", f"x = {day!r}\n")
        repo.commit(f"session {day}", date=f"{day}T12:00:00Z")


def test_the_file_claude_md_names_is_presented(git_repo: GitRepo, run_cli: Run) -> None:
    sessions(git_repo, ("CLAUDE.md", f"# Project\n\nRead {CONTEXT} before starting.\n"))
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: 1. Resume the parser after 2025-11-20."), text
        assert (
            f"({CONTEXT}, named in CLAUDE.md, one of 4 handoffs in {SESSIONS}/, whose newest "
            f"by its name is {SESSIONS}/2025-11-20.md)"
        ) in text, text
        assert "Log of 2025-11-20" not in text, text
    shown = run_cli(["show", "--format", "json"], cwd=git_repo.root).json()
    assert (shown["path"], shown["named_in"]) == (CONTEXT, "CLAUDE.md")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert f"{SESSIONS}/2025-11-20.md: the current handoff of its series" in checked.out


def test_a_link_in_agents_md_names_it_too(git_repo: GitRepo, run_cli: Run) -> None:
    said = f"At session start, read [the context](./{CONTEXT}).\n"
    sessions(git_repo, ("AGENTS.md", said))
    for text in briefs(git_repo, run_cli):
        assert f"({CONTEXT}, named in AGENTS.md, one of 4" in text, text


def test_an_older_dated_note_named_changes_nothing(git_repo: GitRepo, run_cli: Run) -> None:
    said = f"Session notes live in {SESSIONS}/, e.g. {SESSIONS}/2025-10-01.md.\n"
    sessions(git_repo, ("CLAUDE.md", said))
    for text in briefs(git_repo, run_cli):
        assert f"({SESSIONS}/2025-11-20.md, the newest of 4 handoffs" in text, text
        assert "named in" not in text, text


def test_two_handoffs_named_change_nothing(git_repo: GitRepo, run_cli: Run) -> None:
    said = f"Read {CONTEXT} and {SESSIONS}/2025-11-20.md first.\n"
    sessions(git_repo, (".github/copilot-instructions.md", said))
    for text in briefs(git_repo, run_cli):
        assert f"({SESSIONS}/2025-11-20.md, the newest of 4 handoffs" in text, text
        assert "named in" not in text, text


def test_of_two_notes_the_one_named_is_presented(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("CLAUDE.md", "Update `SESSION_HANDOFF.md` at the end of each session.\n")
    git_repo.write("src/app.py", "x = 0\n")
    git_repo.commit("init", date="2025-09-30T10:00:00Z")
    git_repo.git("switch", "-q", "-c", "feat/parser")
    git_repo.write("SESSION_HANDOFF.md", note("Handoff", "Finish the parser's recovery."))
    git_repo.commit("handoff", date="2025-10-01T10:00:00Z")
    git_repo.write("NEXT_SESSION.md", note("Scratch", "Old plan, see SESSION_HANDOFF.md."))
    git_repo.commit("scratch", date="2025-10-02T10:00:00Z")
    for text in briefs(git_repo, run_cli):
        assert text.startswith("Next action: 1. Finish the parser's recovery."), text
        assert (
            "(SESSION_HANDOFF.md, named in CLAUDE.md, a hand-written handoff of branch "
            "feat/parser; also on this branch: NEXT_SESSION.md)"
        ) in text, text
