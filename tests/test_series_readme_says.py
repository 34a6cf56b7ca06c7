"""What a series folder's README says of its files (the review rev55-1): a folder of templates
(ELesch/snakey's `.claude/handoffs/`) or of another matter's data (BrettRey/Spanish-learning-
project's `docs/sessions/`, transcripts and data exports of language lessons) holds no series of
handoffs, and a file without a date or a number that the README lists as a template is never a
series' current handoff. Real repositories, the real CLI and Stop hook."""

from __future__ import annotations

from typing import Any

import pytest

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

SNAKEY_README = """# Handoffs

Structured documents for passing context between agents.

## Templates

| Template | Max Lines | When to Use |
|----------|-----------|-------------|
| `research-to-coding.md` | 100 | Full phase transition (Research -> Coding) |
| `mini-research.md` | 20 | Targeted research request |

## Usage

Research agents produce handoffs. Coding agents consume them.
"""
TEMPLATE = "# Research to coding\n\n## Task\n{One-line description of what to implement}\n"
SESSIONS_README = """# Session Transcripts and Analysis

This directory contains real language learning session transcripts and associated data exports
for analysis and improvement.

### Analysis Notes
- Format: `analysis-YYYYMMDD.md`
"""
ANALYSIS = "# Session analysis 2025-11-06\n\n## Friction points\n- The learner was confused.\n"
HANDOFF = (
    "# Session 12\n\nState: the parser reads `src/app.py` dates; tests pass.\n\n"
    "## Next step\n1. Wire the parser into `src/cli.py`.\n"
)


def _work_on_a_branch(repo: GitRepo) -> None:
    repo.git("switch", "-qc", "feat/x")
    repo.write("src/app.py", "print(2)\n")
    repo.commit("work of the branch")


@pytest.mark.parametrize(
    ("folder", "readme", "files"),
    [
        (
            ".claude/handoffs",
            SNAKEY_README,
            {"research-to-coding.md": TEMPLATE, "mini-research.md": TEMPLATE},
        ),
        ("docs/sessions", SESSIONS_README, {"analysis-20251106.md": ANALYSIS}),
        (
            "docs/handoffs",
            "# Handoff templates\n\nThis folder contains handoff templates for the team.\n",
            {"feature.md": TEMPLATE, "2026-01-05-example.md": TEMPLATE},
        ),
    ],
    ids=["templates", "lesson-data", "templates-said"],
)
def test_a_folder_whose_readme_says_it_holds_no_handoffs_is_no_series(
    git_repo: GitRepo, run_cli: Any, folder: str, readme: str, files: dict[str, str]
) -> None:
    git_repo.write("src/app.py", "print(1)\n")
    git_repo.write(f"{folder}/README.md", readme)
    for name, text in files.items():
        git_repo.write(f"{folder}/{name}", text)
    git_repo.commit("folder and its README", date="2025-11-06T08:00:00Z")
    for day in range(10, 13):
        git_repo.write("src/app.py", f"print({day})\n")
        git_repo.commit(f"work {day}", date=f"2025-11-{day}T08:00:00Z")
    done: Result = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 0 and done.out.strip() == "No handoff packets found.", done.out
    _work_on_a_branch(git_repo)
    hook = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert hook.code == 2, hook.err
    assert "no active handoff" in hook.err, hook.err
    assert f"{folder}/" not in hook.err, hook.err  # no advice to write into it


def test_a_file_the_readme_lists_as_a_template_is_never_the_current_handoff(
    git_repo: GitRepo, run_cli: Any
) -> None:
    readme = "# Handoffs\n\nOne file per piece of work.\n\n## Templates\n- `full-handoff.md`\n"
    git_repo.write("docs/handoffs/README.md", readme)
    git_repo.write("docs/handoffs/auth-migration.md", HANDOFF)
    git_repo.commit("handoff", date="2026-03-01T08:00:00Z")
    git_repo.write("docs/handoffs/full-handoff.md", TEMPLATE)
    git_repo.commit("template, committed last", date="2026-03-02T08:00:00Z")
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    paths = [p["path"] for p in report["packets"]]
    assert paths == ["docs/handoffs/auth-migration.md"], report["packets"]
    assert "history" not in report["packets"][0], report["packets"]
    assert not [f for f in report["findings"] if f["rule"] == "placeholder"], report["findings"]


