"""A working note the merge gate blocks (`block-files`) that the Stop hook asks to mend (rows
12 and 13 of docs/lifecycle.md) is told, in the same message, that it must be finished before
the merge, with the finish the gate accepts: its deletion, or its move into a series (row 15).
An agent that knows only what the hook and `check --target-branch main` print follows that
finish: the hook lets it stop and the merge gate passes."""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo

NOTE = "docs/SESSION_HANDOFF.md"
_FINISHED = "or, when the work is finished: "
_MOVED = re.compile(r"move it into a series: `([^`]+)`")
_COMPLETE = (
    "# Session handoff\n\n## State\nLogin stub added in src/login.py.\n\n## Next step\n"
    "Write tests/test_login.py covering bad passwords.\n\n## Decisions\n- Kept login in its own "
    "module because app.py is going away.\n\n## Tried and failed\n- flask-login: too heavy.\n\n"
    "## Pointers\n- src/login.py:1\n"
)


def _gate(root: Path) -> subprocess.CompletedProcess[str]:
    return run_fix(root, "handoff-audit check --target-branch main")


def _long_lived_note(repo: GitRepo, text: str) -> None:
    """The note on main for a while, then a branch whose one commit edits the README."""
    repo.write(NOTE, text)
    repo.write("src/login.py", "def login(): pass\n")
    repo.commit("handoff")
    for number in range(3):
        repo.write("src/app.py", f"VERSION = {number}\n")
        repo.commit(f"work {number}")
    repo.git("switch", "-q", "-c", "try")
    repo.write("README.md", "# app\n")
    repo.commit("readme")


def _offer(err: str) -> str:
    """The line of the hook's message that offers the finish."""
    [line] = [line for line in err.splitlines() if _FINISHED in line]
    assert f"the merge gate blocks {NOTE} (`block-files`)" in line, line
    assert "keeps it current while the work goes on" in line, line
    return line


@pytest.mark.parametrize("finish", ["delete", "move"])
def test_an_outdated_gated_note_is_offered_the_finish_the_gate_accepts(
    git_repo: GitRepo, finish: str
) -> None:
    _long_lived_note(git_repo, _COMPLETE)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "handoff-outdated" in stop.err
    assert "  fix: t=$(mktemp) && since=" in stop.err  # keeping it current comes first
    line = _offer(stop.err)
    if finish == "delete":
        command = line.split(_FINISHED, 1)[1]
        assert command == f'git rm -- {NOTE} && git commit -m "handoff: done"'
    else:
        found = _MOVED.search(line)
        assert found is not None, line
        command = found.group(1)
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, done.stderr
    assert not (git_repo.root / NOTE).exists()
    assert git_repo.git("status", "--porcelain") == ""
    if finish == "move":
        _finish_the_moved_note(git_repo)
    let_go = run_hook(stop_event(git_repo.root))
    assert let_go.code == 0, let_go.err
    gate = _gate(git_repo.root)
    assert gate.returncode == 0, gate.stdout + gate.stderr


def _finish_the_moved_note(repo: GitRepo) -> None:
    """A note moved unchanged is as old as its words: the series' file it became is outdated by
    the branch's work until what changed is added to it (here, with the work finished)."""
    moved = repo.git("diff", "--no-renames", "--name-only", "--diff-filter=A", "HEAD~1", "HEAD")
    stop = run_hook(stop_event(repo.root))
    assert stop.code == 2, stop.err
    assert f"- {moved} handoff-outdated: the work moved on after this handoff" in stop.err
    check = run_fix(repo.root, "handoff-audit check")
    assert f"{moved}: handoff-outdated" in check.stdout, check.stdout
    show = run_fix(repo.root, "handoff-audit show")  # it said "current": the move was no change
    assert "current: nothing was committed since" not in show.stdout, show.stdout
    assert "since the handoff's last change" in show.stdout, show.stdout
    assert "readme" in show.stdout, show.stdout
    line = next(line for line in stop.lines if _FINISHED in line)
    assert "None: the work is finished." in line, line
    command = re.sub(r'"<what the commits since [^"]*>"', "'The README says how to run it.'", line)
    assert run_fix(repo.root, command.split(_FINISHED, 1)[1]).returncode == 0
    repo.commit("handoff: done")
    assert "handoff-outdated" not in run_fix(repo.root, "handoff-audit check").stdout


