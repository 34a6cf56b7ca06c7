"""`show` and `SessionStart` name a tracked file named as a handoff that the audit does not read
when it changed after the handoff they present (1hoookkk/trench: `dev/SESSION_STATE.md` of
2026-04-13 was shown while `docs/handoff_2026-04-18-session-close.md` went unmentioned), with no
git process more; `check` names the same files in its note."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from agent_support import run_hook
from conftest import GitRepo, Result
from handoff_audit.git import plumbing

Run = Callable[..., Result]

STATE = """# TRENCH SESSION STATE — 2026-04-13 (rev 4)

## State
Parity gate covers 41 entries; the Rust canonical_parity test landed.

## Next step
Port `FilterEngine` and the DC blocker into trench-core.
"""

CLOSE = """# Handoff — 2026-04-18 session close

Written for the next fresh Claude session.

## State
FilterEngine ported; the JUCE plugin builds.

## Next action: step 2b — JUCE offline-render mode
Add an offline render to the plugin and compare it with the Rust engine.
"""

NOTES = """# Session notes 2026-04-17

## Done
The DC blocker is ported.

## Next session first task
Port the FilterEngine.
"""

RELEASE = """# Handoff — 2026-04-09 release gate

## State
Release gate written.

## Next step
Compare the renders.
"""


def _trench(repo: GitRepo, named: tuple[str, str, str] | None = None) -> None:
    """The trench layout: its handoff files, committed on their days; ``named`` gives other
    names to the three files named as handoffs outside the globs."""
    release, notes, close = named or (
        "docs/handoff_2026-04-09_release_gate_and_comparisons.md",
        "SESSION_NOTES_2026-04-17.md",
        "docs/handoff_2026-04-18-session-close.md",
    )
    repo.write("trench-core/src/lib.rs", "pub fn cascade() {}\n")
    repo.write(release, RELEASE)
    repo.commit("docs: release gate handoff", date="2026-04-09T12:00:00Z")
    repo.write("dev/SESSION_STATE.md", STATE)
    repo.commit("session state rev 4", date="2026-04-13T12:00:00Z")
    repo.write(notes, NOTES)
    repo.commit("session notes 2026-04-17", date="2026-04-17T12:00:00Z")
    repo.write(close, CLOSE)
    repo.commit("docs: session handoff for 2026-04-18 close", date="2026-04-18T05:27:30Z")


LINE = (
    "newer files named as handoffs are not audited: docs/handoff_2026-04-18-session-close.md, "
    "SESSION_NOTES_2026-04-17.md (the newest last changed 2026-04-18, after "
    "dev/SESSION_STATE.md); read them first, and to audit them, set `extend-packets: "
    '["docs/handoff_2026-04-18-session-close.md", "SESSION_NOTES_2026-04-17.md"]` in '
    ".handoff-audit.yml"
)


def test_show_names_the_newer_handoffs_the_audit_does_not_read(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _trench(git_repo)

    done = run_cli(["show"], cwd=git_repo.root)

    assert done.code == 0, done.err
    lines = done.out.splitlines()
    assert lines[0] == f"Note: {LINE}"
    assert lines[1] == "Next action: Port `FilterEngine` and the DC blocker into trench-core."
    assert "release_gate" not in done.out  # older than the handoff shown
    shown = json.loads(run_cli(["show", "--format", "json"], cwd=git_repo.root).out)
    assert (shown["path"], shown["unaudited"]) == ("dev/SESSION_STATE.md", LINE)
    markdown = run_cli(["show", "--format", "markdown"], cwd=git_repo.root).out
    assert markdown.startswith(f"**Note:** {LINE}\n\n**Next action:**")

    checked = run_cli(["check"], cwd=git_repo.root)
    assert (
        "where the configuration does not look: SESSION_NOTES_2026-04-17.md, "
        "docs/handoff_2026-04-09_release_gate_and_comparisons.md, "
        "docs/handoff_2026-04-18-session-close.md; to audit them"
    ) in checked.err, checked.err

    git_repo.write(".handoff-audit.yml", re.findall(r"`([^`]+)`", LINE)[0] + "\n")
    git_repo.commit("configure", date="2026-04-19T12:00:00Z")
    audited = run_cli(["show"], cwd=git_repo.root)
    assert audited.out.startswith("Next action: Add an offline render to the plugin"), audited.out
    assert "Note:" not in audited.out


def test_session_start_hands_the_line_to_the_session(git_repo: GitRepo) -> None:
    _trench(git_repo)
    event = {
        "session_id": "0a1b2c3d-session",
        "transcript_path": str(git_repo.root / "no-transcript.jsonl"),
        "cwd": str(git_repo.root),
        "hook_event_name": "SessionStart",
        "source": "startup",
    }

    run = run_hook(event, cwd=git_repo.root)

    assert (run.code, run.err) == (0, "")
    context = json.loads(run.out)["hookSpecificOutput"]["additionalContext"]
    assert context.splitlines()[0] == f"Note: {LINE}"


def test_no_line_when_the_handoff_shown_is_the_newest_or_uncommitted(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _trench(git_repo)
    git_repo.write("dev/SESSION_STATE.md", STATE + "\nRev 5: FilterEngine ported.\n")
    git_repo.commit("session state rev 5", date="2026-04-20T12:00:00Z")

    assert "Note:" not in run_cli(["show"], cwd=git_repo.root).out
    git_repo.write("docs/handoff_2026-04-21-follow-up.md", CLOSE)
    git_repo.commit("follow-up", date="2026-04-21T12:00:00Z")
    assert run_cli(["show"], cwd=git_repo.root).out.startswith(
        "Note: a newer file named as a handoff is not audited: "
        "docs/handoff_2026-04-21-follow-up.md (last changed 2026-04-21, after "
        "dev/SESSION_STATE.md); read it first"
    )
    (git_repo.root / "dev/SESSION_STATE.md").write_text(STATE + "\nRev 6.\n", encoding="utf-8")
    assert "Note:" not in run_cli(["show"], cwd=git_repo.root).out


def test_the_line_costs_no_git_process(tmp_path: Path, run_cli: Run) -> None:
    def git_processes_of_show(repo: GitRepo) -> int:
        before = plumbing.spawn_count()
        assert run_cli(["show"], cwd=repo.root).code == 0
        return plumbing.spawn_count() - before

    named = GitRepo(tmp_path / "named")
    _trench(named)
    plans = GitRepo(tmp_path / "plans")
    _trench(plans, ("docs/plan_2026-04-09.md", "PLAN_2026-04-17.md", "docs/plan_2026-04-18.md"))
    assert "Note:" in run_cli(["show"], cwd=named.root).out
    assert git_processes_of_show(named) == git_processes_of_show(plans)
