"""A session's continuation note (``docs/generated/session_16_continuation.md``, what
``CONTINUE.md`` is for one session) is named as a handoff, and a commit that only writes such a
note is handing off, not work that outdates the other notes; a note that says a program writes
it (``_Auto-updated by tools/update_session_state.py_``) is never to be appended to by hand:
the Stop hook's fix re-runs that program. Real repositories, the real CLI and Stop hook."""

from __future__ import annotations

from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo

STATE = (
    "# SESSION STATE\n\n{stamp}\n\n## State\nThe webhook in `src/hook.py` is wired to the "
    "checkout; migration 009 applied.\n\n## Next step\nAdd the refund handler to `src/hook.py`.\n"
)
STAMP = "_Auto-updated by `tools/update_session_state.py` at session end._"


def _pedal(tmp_path: Path, stamp: str = STAMP) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    repo.write("SESSION_STATE.md", STATE.format(stamp=stamp))
    repo.write("tools/update_session_state.py", "print('state')\n")
    repo.write("src/hook.py", "a = 1\n")
    for n in (14, 15):
        repo.write(
            f"docs/generated/session_{n}_continuation.md",
            f"# Session {n} Continuation\n\n## Where we stopped\nMigration 0{n} in `src/a.py`.\n",
        )
    repo.write("docs/generated/line-continuation.md", "# Line continuation\n\nUse `\\`.\n")
    repo.commit("init")
    return repo


def test_a_commit_of_only_a_continuation_note_is_no_work(
    tmp_path: Path,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    repo = _pedal(tmp_path)
    repo.write(
        "docs/generated/session_16_continuation.md",
        "# Session 16 Continuation\n\n## Where we stopped\nMigration 010 NOT applied.\n",
    )
    repo.commit("docs: session 16 continuation notes")
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    outdated = [f for f in report["findings"] if f["rule"] == "handoff-outdated"]
    assert outdated == [], outdated
    text = run_cli(["check"], cwd=repo.root)
    assert "docs/generated/session_16_continuation.md" in text.err + text.out
    assert "line-continuation.md" not in text.err + text.out


def test_the_hook_reruns_the_generator_of_a_generated_note(tmp_path: Path) -> None:
    repo = _pedal(tmp_path)
    repo.git("switch", "-qc", "try")
    repo.write("src/hook.py", "a = 2\n")
    repo.commit("fix the hook")
    run = run_hook(stop_event(repo.root), cwd=repo.root)
    assert run.code == 2, run.err
    assert "fix: python3 tools/update_session_state.py" in run.err, run.err
    assert '(line 3: "_Auto-updated by' in run.err, run.err
    assert ">> SESSION_STATE.md" not in run.err, run.err
    assert "awk" not in run.err, run.err


def test_a_generated_note_without_its_script_is_left_to_its_owner(tmp_path: Path) -> None:
    repo = _pedal(tmp_path, "<!-- generated: DO NOT EDIT -->")
    repo.git("switch", "-qc", "try")
    repo.write("src/hook.py", "a = 2\n")
    repo.commit("fix the hook")
    run = run_hook(stop_event(repo.root), cwd=repo.root)
    assert "fix: re-run what writes SESSION_STATE.md, then commit it, or leave it to its owner" in (
        run.err
    ), run.err
    assert ">> SESSION_STATE.md" not in run.err, run.err


def test_a_note_an_agent_signed_is_still_written_by_hand(tmp_path: Path) -> None:
    """ "Written by Claude Code at session end" names no program: the fix edits the note."""
    repo = _pedal(tmp_path, "_Written by Claude Code at session end._")
    repo.git("switch", "-qc", "try")
    repo.write("src/hook.py", "a = 2\n")
    repo.commit("fix the hook")
    run = run_hook(stop_event(repo.root), cwd=repo.root)
    assert "says it is generated" not in run.err, run.err
    assert "SESSION_STATE.md" in run.err, run.err
