"""The Stop hook's newer-note check asks git once for all the hand-written notes with findings:
with one note or six, each outdated by later work and each older than a file named as a handoff
that the audit does not read, the hook starts the same number of git processes (it started one
``git log``, one ``ls-tree`` and one ``ls-files`` more for each note). A real
repository, the real hook, a wrapper in front of the real git counting its calls."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo
from git_helpers import record_git

NEWER = "SESSION_HANDOFF_2025-11-10.md"
NOTE = """\
# Session Handoff

## State
- Module {n} done; 40 tests pass.

## Next Steps
1. Implement the route handlers in `app/part{n}/`.

## Decisions
- Kept TDD order because the RED tests already exist.

## Ruled out
- None.
"""


def _notes_then_work(repo: GitRepo, notes: int) -> None:
    repo.write("app.js", "export {}\n")
    repo.commit("init", date="2025-11-01T20:00:00Z")
    repo.git("switch", "-q", "-c", "feat")
    for n in range(notes):
        repo.write(f"part{n}/HANDOFF.md", NOTE.format(n=n))
    repo.commit("the notes", date="2025-11-08T20:00:00Z")
    repo.write(NEWER, NOTE.format(n="all"))
    repo.commit("a newer note", date="2025-11-10T22:00:00Z")
    repo.write("app.js", "export {}\n// tweak\n")
    repo.commit("tweak", date="2025-11-11T10:00:00Z")


def _git_calls(repo: GitRepo, log: Path, notes: int) -> list[str]:
    """The git processes one Stop hook in ``repo`` starts (``log``: `record_git`'s)."""
    log.write_text("")
    hook = run_hook(stop_event(repo.root))

    assert hook.code == 2, hook.err
    assert "- part0/HANDOFF.md handoff-outdated: " in hook.err
    assert f"fix: cat -- {NEWER}" in hook.err
    assert ("more: run `handoff-audit check`" in hook.err) == (notes > 1)
    return [call.split("\x1e")[0] for call in log.read_text().split("\x1d")[:-1]]


def test_the_newer_note_check_costs_the_same_git_calls_for_one_note_and_six(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, six = GitRepo(tmp_path / "one"), GitRepo(tmp_path / "six")
    _notes_then_work(one, 1)
    _notes_then_work(six, 6)
    log = record_git(tmp_path, monkeypatch, "\\035")

    calls = _git_calls(one, log, 1)

    assert "log" in calls
    assert len(_git_calls(six, log, 6)) == len(calls)
