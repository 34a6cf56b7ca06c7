"""A series of dated handoffs (`docs/handoffs/`) in the lifecycle: its current file is the
branch's handoff for `handoff-outdated`, the hook and `show`; moving a single working note into
a series after the last work finishes it; a series the branch did not write is not its handoff."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

BRANCH = "feat/refunds"
NOTE = (
    "# Handoff\n\n## State\n\nEUR refunds round to cents.\n\n"
    "## Next step\n\nRound GBP refunds in `src/refunds.py` too.\n"
)
OLD = "# Handoff\n\n## State\n\nThe refunds module exists.\n\n## Next step\n\nRound EUR.\n"
CURRENT = "docs/handoffs/2026-11-28-refunds.md"


def work(repo: GitRepo, step: int) -> str:
    repo.write("src/refunds.py", f"def refund(amount):\n    return round(amount, 2)  # {step}\n")
    return repo.commit(f"refunds: step {step}")


def series_repo(repo: GitRepo, later: int) -> list[str]:
    """A branch that wrote the current file of its series after one older one, then ``later``
    commits of work."""
    repo.write("README.md", "# shop\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", BRANCH)
    work(repo, 0)
    repo.write("docs/handoffs/2026-11-20-start.md", OLD)
    repo.write(CURRENT, NOTE)
    repo.commit("handoff notes")
    return [work(repo, step) for step in range(1, later + 1)]


def findings(run_cli: Callable[..., Any], repo: GitRepo, rule: str) -> list[dict[str, Any]]:
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    return [f for f in report["findings"] if f["rule"] == rule]


def test_the_current_file_of_a_series_the_work_outran_is_handoff_outdated(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    shas = series_repo(git_repo, 2)
    [finding] = findings(run_cli, git_repo, "handoff-outdated")
    assert finding["path"] == CURRENT  # the newest file; the older one is history, not judged
    assert "2 later commits" in finding["message"] and shas[-1][:12] in finding["message"]
    # A series is a record: its fix is never to delete the file.
    assert "delete" not in finding["message"]
    assert "write the next dated handoff in docs/handoffs/" in finding["message"]


@pytest.mark.parametrize("live", ["current-session.md", "CURRENT_HANDOFF.md", "LATEST.md"])
def test_an_outdated_live_file_is_told_only_to_take_what_changed(
    git_repo: GitRepo, run_cli: Callable[..., Any], live: str
) -> None:
    """A series' live file is kept up to date in place, so `handoff-outdated` and the hook say
    to add what changed to it, never to write the next dated handoff beside it."""
    path = f"docs/handoffs/{live}"
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    work(git_repo, 0)
    git_repo.write("docs/handoffs/2026-11-20-start.md", OLD)
    git_repo.write(path, NOTE)
    git_repo.commit("handoff notes")
    work(git_repo, 1)
    [finding] = findings(run_cli, git_repo, "handoff-outdated")
    assert finding["path"] == path, finding
    assert finding["message"].endswith(f"add what changed and the next step now to {path}")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert f"the next step now to {path}\n" in blocked.err, blocked.err
    assert "next dated handoff" not in blocked.err, blocked.err


@pytest.mark.parametrize(
    ("older", "written", "following"),
    [
        ("001-setup.md", "002-auth.md", "003-<topic>.md"),
        ("session-8.md", "session-9.md", "session-10.md"),
    ],
)
def test_an_outdated_numbered_series_is_told_to_write_its_next_number(
    git_repo: GitRepo, run_cli: Callable[..., Any], older: str, written: str, following: str
) -> None:
    """A numbered series is told its next number, in its own format, never a dated name; the
    file named, once written, is the series' current file and the branch's handoff."""
    git_repo.write("README.md", "# shop\n")
    git_repo.write(f"docs/handoffs/{older}", OLD)
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    work(git_repo, 0)
    git_repo.write(f"docs/handoffs/{written}", NOTE)
    git_repo.commit("handoff notes")
    work(git_repo, 1)
    told = f"or write the series' next numbered handoff, docs/handoffs/{following}"
    [finding] = findings(run_cli, git_repo, "handoff-outdated")
    assert finding["path"] == f"docs/handoffs/{written}", finding
    assert finding["message"].endswith(told), finding
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2 and told in blocked.err, blocked.err
    assert "next dated" not in blocked.err, blocked.err

    next_file = f"docs/handoffs/{following.replace('<topic>', 'gbp')}"
    git_repo.write(next_file, NOTE.replace("GBP", "USD"))
    git_repo.commit("handoff: next")
    assert run_hook(stop_event(git_repo.root)).code == 0
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [p["path"] for p in report["packets"]] == [next_file], report["packets"]
    assert [f for f in report["findings"] if f["severity"] == "error"] == [], report["findings"]


def test_a_series_file_is_no_work_that_outdates_a_handoff(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    series_repo(git_repo, 0)
    assert findings(run_cli, git_repo, "handoff-outdated") == []
    git_repo.write("docs/handoffs/2026-11-20-start.md", OLD + "\nA typo fixed.\n")
    git_repo.commit("handoff: the history, corrected")
    assert findings(run_cli, git_repo, "handoff-outdated") == []
    git_repo.write("docs/handoffs/2026-11-29-refunds.md", NOTE.replace("EUR", "GBP"))
    git_repo.commit("handoff: the next one")
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [p["path"] for p in report["packets"]] == ["docs/handoffs/2026-11-29-refunds.md"]
    assert [f for f in report["findings"] if f["rule"] == "handoff-outdated"] == []


def test_the_hook_and_show_take_the_series_current_file_as_the_branch_s_handoff(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    series_repo(git_repo, 1)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert f"{CURRENT} handoff-outdated" in blocked.err
    command = next(line for line in blocked.lines if line.startswith("  fix: "))[7:]
    assert command.endswith(f' > {CURRENT} && rm -f -- "$t"')  # in place of its next step
    assert '"<what the commits since the handoff' in command  # a file, no packet
    filled = re.sub(r'"<[^">]*>"', "'GBP done.'", command)  # what changed, the next step now
    assert run_fix(git_repo.root, filled).returncode == 0
    git_repo.commit("handoff: refreshed")
    allowed = run_hook(stop_event(git_repo.root))
    assert allowed.code == 0, allowed.err
    brief = run_cli(["show", "--format", "json"], cwd=git_repo.root)
    assert brief.code == 0, brief.err
    data = json.loads(brief.out)
    assert data["path"] == CURRENT
    # the step written first alone; the one kept below it, for the agent to delete if done,
    # stays in the text
    [step] = [s["items"][0] for s in data["sections"] if s["key"] == "next_action"]
    assert step == "GBP done.", data
    [text] = [s["items"] for s in data["sections"] if s["key"] == "text"]
    assert "Round GBP refunds" in "\n".join(text).split("delete those done):", 1)[1], data
    started = run_hook(stop_event(git_repo.root, event="SessionStart"))
    assert started.code == 0
    assert CURRENT in started.out and "GBP done." in started.out


def test_an_agent_running_every_fix_appends_the_since_then_section_once(
    git_repo: GitRepo,
) -> None:
    """The agent runs each fix printed, literally, and stops again until let go: once the
    series file's fix has run (not committed yet), the next stop asks only for the
    commit, as for `HANDOFF.md`, never for the same append again."""
    series_repo(git_repo, 1)
    rounds: list[list[str]] = []
    for _round in range(4):
        stop = run_hook(stop_event(git_repo.root))
        if stop.code == 0:
            break
        assert stop.code == 2, stop.err
        fixes = [line[7:] for line in stop.lines if line.startswith("  fix: ")]
        rounds.append(fixes)
        for command in fixes:
            filled = re.sub(r'"<[^">]*>"', "'GBP done.'", command)
            assert run_fix(git_repo.root, filled).returncode == 0, filled
    else:
        raise AssertionError(f"still blocked after 4 rounds: {rounds}")
    assert [[fix.split(" ")[0] for fix in fixes] for fixes in rounds] == [["t=$(mktemp)"], ["git"]]
    text = (git_repo.root / CURRENT).read_text(encoding="utf-8")
    assert text.count("## Since then") == 1, text
    assert git_repo.git("status", "--porcelain") == ""


def test_a_series_the_branch_did_not_write_is_not_its_handoff(git_repo: GitRepo) -> None:
    """The default branch keeps its series; a new branch with work needs its own handoff, and
    a branch with no work may stop, however old the series' current file is."""
    git_repo.write("README.md", "# shop\n")
    git_repo.write(CURRENT, "# Handoff\n\n## State\n\nNo next step here.\n")
    git_repo.commit("init, with the project's series")
    work(git_repo, 0)  # the default branch moved on after the series
    git_repo.git("checkout", "-q", "-b", BRANCH)
    idle = run_hook(stop_event(git_repo.root))
    assert idle.code == 0, idle.err
    assert "no work of its own" in idle.err
    work(git_repo, 1)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2
    assert "has work of its own against main but no active handoff" in blocked.err
    assert CURRENT not in blocked.err


