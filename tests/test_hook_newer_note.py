"""A working note with a newer dated sibling the audit does not read (the review rev60-06:
AI-MakesSense/chat-interface-r's ``docs/development/SESSION_HANDOFF.md`` of 2025-11-08, Phase 2,
and ``SESSION_HANDOFF_2025-11-10.md`` at the root, Phase 3): `show` says to read the newer one
first; the Stop hook, which asks to update the older note, names the newer one too, in the same
words, before that note's fix, and says to write the new state there if the work goes on in it.
Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

NOTE = "docs/development/SESSION_HANDOFF.md"
NEWER = "SESSION_HANDOFF_2025-11-10.md"
PHASE_2 = """\
# Session Handoff Document
**Date:** 2025-11-08

## What We Accomplished Today
- Modules 1-4 of Phase 2 done; 332 tests pass.

## Next Steps
1. Implement the three Module 5 license API route handlers in `app/api/licenses/`.

## Decisions
- Kept TDD order because the RED tests already exist.

## Ruled out
- None.
"""
PHASE_3 = """\
# Session Handoff - November 10, 2025

## What We Just Completed
- Phase 2 finished; widget serving route created (Phase 3 Module 3).

## Next Steps
1. Write the widget serving tests in `tests/widget/`.

## Decisions
- Serve the IIFE bundle from `public/widget/` because the CDN is not set up.

## Ruled out
- None.
"""


def _two_notes_then_work(repo: GitRepo) -> None:
    repo.write("app.js", "export {}\n")
    repo.write(NOTE, PHASE_2)
    repo.commit("phase 2 handoff", date="2025-11-08T20:00:00Z")
    repo.write(NEWER, PHASE_3)
    repo.commit("phase 3 handoff", date="2025-11-10T22:00:00Z")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("app.js", "export {}\n// tweak\n")
    repo.commit("tweak", date="2025-11-11T10:00:00Z")


def test_the_stop_hook_names_the_newer_note_show_names(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _two_notes_then_work(git_repo)
    shown = run_cli(["show"], cwd=git_repo.root)
    [said] = [line for line in shown.out.splitlines() if NEWER in line]
    assert said.startswith("Note: a newer file named as a handoff is not audited: ")

    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2
    lines = hook.lines
    newer = lines.index(f"- {said.removeprefix('Note: ')}")
    assert lines[newer + 1] == f"  fix: cat -- {NEWER}"
    assert lines[newer + 2] == (
        f"  if the work goes on in it, write the new state there too, not only in {NOTE}, the "
        "note this hook judges (its fix follows)"
    )
    assert lines[newer + 3].startswith(f"- {NOTE} handoff-outdated: ")


def test_no_word_of_it_once_the_note_is_newer(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _two_notes_then_work(git_repo)
    git_repo.write(NOTE, PHASE_2.replace("## Ruled out", "## Ruled out\n- Nothing new."))
    git_repo.commit("note: half an update", date="2025-11-11T11:00:00Z")
    git_repo.write("app.js", "export {}\n// tweak 2\n")
    git_repo.commit("tweak 2", date="2025-11-11T12:00:00Z")

    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2
    assert f"- {NOTE} handoff-outdated: " in hook.err
    assert NEWER not in hook.err
