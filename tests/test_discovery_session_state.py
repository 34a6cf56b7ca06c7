"""A repository whose handoff is another tool's JSON session state (``.harness/session_state.json``
with ``"approval_state": "handoff"``, ``session_state.json`` or ``.claude/session_state.json``
with ``next_action``/``next_steps``) gets, with "No handoff packets found.", one note naming
those files and what handoff-audit reads instead (JSON that follows its published schema, named);
exit 0 still, and no git process more. A state file that hands nothing over, or one beside a
handoff found, gets no note. Real repositories, the real CLI."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import GitRepo, Result
from handoff_audit.git import plumbing
from handoff_audit.schema import load_schema

Run = Callable[..., Result]

HARNESS = {"approval_state": "handoff", "current_task": "wire up auth"}
ROOT = {"next_action": "finish the parser", "phase": 3, "completed": ["lexer"]}
CLAUDE = {"next_steps": ["add tests"], "task": "auth"}


def _notes(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("handoff-audit: note:")]


def test_session_state_files_are_named_with_the_schema(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(".harness/session_state.json", HARNESS)
    git_repo.write("session_state.json", ROOT)
    git_repo.write(".claude/session_state.json", CLAUDE)
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("work")

    done = run_cli(["check"], cwd=git_repo.root)

    assert (done.code, done.out) == (0, "No handoff packets found.\n"), done.err
    [note] = _notes(done.err)
    assert note.startswith(
        "handoff-audit: note: .claude/session_state.json, .harness/session_state.json, "
        "session_state.json look like another tool's session state (`next_steps`, "
        "`approval_state`, `next_action`), which handoff-audit does not read, and no setting "
        "makes it judge one: the JSON files it audits"
    ), note
    assert f"follow its published schema, {load_schema(None)['$id']}" in note, note
    assert "wire up auth" not in note


def test_from_a_subfolder_an_untracked_state_file_is_named_too(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("src/app.py", "x = 1\n")
    git_repo.commit("work")
    git_repo.write(".harness/session_state.json", HARNESS)

    done = run_cli(["check"], cwd=git_repo.root / "src")

    [note] = _notes(done.err)
    assert note.startswith("handoff-audit: note: ../.harness/session_state.json looks like"), note


def test_state_that_hands_nothing_over_or_a_handoff_found_gets_no_note(
    tmp_path: Path, run_cli: Run
) -> None:
    idle = GitRepo(tmp_path / "idle")
    idle.write("session_state.json", {"approval_state": "approved", "theme": "dark"})
    idle.commit("work")
    assert _notes(run_cli(["check"], cwd=idle.root).err) == []
    beside = GitRepo(tmp_path / "beside")
    beside.write("session_state.json", ROOT)
    beside.write(
        "HANDOFF.md",
        "# Handoff\n\n## State\nParser done in parser.py.\n\n## Next step\nWire it into cli.py.\n",
    )
    beside.commit("work")
    done = run_cli(["check"], cwd=beside.root)
    assert "session state" not in done.err, done.err


def test_the_note_costs_no_git_process(tmp_path: Path, run_cli: Run) -> None:
    def git_processes_of_check(repo: GitRepo, state: dict[str, object]) -> int:
        repo.write(".harness/session_state.json", state)
        repo.commit("work")
        before = plumbing.spawn_count()
        assert run_cli(["check"], cwd=repo.root).code == 0
        return plumbing.spawn_count() - before

    noted = git_processes_of_check(GitRepo(tmp_path / "noted"), HARNESS)
    quiet = git_processes_of_check(GitRepo(tmp_path / "quiet"), {"theme": "dark"})
    assert noted == quiet