def moved_repo(repo: GitRepo) -> None:
    """A branch with work and a committed HANDOFF.md."""
    repo.write("README.md", "# shop\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", BRANCH)
    work(repo, 0)
    repo.write("HANDOFF.md", NOTE)
    repo.commit("handoff")


def move_into_series(repo: GitRepo) -> None:
    (repo.root / "docs/handoffs").mkdir(parents=True)
    repo.git("mv", "HANDOFF.md", "docs/handoffs/2026-12-01-refunds.md")


def test_moving_the_working_note_into_a_series_after_the_work_finishes_it(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    moved_repo(git_repo)
    kept = run_hook(stop_event(git_repo.root))
    assert kept.code == 0 and "moved" not in kept.err  # complete and current: it may stop
    held = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert held.code == 1 and "handoff-in-merge" in held.out  # but not merge
    move_into_series(git_repo)
    git_repo.commit("handoff: done, kept in the series")
    allowed = run_hook(stop_event(git_repo.root))
    assert allowed.code == 0, allowed.err
    assert "HANDOFF.md was moved into the series docs/handoffs/" in allowed.err
    merge = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert [f["rule"] for f in merge.json()["findings"] if f["severity"] == "error"] == []
    assert merge.code == 0, merge.out
    # More work after the finish needs a handoff again: the series' file, brought up to date.
    work(git_repo, 1)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err


def test_a_move_before_the_last_work_is_no_finish(git_repo: GitRepo) -> None:
    moved_repo(git_repo)
    move_into_series(git_repo)
    git_repo.commit("handoff: into the series")
    work(git_repo, 1)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "docs/handoffs/2026-12-01-refunds.md handoff-outdated" in blocked.err


def test_an_uncommitted_move_is_no_finish(git_repo: GitRepo) -> None:
    moved_repo(git_repo)
    move_into_series(git_repo)
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "uncommitted changes" in blocked.err


def test_instructions_about_writing_a_handoff_are_never_outdated(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """A file `not-a-handoff` recognises describes no work, so the work cannot outrun it."""
    git_repo.write("README.md", "# shop\n")
    git_repo.write(
        "HANDOFF.md",
        "# How we hand off\n\nBefore ending the session, write the handoff to HANDOFF.md.\n\n"
        "Create or update a HANDOFF.md with:\n\n1. Goal\n2. Next steps\n\n"
        "The handoff should include the commands you ran.\n",
    )
    git_repo.commit("how we hand off")
    work(git_repo, 1)
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    rules = {f["rule"] for f in report["findings"]}
    assert "not-a-handoff" in rules
    assert "handoff-outdated" not in rules


GUIDE = """\
# How to write a session handoff

When you end a session, write a handoff for the next agent. Follow these rules:

1. Start with the current state: what works and what does not.
2. List the next steps, the first one concrete enough to run.
3. Record every decision with its reason.
4. Record what you tried that failed, and why.
5. Point at exact files and lines.

Keep it under 100 lines. Update it at the end of every session.
"""


def test_orders_to_the_reader_are_no_handoff_for_check_nor_the_hook(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """One detector says what is no handoff: a guide written as orders gets `not-a-handoff`
    alone, and the hook asks for the branch's handoff, never for a section added to the
    guide."""
    git_repo.write("README.md", "# shop\n")
    git_repo.write("SESSION_HANDOFF.md", GUIDE)
    git_repo.commit("team guide")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    work(git_repo, 1)
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [f["rule"] for f in report["findings"]] == ["not-a-handoff"]
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "no active handoff" in blocked.err
    assert "fix: handoff-audit new " in blocked.err
    assert "SESSION_HANDOFF.md" not in blocked.err


def test_an_undated_file_the_branch_wrote_into_a_dated_series_is_named_with_its_fix(
    git_repo: GitRepo,
) -> None:
    """The hook names the file the branch wrote and why another is current, and the move it
    prints, committed, makes the branch's file the current handoff."""
    git_repo.write("README.md", "# shop\n")
    git_repo.write("docs/handoffs/2025-11-05-refunds.md", OLD)
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    work(git_repo, 1)
    git_repo.write("docs/handoffs/refunds-followup.md", NOTE)
    git_repo.commit("handoff: refunds follow-up")
    blocked = run_hook(stop_event(git_repo.root))
    assert blocked.code == 2, blocked.err
    assert "docs/handoffs/refunds-followup.md has no date in its name" in blocked.err
    assert "docs/handoffs/2025-11-05-refunds.md (dated) is the current handoff" in blocked.err
    command = next(line for line in blocked.lines if line.startswith("  fix: "))[7:]
    assert command.startswith("git mv -- docs/handoffs/refunds-followup.md docs/handoffs/20")
    assert run_fix(git_repo.root, command).returncode == 0
    git_repo.commit("handoff: dated")
    allowed = run_hook(stop_event(git_repo.root))
    assert allowed.code == 0, allowed.err


def test_show_of_an_older_file_of_a_series_names_the_current_one(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    series_repo(git_repo, 0)
    older = run_cli(["show", "docs/handoffs/2026-11-20-start.md"], cwd=git_repo.root)
    assert older.code == 0, older.err
    first = older.out.splitlines()[0]
    assert first.startswith("Warning: docs/handoffs/2026-11-20-start.md is an older handoff")
    assert f"`handoff-audit show {CURRENT}` shows it" in first
    current = run_cli(["show", "--format", "json", CURRENT], cwd=git_repo.root)
    assert current.code == 0, current.err
    assert json.loads(current.out)["warning"] is None
