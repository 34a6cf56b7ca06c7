"""Handoffs as people name and place them, in real git repositories: a root SESSION_HANDOFF.md or
NEXT_SESSION.md, a docs/handoffs/ series of dated files, a .claude/handoffs/ series; templates,
instructions and an agent's command files told apart from handoffs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo
from git_helpers import check, hits
from handoff_audit.git import plumbing

TEMPLATES = Path(__file__).resolve().parent / "data" / "templates"

GOOD = """\
# Session handoff — refund rounding

## State
EUR refunds now round half-even; `pytest -q` passes (212 tests) as of this commit.

## Next steps
1. Fix GBP rounding in `src/refund.py:88` — the last failing case.

## Decisions
- Kept integer cents in the ledger because floats drifted by a cent per thousand refunds.

## Ruled out
- Tried Decimal quantize on the API layer; it didn't work because the webhook re-rounds.

## Pointers
- `src/refund.py`, `tests/test_refund.py::test_gbp_half_even`
"""

WEAK = """\
# Next session

Worked on the refund rounding today. It was a long session.
"""


def _feature_branch(repo: GitRepo) -> None:
    repo.write("README.md", "# shop\n")
    repo.commit("start")
    repo.git("checkout", "-q", "-b", "feat/refund")


def _committed_copy(repo: GitRepo, source: str, name: str, message: str) -> None:
    """On the feature branch, commit a copy of the template file `source` as `name`."""
    _feature_branch(repo)
    shutil.copyfile(TEMPLATES / source, repo.write(name, ""))
    repo.commit(message)


def _dated(day: int, text: str) -> str:
    return text.replace("# Session handoff", f"# Session handoff 2025-11-{day:02d}")


WORKING_NOTES = [
    "SESSION_HANDOFF.md",
    "NEXT_SESSION.md",
    "docs/HANDOVER.md",
    "SESSION-HANDOFF.md",
    "docs/session-handoff.md",
    "NEXT-SESSION.md",
    "HANDOFF_NEXT_SESSION.md",
    "HANDOVER_NOTES.md",
]
"""Single working notes: wrong once merged, so blocked from a protected branch."""
KEPT_NOTES = ["CONTINUE.md", "SESSION_STATE.md", "docs/SESSION_LOG.md"]
"""Notes projects keep on main on purpose (a running log, a state kept current): judged only."""


@pytest.mark.parametrize(
    ("name", "blocked"),
    [(name, True) for name in WORKING_NOTES] + [(name, False) for name in KEPT_NOTES],
)
def test_a_note_is_judged_and_a_working_note_blocked_from_main(
    run_cli: Any, git_repo: GitRepo, name: str, blocked: bool
) -> None:
    _feature_branch(git_repo)
    git_repo.write(name, WEAK)
    git_repo.commit("handoff")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert [p["path"] for p in report["packets"]] == [name]
    assert {f["facet"] for f in hits(report, "md-incomplete")} >= {"next", "pointers"}
    assert [f["path"] for f in hits(report, "handoff-in-merge")] == ([name] if blocked else [])


def test_a_good_working_note_passes_on_its_branch(run_cli: Any, git_repo: GitRepo) -> None:
    _feature_branch(git_repo)
    git_repo.write("SESSION_HANDOFF.md", GOOD)
    git_repo.commit("handoff")
    report = check(run_cli, git_repo.root)
    assert [f["rule"] for f in report["findings"]] == []


@pytest.mark.parametrize("folder", ["docs/handoffs", ".claude/handoffs"])
def test_a_series_judges_its_newest_file_lists_the_rest_and_is_not_blocked(
    run_cli: Any, git_repo: GitRepo, folder: str
) -> None:
    _feature_branch(git_repo)
    for day in range(19, 23):  # four older handoffs, each weak: they are history
        git_repo.write(f"{folder}/2025-11-{day:02d}-refund.md", WEAK)
    git_repo.write(f"{folder}/2025-11-23-refund.md", _dated(23, GOOD))
    git_repo.write(f"{folder}/README.md", "# Handoffs\n\nOne file per session, newest last.\n")
    git_repo.commit("handoffs")
    current = f"{folder}/2025-11-23-refund.md"
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert [p["path"] for p in report["packets"]] == [current]
    assert report["packets"][0]["history"] == [
        f"{folder}/2025-11-{day:02d}-refund.md" for day in (22, 21, 20, 19)
    ]
    assert report["findings"] == []  # the weak history is never judged; a series is not blocked

    git_repo.write(f"{folder}/2025-11-24-refund.md", WEAK)  # a new, weak current handoff
    git_repo.commit("another session")
    report = check(run_cli, git_repo.root)
    assert {f["path"] for f in report["findings"]} == {f"{folder}/2025-11-24-refund.md"}
    assert {f["facet"] for f in hits(report, "md-incomplete")} >= {"next"}
    text = run_cli(["check"], cwd=git_repo.root).out
    assert f"{folder}/2025-11-24-refund.md: the current handoff of its series (5 older" in text


def test_undated_files_of_a_series_go_by_their_last_commit(run_cli: Any, git_repo: GitRepo) -> None:
    _feature_branch(git_repo)
    git_repo.write("handoffs/auth.md", WEAK)
    git_repo.commit("first", date="2025-11-01T10:00:00Z")
    git_repo.write("handoffs/billing.md", GOOD)
    git_repo.commit("second", date="2025-11-05T10:00:00Z")
    report = check(run_cli, git_repo.root)
    assert [(p["path"], p["history"]) for p in report["packets"]] == [
        ("handoffs/billing.md", ["handoffs/auth.md"])
    ]
    git_repo.write("handoffs/auth.md", WEAK + "\nMore notes.\n")
    git_repo.commit("auth again", date="2025-11-09T10:00:00Z")
    report = check(run_cli, git_repo.root)
    assert [p["path"] for p in report["packets"]] == ["handoffs/auth.md"]


@pytest.mark.parametrize(
    "oldest_first",
    [
        ["session-9.md", "session-10.md", "session-11.md"],
        ["2025-11-9-auth.md", "2025-11-10-auth.md"],
        ["30.11.2025.md", "01.12.2025.md"],
        ["28-10-2026-refunds.md", "02-11-2026-refunds.md"],
        ["31_10_2026.md", "01_11_2026.md"],
        ["20261104-b.md", "05-11-2026-c.md"],
        ["10-28-2026.md", "11-02-2026.md"],
        ["2025-1-31.md", "20250201.md"],
        ["2025-11-23-2.md", "2025-11-23-10.md"],
        ["notes-by-hand.md", "session-3.md", "2025-11-20.md"],
        ["handoff-jul-30-2026.md", "handoff-aug-05-2026.md"],
        ["Handoff 30 July 2026.md", "Handoff 5 August 2026.md"],
        ["2026-jul-30.md", "2026-aug-05.md"],
        ["July 30, 2026.md", "5th-AUG-2026.md", "2026-Sept-1.md"],
    ],
)
def test_a_series_goes_by_the_date_else_the_number_in_its_names_whatever_the_commits(
    run_cli: Any, git_repo: GitRepo, oldest_first: list[str]
) -> None:
    """A date in the name first (with or without leading zeros, day first with dots, dashes or
    underscores unless the series' dashed dates can only be month first), else a
    number compared as a number, else the last commit: committed newest first, to be sure."""
    _feature_branch(git_repo)
    for day, name in enumerate(reversed(oldest_first), start=1):
        git_repo.write(f"docs/sessions/{name}", WEAK)
        git_repo.commit(name, date=f"2026-01-{day:02d}T10:00:00Z")
    report = check(run_cli, git_repo.root)
    newest_first = [f"docs/sessions/{name}" for name in reversed(oldest_first)]
    assert [(p["path"], p["history"]) for p in report["packets"]] == [
        (newest_first[0], newest_first[1:])
    ]


def test_two_handoffs_of_one_day_go_by_their_last_commit_not_their_names(
    run_cli: Any, git_repo: GitRepo
) -> None:
    """The evening's note is current though its topic sorts first, and it takes the one
    ``git log`` process that dates an undated series: no more git processes than that."""

    def git_processes_of_check() -> int:
        before = plumbing.spawn_count()
        run_cli(["check", "--format", "json"], cwd=git_repo.root)
        return plumbing.spawn_count() - before

    _feature_branch(git_repo)
    git_repo.write(".claude/handoffs/webhooks.md", WEAK)
    git_repo.commit("undated morning", date="2026-11-05T09:00:00Z")
    git_repo.write(".claude/handoffs/refunds.md", WEAK)
    git_repo.commit("undated evening", date="2026-11-05T19:00:00Z")
    by_commit_only = git_processes_of_check()
    git_repo.write("docs/handoffs/2026-11-05-webhooks.md", _dated(5, WEAK))
    git_repo.commit("morning handoff", date="2026-11-05T09:00:00Z")
    git_repo.write("docs/handoffs/2026-11-05-refunds.md", _dated(5, GOOD))
    git_repo.commit("evening handoff", date="2026-11-05T19:00:00Z")
    report = check(run_cli, git_repo.root)
    assert ("docs/handoffs/2026-11-05-refunds.md", ["docs/handoffs/2026-11-05-webhooks.md"]) in [
        (p["path"], p["history"]) for p in report["packets"]
    ]
    assert git_processes_of_check() == by_commit_only

    git_repo.write("docs/handoffs/2026-11-05-webhooks.md", _dated(5, GOOD) + "\nLater on.\n")
    git_repo.commit("night handoff", date="2026-11-05T23:00:00Z")
    report = check(run_cli, git_repo.root)
    assert "docs/handoffs/2026-11-05-webhooks.md" in [p["path"] for p in report["packets"]]


def test_a_credential_in_an_older_file_of_a_series_is_a_finding(
    run_cli: Any, git_repo: GitRepo
) -> None:
    _feature_branch(git_repo)
    git_repo.write("docs/handoffs/2025-11-23-refund.md", _dated(23, GOOD))
    git_repo.write(
        "docs/handoffs/2025-10-01-deploy.md",
        "# Old notes\n\nDeploy token: ghp_1234567890abcdefghijklmnopqrstuvwxyzAB\n",
    )
    git_repo.commit("handoffs")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert [(p["path"], p["history"]) for p in report["packets"]] == [
        ("docs/handoffs/2025-11-23-refund.md", ["docs/handoffs/2025-10-01-deploy.md"])
    ]
    # Only the credential: the older file is still not judged as a handoff.
    assert [(f["rule"], f["path"], f["line"]) for f in report["findings"]] == [
        ("secret", "docs/handoffs/2025-10-01-deploy.md", 3)
    ]
    assert run_cli(["check"], cwd=git_repo.root).code == 1


FAKE_TOKEN = "ghp_1234567890abcdefghijklmnopqrstuvwxyzAB"


@pytest.mark.parametrize(
    ("comment", "expected", "suppressed"),
    [
        ("<!-- handoff-audit: ignore secret a revoked token kept as a test fixture -->", [], 1),
        ("<!-- handoff-audit: ignore secret -->", ["invalid-suppression", "secret"], 0),
    ],
    ids=["with-reason", "without-reason"],
)
def test_a_suppression_in_an_older_file_of_a_series_covers_its_secret(
    run_cli: Any, git_repo: GitRepo, comment: str, expected: list[str], suppressed: int
) -> None:
    _feature_branch(git_repo)
    git_repo.write("docs/handoffs/2025-11-23-refund.md", _dated(23, GOOD))
    git_repo.write(
        "docs/handoffs/2025-10-01-deploy.md",
        f"# Old notes\n\n{comment}\nDeploy token: {FAKE_TOKEN}\n",
    )
    git_repo.commit("handoffs")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert sorted(f["rule"] for f in report["findings"]) == expected
    assert {f["path"] for f in report["findings"]} <= {"docs/handoffs/2025-10-01-deploy.md"}
    assert report["summary"]["suppressed"] == suppressed
    text = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert text.code == (1 if expected else 0)
    for output in (text.out, text.err, json.dumps(report)):
        assert FAKE_TOKEN not in output and FAKE_TOKEN[4:20] not in output


def test_a_configured_series_and_a_blocked_series(run_cli: Any, git_repo: GitRepo) -> None:
    # main's configuration: the merge gate reads main's `block-files`, as the Action does
    git_repo.write(
        ".handoff-audit.yml",
        'series: ["notes/sessions/"]\nblock-files: ["notes/sessions/*.md"]\n',
    )
    _feature_branch(git_repo)
    git_repo.write("notes/sessions/20251120.md", WEAK)
    git_repo.write("notes/sessions/20251121.md", GOOD)
    git_repo.write("docs/handoffs/2025-11-21-x.md", WEAK)  # no longer a series: not found
    git_repo.commit("handoffs")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert [p["path"] for p in report["packets"]] == ["notes/sessions/20251121.md"]
    blocked = {f["path"] for f in hits(report, "handoff-in-merge")}
    assert blocked == {"notes/sessions/20251120.md", "notes/sessions/20251121.md"}


def test_a_folder_of_json_packets_is_never_a_series(run_cli: Any, git_repo: GitRepo) -> None:
    _feature_branch(git_repo)
    git_repo.write(".handoff-audit.yml", 'series: [".handoff"]\n')
    git_repo.write(".handoff/a.md", WEAK)
    git_repo.write(".handoff/b.json", "{}")
    git_repo.commit("packets")
    report = check(run_cli, git_repo.root)
    assert [p["path"] for p in report["packets"]] == [".handoff/b.json"]


@pytest.mark.parametrize(
    "name",
    [
        ".claude/commands/handoff.md",
        "prompts/handoff.md",
        ".claude/skills/handoff/SKILL.md",
        ".claude/commands/session-handoff.md",
    ],
)
def test_an_agents_command_file_is_not_a_handoff(
    run_cli: Any, git_repo: GitRepo, name: str
) -> None:
    _committed_copy(git_repo, "prompt-command.md", name, "command")
    report = check(run_cli, git_repo.root, "--target-branch", "main")
    assert (report["packets"], report["findings"]) == ([], [])
    named = run_cli(["check", "--format", "json", name], cwd=git_repo.root)
    assert named.code == 0  # named on the command line: audited, and only a warning
    assert [f["rule"] for f in named.json()["findings"]] == ["not-a-handoff"]


@pytest.mark.parametrize(
    ("name", "folder"),
    [
        (".claude/commands/session-end.md", ".claude/commands/"),
        (".github/prompts/handoff.prompt.md", ".github/prompts/"),
    ],
)
def test_a_file_in_an_agents_folder_is_told_apart_by_its_place(
    run_cli: Any, git_repo: GitRepo, name: str, folder: str
) -> None:
    # A command that records a sample session reads like a handoff; its place says what it is.
    git_repo.write(name, WEAK)
    git_repo.commit("command")
    named = run_cli(["check", "--format", "json", name], cwd=git_repo.root)
    assert named.code == 0
    (finding,) = named.json()["findings"]
    assert (finding["rule"], finding["severity"]) == ("not-a-handoff", "warning")
    assert finding["message"].startswith(f"this file is in {folder}, where an agent's commands")


@pytest.mark.parametrize("source", ["HANDOFF-template.md", "session-template-vars.md"])
def test_a_template_gets_a_placeholder_error_with_its_lines(
    run_cli: Any, git_repo: GitRepo, source: str
) -> None:
    _committed_copy(git_repo, source, "HANDOFF.md", "template")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 1
    (finding,) = hits(result.json(), "placeholder")
    assert finding["severity"] == "error"
    assert finding["message"].startswith("still a template: ")
    # the first blank: "**Date:** YYYY-MM-DD", or "**Date:** {{ date }}" (line 3's quoted
    # `{{ … }}`, in "Replace every `{{ … }}` before committing.", is code, not a blank)
    first = 3 if source == "HANDOFF-template.md" else 5
    assert f"lines {first}, " in finding["message"]
    # A template says no facet yet, whatever its scaffolding says: each is named, at its blank.
    incomplete = hits(result.json(), "md-incomplete")
    assert {f["facet"] for f in incomplete} == {
        "state",
        "next",
        "decisions",
        "ruled_out",
        "pointers",
    }
    assert {f["line"] for f in incomplete} == {first}
    assert "still a template" in incomplete[0]["message"]


@pytest.mark.parametrize(
    "source", ["handoff-instructions.md", "prompt-command.md", "session-end-prompt.md"]
)
def test_instructions_get_one_not_a_handoff_warning(
    run_cli: Any, git_repo: GitRepo, source: str
) -> None:
    _committed_copy(git_repo, source, "SESSION_HANDOFF.md", "instructions")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 0
    rules = [f["rule"] for f in result.json()["findings"]]
    assert rules == ["not-a-handoff"]
    assert "tells its reader how to write a handoff" in result.json()["findings"][0]["message"]


def test_a_filled_in_handoff_with_brackets_and_dates_is_no_template(
    run_cli: Any, git_repo: GitRepo
) -> None:
    _feature_branch(git_repo)
    text = GOOD + "\nSee [the runbook](docs/runbook.md) and [#42]; done 2025-11-23, [x] deployed.\n"
    git_repo.write("HANDOFF.md", text)
    git_repo.commit("handoff")
    assert check(run_cli, git_repo.root)["findings"] == []


def test_an_undated_file_changed_after_the_dated_current_one_is_named(
    run_cli: Any, git_repo: GitRepo
) -> None:
    """A dated series goes by the dates in its names: a file without one ranks below them all,
    so `check` says so when it changed after the current file's day (the one probably written
    last), and names the dated name to give it; from its commit, not the checkout's times."""
    _feature_branch(git_repo)
    git_repo.write("docs/handoffs/2025-11-01-auth.md", WEAK)
    git_repo.write("docs/handoffs/2025-11-02-billing.md", GOOD)
    git_repo.write("docs/handoffs/early-notes.md", WEAK)
    git_repo.commit("dated and an early note", date="2025-11-02T10:00:00Z")
    quiet = run_cli(["check"], cwd=git_repo.root)
    assert "has no date in its name" not in quiet.err  # changed on the current file's day

    git_repo.write("docs/handoffs/search-notes.md", GOOD)
    git_repo.commit("an undated note, later", date="2025-11-09T10:00:00Z")
    said = run_cli(["check"], cwd=git_repo.root)
    [line] = [text for text in said.err.splitlines() if "has no date in its name" in text]
    assert line.startswith("handoff-audit: warning: docs/handoffs/search-notes.md has no date")
    assert "docs/handoffs/2025-11-02-billing.md (dated) is the current handoff" in line
    assert "-search-notes.md)" in line
    assert "early-notes.md" not in line


@pytest.mark.parametrize(
    "evening_time", ["2026-11-05T09:00:00Z", "2026-11-05T08:00:00Z"], ids=["same", "skewed"]
)
def test_of_two_handoffs_of_one_day_the_descendant_commit_is_newer_whatever_its_time(
    run_cli: Any, git_repo: GitRepo, evening_time: str
) -> None:
    """After a rebase (one committer time for both commits) or with a skewed clock, the file
    committed on top of the other is the current handoff, though its topic sorts first."""
    _feature_branch(git_repo)
    git_repo.write("docs/handoffs/2026-11-05-webhooks.md", _dated(5, WEAK))
    git_repo.commit("morning handoff", date="2026-11-05T09:00:00Z")
    git_repo.write("docs/handoffs/2026-11-05-refunds.md", _dated(5, GOOD))
    git_repo.commit("evening handoff", date=evening_time)
    report = check(run_cli, git_repo.root)
    assert [(p["path"], p["history"]) for p in report["packets"]] == [
        ("docs/handoffs/2026-11-05-refunds.md", ["docs/handoffs/2026-11-05-webhooks.md"])
    ]
    shown = run_cli(["show"], cwd=git_repo.root).out
    assert "docs/handoffs/2026-11-05-refunds.md" in shown
