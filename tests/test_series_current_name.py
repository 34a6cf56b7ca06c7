"""A series file whose name says it is the current one (``current.md``, ``LATEST.md``,
``now.md``) is the series' current handoff, and one whose name says it is history
(``archive-s215-s219.md``, ``old-notes.md``) never is, whatever numbers or dates the names
hold (README, "Newest means"), nor does an undated one ending so (``handoffs-archive.md``);
a word at the end of a dated topic (``2026-12-05-export-archive.md``) is the topic's. A file
with neither a date nor a number, committed after a numbered current handoff, is named in a
warning. Real repositories, the real CLI."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

ARCHIVE = (
    "# Session archive 215-219\n\nRotated out of `current.md` at session 230.\n\n"
    "## Session 219 (09 Aug 2026)\n\nState: the homepage band is merged; tests pass.\n\n"
    "### Next steps\n1. Fetch the Search Console data for `/terminal.html`.\n"
)
LIVE = (
    "# Session logs (rolling window, newest first)\n\n## Session 230 (21 Aug 2026)\n\n"
    "State: the newsletter block sorts first; `src/app.js` changed.\n\n"
    "### Next steps\n1. Measure `edu_section_reached` on mobile.\n"
)


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def _series(repo: GitRepo, older: str, live: str, live_first: bool = False) -> None:
    """``docs/sessions/`` with the archive ``older`` and the live file ``live``, the live one
    committed last unless ``live_first``."""
    repo.write("src/app.js", "a\n")
    files = [(older, ARCHIVE, "rotate 215-219"), (live, LIVE, "session 230")]
    for (name, text, message), day in zip(files[:: -1 if live_first else 1], (21, 22), strict=True):
        repo.write(f"docs/sessions/{name}", text)
        repo.write("src/app.js", f"a{day}\n")
        repo.commit(message, date=f"2026-08-{day}T08:00:00Z")


@pytest.mark.parametrize(
    ("older", "live", "live_first"),
    [
        ("archive-s215-s219.md", "current.md", False),
        ("archive-s215-s219.md", "current.md", True),  # the name decides, not the commit
        ("2026-08-09-session-219.md", "LATEST.md", True),  # even over a date
        ("session-219.md", "Now.md", True),
        ("old-2026-08-30-notes.md", "2026-08-10-session.md", False),
        ("archive.md", "session-3.md", True),
        ("archived_s230.md", "notes.md", True),
        ("handoffs-archive.md", "auth-flow.md", True),  # undated: its last word says history
        ("sessions_archived.md", "notes.md", True),
        ("parked-issues-2026-06.md", "current-session.md", True),  # its first word says live
        ("2026-08-30-notes.md", "CURRENT_HANDOFF.md", True),
        ("session-240.md", "latest-notes.md", True),
        ("2026-07-01-notes.md", "2026-08-01-archive-export.md", True),  # a topic's "archive"
        ("2026-07-01-notes.md", "2026-08-01-export-archive.md", True),  # its last word too
        ("2026-07-01-notes.md", "2026-08-01-export-archived.md", True),
        ("2026-07-01-notes.md", "2026-08-01-export-old.md", True),
        ("2026-07-01-notes.md", "2026-08-01-fix-old-login.md", True),  # "old" there: a topic
        ("2026-08-30-notes.md", "current-state.md", True),
        ("2026-08-30-notes.md", "CurrentStatus.md", True),
        ("2026-08-30-notes.md", "latest_context.md", True),
        # "current"/"latest" and a topic, a date or a number: an ordinary name
        ("current-bugs.md", "2026-08-01-notes.md", True),
        ("latest-news-2026-01-02.md", "2026-02-01-setup.md", True),
        ("current-session-2026-05-07.md", "2026-08-01-notes.md", True),
        ("CURRENT_HANDOFF_3.md", "session-4.md", True),
    ],
)
def test_the_file_named_current_is_judged_and_the_archive_is_history(
    repo: GitRepo,
    run_cli,
    older: str,
    live: str,
    live_first: bool,  # type: ignore[no-untyped-def]
) -> None:
    _series(repo, older, live, live_first)
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    (packet,) = report["packets"]
    assert packet["path"] == f"docs/sessions/{live}", packet
    assert packet["history"] == [f"docs/sessions/{older}"], packet
    judged = {f["path"] for f in report["findings"]}
    assert f"docs/sessions/{older}" not in judged, report["findings"]
    shown = run_cli(["show"], cwd=repo.root)
    assert "Measure `edu_section_reached`" in shown.out, shown.out
    assert "Search Console" not in shown.out, shown.out
    assert f"docs/sessions/{live}, the newest of 2 handoffs" in shown.out, shown.out


def test_a_file_committed_after_the_numbered_current_one_is_named(
    repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """Without a date or a number the live file ranks below a numbered one: `check` names it
    when it changed after the numbered current file, with a dated name that makes it current;
    not when it changed before, nor when its name says it is history."""
    repo.write("docs/sessions/early-notes.md", LIVE)
    repo.write("docs/sessions/s215-s219.md", ARCHIVE)
    repo.commit("rotate", date="2026-08-21T08:00:00Z")
    quiet = run_cli(["check"], cwd=repo.root)
    assert "no number in its name" not in quiet.err, quiet.err

    repo.write("docs/sessions/log.md", LIVE)
    repo.write("docs/sessions/archive.md", LIVE)
    repo.commit("session 230", date="2026-08-22T08:00:00Z")
    said = run_cli(["check"], cwd=repo.root)
    [line] = [text for text in said.err.splitlines() if "no number in its name" in text]
    assert line.startswith(
        "handoff-audit: warning: docs/sessions/log.md has no date and no number in its name, "
        "so docs/sessions/s215-s219.md (numbered) is the current handoff"
    ), line
    assert "give it a date, which outranks a number (e.g. docs/sessions/20" in line, line
    assert "-log.md)" in line, line


def test_a_live_file_by_its_first_word_is_never_told_to_take_a_date(
    repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """`current-session.md` beside a dated write-up committed before it: the live file is the
    current handoff, and no warning tells to rename it with a date."""
    repo.write("src/app.js", "a\n")
    repo.write("docs/handoffs/parked-issues-2026-06.md", ARCHIVE)
    repo.commit("parked", date="2026-08-21T08:00:00Z")
    repo.write("docs/handoffs/current-session.md", LIVE)
    repo.commit("session 230", date="2026-08-22T08:00:00Z")
    result = run_cli(["check"], cwd=repo.root)
    assert "no number in its name" not in result.err, result.err
    assert "current-session.md: the current handoff of its series" in result.out, result.out


def _main_then_branch(repo: GitRepo, on_main: list[str], day: str, on_branch: str) -> None:
    """``docs/handoffs/``: the archive text under the names ``on_main``, committed on main on
    ``day``, and the live text as ``on_branch``, committed on the work branch ``feat/x``."""
    repo.write("src/app.js", "a\n")
    for name in on_main:
        repo.write(f"docs/handoffs/{name}", ARCHIVE)
    repo.commit("setup", date=f"{day}T08:00:00Z")
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.js", "b\n")
    repo.write(f"docs/handoffs/{on_branch}", LIVE)
    repo.commit("the branch's handoff")


def _the_branchs_file_is_current_and_the_hook_lets_it_stop(
    repo: GitRepo, run_cli: Callable[..., Result], path: str
) -> None:
    report = run_cli(["check", "--format", "json"], cwd=repo.root).json()
    (packet,) = report["packets"]
    assert packet["path"] == path, packet
    hook = run_hook(stop_event(repo.root), cwd=repo.root)
    assert hook.code == 0, hook.err
    assert "git mv" not in hook.err, hook.err


def test_archive_inside_a_dated_name_is_a_topic_and_the_hook_lets_it_stop(
    repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """A branch's `2026-03-01-archive-export-feature.md` beside main's older
    `2026-01-05-setup.md`: "archive" in the middle of a name is its topic, so the branch's file
    is the current handoff and the hook asks for no rename (which never ended: each new name
    kept the word)."""
    _main_then_branch(
        repo, ["2026-01-05-setup.md"], "2026-01-05", "2026-03-01-archive-export-feature.md"
    )
    _the_branchs_file_is_current_and_the_hook_lets_it_stop(
        repo, run_cli, "docs/handoffs/2026-03-01-archive-export-feature.md"
    )


@pytest.mark.parametrize("topic", ["export-archive", "export-archived", "export-old"])
def test_a_topic_ending_in_archive_is_the_next_handoff_the_hook_asked_for(
    repo: GitRepo, topic: str
) -> None:
    """The hook asks for the next dated handoff; the agent writes it under a topic whose last
    word is "archive" and commits it: that file is the branch's current handoff and the next
    stop passes (it was taken for history, and each stop asked for a rename that kept the
    word)."""
    repo.write("src/app.js", "a\n")
    repo.write("docs/handoffs/2026-01-05-setup.md", ARCHIVE)
    repo.commit("setup", date="2026-01-05T08:00:00Z")
    repo.git("switch", "-qc", "feat/export")
    repo.write("src/app.js", "b\n")
    repo.commit("export: CSV")
    told = run_hook(stop_event(repo.root), cwd=repo.root)
    assert told.code == 2, told.err
    [name] = re.findall(r"write the next one, (docs/handoffs/\S+-<topic>\.md)", told.err)
    repo.write(name.replace("<topic>", topic), LIVE)
    repo.commit("handoff: export")
    again = run_hook(stop_event(repo.root), cwd=repo.root)
    assert again.code == 0, again.err
    assert "git mv" not in again.err, again.err


def test_a_dated_latest_topic_never_outranks_the_branchs_dated_handoff(
    repo: GitRepo,
    run_cli,  # type: ignore[no-untyped-def]
) -> None:
    """main's `latest-news-2026-01-02.md` and `2026-02-01-setup.md`, the branch's
    `2026-03-01-parser.md`: "latest" is that topic's first word, not a live name, so the
    branch's file is the current handoff and the hook lets the session stop (it advised
    renaming the branch's file, again and again)."""
    _main_then_branch(
        repo,
        ["latest-news-2026-01-02.md", "2026-02-01-setup.md"],
        "2026-02-01",
        "2026-03-01-parser.md",
    )
    _the_branchs_file_is_current_and_the_hook_lets_it_stop(
        repo, run_cli, "docs/handoffs/2026-03-01-parser.md"
    )