def test_a_current_note_moved_into_a_series_is_a_finish(git_repo: GitRepo) -> None:
    _long_lived_note(git_repo, _COMPLETE)
    git_repo.write(NOTE, _COMPLETE + "\n## Since then\nThe README says how to run the app.\n")
    git_repo.commit("handoff: since then")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 0, stop.err
    (git_repo.root / "docs/handoffs").mkdir()
    git_repo.git("mv", NOTE, "docs/handoffs/2026-01-02-session-handoff.md")
    git_repo.commit("handoff: done")
    let_go = run_hook(stop_event(git_repo.root))
    assert let_go.code == 0, let_go.err
    assert "was moved into the series docs/handoffs/" in let_go.err + let_go.out
    assert "handoff-outdated" not in run_fix(git_repo.root, "handoff-audit check").stdout


def test_an_incomplete_gated_note_is_told_the_same_finish(git_repo: GitRepo) -> None:
    _long_lived_note(git_repo, _COMPLETE)
    git_repo.write(NOTE, "# Session handoff\n\n## State\nThe README says how to log in.\n")
    git_repo.commit("handoff: rewritten")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "md-incomplete" in stop.err
    assert "  fix: printf '\\n## Next step\\n\\n%s\\n' " in stop.err
    command = _offer(stop.err).split(_FINISHED, 1)[1]
    assert run_fix(git_repo.root, command).returncode == 0
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert _gate(git_repo.root).returncode == 0


def test_a_note_the_gate_lets_through_is_not_told_to_finish(git_repo: GitRepo) -> None:
    git_repo.write(".handoff-audit.yml", f'block-files: ["**/HANDOFF.md", "!{NOTE}"]\n')
    _long_lived_note(git_repo, _COMPLETE)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "handoff-outdated" in stop.err
    assert "merge gate blocks" not in stop.err and _FINISHED not in stop.err
    assert _gate(git_repo.root).returncode == 0


@pytest.mark.parametrize(
    ("series", "moved"),
    [
        (("docs/handoffs/001_auth.md", "docs/handoffs/002_api.md"), r"docs/handoffs/003_"),
        (
            (
                ".claude/handoffs/handoff-0073-2026-08-22-1044-auth.md",
                ".claude/handoffs/handoff-0074-2026-08-23-0900-api.md",
            ),
            r"\.claude/handoffs/handoff-0075-\d{4}-\d\d-\d\d-\d{4}-",
        ),
    ],
)
def test_a_gated_note_moves_under_the_series_own_next_name(
    git_repo: GitRepo, series: tuple[str, ...], moved: str
) -> None:
    for number, name in enumerate(series):
        git_repo.write(name, f"# Session {number}\n\n## Next step\nNone: the work is finished.\n")
    _long_lived_note(git_repo, "# Session handoff\n\n## State\nLogin stub in src/login.py.\n")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    found = _MOVED.search(_offer(stop.err))
    assert found is not None, stop.err
    target = re.search(r"git mv -- \S+ (\S+) ", found.group(1))
    assert target is not None, found.group(1)
    assert re.fullmatch(moved + r"session-handoff\.md", target.group(1)), target.group(1)
    assert run_fix(git_repo.root, found.group(1)).returncode == 0
    assert (git_repo.root / target.group(1)).is_file()
    check = run_fix(git_repo.root, "handoff-audit check")
    assert f"{target.group(1)}: the current handoff of its series" in check.stdout, check.stdout


@pytest.mark.parametrize("taken", [False, True])
def test_a_series_named_by_date_alone_is_offered_the_next_date_alone(
    git_repo: GitRepo, taken: bool
) -> None:
    """Where the series' files are named by their date alone (`docs/sessions/2025-11-20.md`),
    the note moves to today's date alone, as a numbered series gets its next number, not to
    `<date>-session-handoff.md`; a number after the date when that name is taken."""
    today = datetime.now(UTC).date().isoformat()
    git_repo.write("docs/sessions/2025-11-20.md", _COMPLETE)
    if taken:
        git_repo.write(f"docs/sessions/{today}.md", _COMPLETE)
    _long_lived_note(git_repo, _COMPLETE)
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    found = _MOVED.search(_offer(stop.err))
    assert found is not None, stop.err
    moved = f"docs/sessions/{today}{'-2' if taken else ''}.md"
    assert f"git mv -- {NOTE} {moved} && " in found.group(1)
    assert run_fix(git_repo.root, found.group(1)).returncode == 0
    assert (git_repo.root / moved).is_file()
