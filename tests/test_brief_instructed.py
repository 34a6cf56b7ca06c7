"""Agent instructions that name the handoff to read (``CLAUDE.md``: "Read
docs/sessions/next-session-context.md before starting"): `show` and the SessionStart brief present
that file, saying it is named there, not the series' newest dated note; instructions naming an
older dated note, or two handoffs, change nothing; nor does naming a guide, a template, a link
or a note last committed before the series' newest. `check` still judges the series' newest
file. Real repositories, the real commands."""

from __future__ import annotations

from pathlib import Path

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
    for rule, day in enumerate(DAYS, start=1):
        repo.write(f"{SESSIONS}/{day}.md", note(f"Session {day}", f"Log of {day}, done."))
        # each session moves the step on (not only its date, which reads as a date stamp)
        step = f"Resume the parser after {day} at grammar rule {rule}."
        repo.write(CONTEXT, note("Next session context", step))
        repo.write("src/app.py", f"x = {day!r}\n")
        repo.commit(f"session {day}", date=f"{day}T12:00:00Z")


def test_the_file_claude_md_names_is_presented(git_repo: GitRepo, run_cli: Run) -> None:
    sessions(git_repo, ("CLAUDE.md", f"# Project\n\nRead {CONTEXT} before starting.\n"))
    for text in briefs(git_repo, run_cli):
        assert text.startswith(
            "Next action: 1. Resume the parser after 2025-11-20 at grammar rule 3."
        ), text
        assert (
            f"({CONTEXT}, named in CLAUDE.md, one of 4 handoffs in {SESSIONS}/, whose newest "
            f"by its name, {SESSIONS}/2025-11-20.md, is the one check and the Stop hook judge)"
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


def dated_series(repo: GitRepo, instructions: str, extra: tuple[str, str] | None = None) -> None:
    """Two dated notes in ``docs/sessions/`` (the newest 2025-11-20), ``extra`` (a file and its
    text) beside them and ``instructions`` as ``CLAUDE.md``, all in one commit."""
    repo.write("src/app.py", "x = 0\n")
    for day in DAYS[1:]:
        repo.write(f"{SESSIONS}/{day}.md", note(f"Session {day}", f"Resume after {day}."))
    if extra is not None:
        repo.write(*extra)
    repo.write("CLAUDE.md", f"# Project\n\n{instructions}\n")
    repo.commit("sessions", date="2025-11-20T12:00:00Z")


def test_a_guide_or_a_template_named_is_not_presented(tmp_path: Path, run_cli: Run) -> None:
    guide = (
        "# How we write session handoffs\n\nEvery session ends with a dated note in this "
        "folder.\n\n## Next steps\n\nThe first item is what the next session does first.\n"
    )
    template = (
        "# Handoff template\n\n## Done\n- <what you did>\n\n## Next steps\n1. <the first thing "
        "the next session should do>\n\n## Decisions\n- <decision and why>\n\n## Ruled out\n"
        "- <what you tried>\n"
    )
    cases = {
        "how-to-write-a-handoff.md": (guide, "See {} for how to write the end-of-session note."),
        "SESSION_HANDOFF_FORMAT.md": (template, "At the end of a session copy {} to a new note."),
        "context.md": (template, "Read {} before starting."),
    }
    for number, (name, (text, said)) in enumerate(cases.items()):
        repo = GitRepo(tmp_path / str(number))
        dated_series(repo, said.format(f"{SESSIONS}/{name}"), (f"{SESSIONS}/{name}", text))
        for shown in briefs(repo, run_cli):
            assert shown.startswith("Next action: 1. Resume after 2025-11-20."), (name, shown)
            assert f"({SESSIONS}/2025-11-20.md, the newest of 3 handoffs" in shown, shown
            assert "named in" not in shown, shown


def test_a_named_note_older_than_the_series_newest_is_not_presented(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(CONTEXT, note("Next session context", "Start the 2024 rewrite."))
    git_repo.write("CLAUDE.md", f"Read {CONTEXT} before starting.\n")
    git_repo.commit("init", date="2024-12-01T10:00:00Z")
    for day in DAYS:
        git_repo.write(f"{SESSIONS}/{day}.md", note(f"Session {day}", f"Resume after {day}."))
        git_repo.commit(f"session {day}", date=f"{day}T12:00:00Z")
    for shown in briefs(git_repo, run_cli):
        # the step an agent acts on is the newest note's, and the old file's is nowhere
        assert shown.startswith("Next action: 1. Resume after 2025-11-20."), shown
        assert f"({SESSIONS}/2025-11-20.md, the newest of 4 handoffs" in shown, shown
        assert "2024 rewrite" not in shown, shown


def test_a_named_link_is_not_read_and_the_newest_is_presented(tmp_path: Path, run_cli: Run) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text(note("Elsewhere", "Leak the outside text."), encoding="utf-8")
    targets = {"out": str(outside), "zero": "/dev/zero", "folder": "..", "env": "../../.env"}
    for name, target in targets.items():
        repo = GitRepo(tmp_path / name)
        repo.write(".gitignore", ".env\n")
        repo.write(".env", note("Env", "Leak the untracked text."))
        (repo.root / SESSIONS).mkdir(parents=True)
        (repo.root / CONTEXT).symlink_to(target)
        dated_series(repo, f"Read {CONTEXT} before starting.")
        assert run_cli(["show"], cwd=repo.root).code == 0, name
        for shown in briefs(repo, run_cli):
            assert shown.startswith("Next action: 1. Resume after 2025-11-20."), (name, shown)
            assert "Leak" not in shown, shown