def test_a_readme_that_says_its_folder_holds_handoffs_keeps_the_series(
    git_repo: GitRepo, run_cli: Any
) -> None:
    readme = (
        "# Sessions\n\nThis folder contains the handoff notes and data of each coding session."
        " When the folder holds sample data exports, link them."
        "\n\n## Template\nCopy `TEMPLATE.md`.\n"
    )
    git_repo.write("docs/sessions/README.md", readme)
    git_repo.write("docs/sessions/2026-03-01-parser.md", HANDOFF)
    git_repo.write("docs/sessions/2026-02-01-setup.md", HANDOFF.replace("12", "11"))
    git_repo.commit("sessions")
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    packets = report["packets"]
    assert [p["path"] for p in packets] == ["docs/sessions/2026-03-01-parser.md"], packets
    assert packets[0]["history"] == ["docs/sessions/2026-02-01-setup.md"], packets


def test_a_credential_in_a_template_folder_is_still_found(git_repo: GitRepo, run_cli: Any) -> None:
    key = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    git_repo.write(".claude/handoffs/README.md", SNAKEY_README)
    git_repo.write(".claude/handoffs/research-to-coding.md", f"{TEMPLATE}\nToken: {key}\n")
    git_repo.commit("templates")
    done: Result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    secrets = [f for f in done.json()["findings"] if f["rule"] == "secret"]
    assert [f["path"] for f in secrets] == [".claude/handoffs/research-to-coding.md"], secrets
    assert key not in done.out


@pytest.mark.parametrize(
    ("folder", "readme", "files", "current"),
    [
        (
            "docs/handoffs",
            "This folder contains session handoffs and a template.\n"
            "See TEMPLATE.md for the format.\n",
            {"TEMPLATE.md": TEMPLATE, "2026-12-01-auth.md": HANDOFF},
            "2026-12-01-auth.md",
        ),
        (
            "docs/handoffs",
            "# Handoffs\n\ncurrent.md is the live handoff; start a new one from the template in"
            " TEMPLATE.md.\n",
            {"TEMPLATE.md": TEMPLATE, "current.md": HANDOFF},
            "current.md",
        ),
        (
            ".claude/handoffs",
            "This folder contains session notes and the data each session used.\n",
            {"2026-12-01-a.md": HANDOFF},
            "2026-12-01-a.md",
        ),
    ],
    ids=["handoffs-and-a-template", "live-file-beside-the-template", "session-notes-and-data"],
)
def test_a_readme_that_says_handoffs_and_more_keeps_the_series_and_its_live_file(
    git_repo: GitRepo, run_cli: Any, folder: str, readme: str, files: dict[str, str], current: str
) -> None:
    git_repo.write("src/app.py", "print(1)\n")
    git_repo.write(f"{folder}/README.md", readme)
    for name, text in files.items():
        git_repo.write(f"{folder}/{name}", text)
    git_repo.commit("handoffs")
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    assert [p["path"] for p in report["packets"]] == [f"{folder}/{current}"], report["packets"]


def test_only_the_file_a_readme_line_presents_as_the_template_is_left_out(
    git_repo: GitRepo, run_cli: Any
) -> None:
    readme = (
        "# Handoffs\n\n`feature.md` is the template; latest.md and auth-flow.md are handoffs"
        " written from the template.\n"
    )
    git_repo.write("docs/handoffs/README.md", readme)
    git_repo.write("docs/handoffs/auth-flow.md", HANDOFF)
    git_repo.write("docs/handoffs/latest.md", HANDOFF)
    git_repo.commit("handoffs", date="2026-03-01T08:00:00Z")
    git_repo.write("docs/handoffs/feature.md", TEMPLATE)
    git_repo.commit("template, committed last", date="2026-03-02T08:00:00Z")
    report = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()
    packets = report["packets"]
    assert [p["path"] for p in packets] == ["docs/handoffs/latest.md"], packets
    assert packets[0]["history"] == ["docs/handoffs/auth-flow.md"], packets
