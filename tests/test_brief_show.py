"""`handoff-audit show`: which handoff is the branch's, freshness against real git histories,
the budget, the formats, and what is never printed raw (credentials, control characters)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo, Result
from git_helpers import check, packet
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]
BRANCH = "feat/refunds"
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
GITLAB = "glpat-" + "Abc123Def456Ghi789Jk"  # found by gitleaks' rules only (`credentials`)


def write_packet(repo: GitRepo, data: dict[str, Any], name: str = "handoff.json") -> None:
    repo.write(name, json.dumps(data, indent=2) + "\n")
    repo.write(name[: -len(".json")] + ".md", render_packet(data))


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    return feature_repo(git_repo, BRANCH)


def show(run_cli: Run, repo: GitRepo, *args: str) -> Result:
    return run_cli(["show", *args], cwd=repo.root)


def show_json(run_cli: Run, repo: GitRepo, *args: str) -> Any:
    result = show(run_cli, repo, "--format", "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def committed_packet(repo: GitRepo, **fields: Any) -> dict[str, Any]:
    data = packet(BRANCH, repo.head(), changed_files=["src/refunds.py"], **fields)
    write_packet(repo, data)
    repo.commit("handoff: write the packet")
    return data


# -- which handoff is this branch's --


def test_the_active_packet_of_this_branch_comes_first(repo: GitRepo, run_cli: Run) -> None:
    write_packet(
        repo, packet("feat/other", repo.head(), next_action="Not ours."), ".handoff/o.json"
    )
    old = packet(BRANCH, repo.head(), status="archived", next_action="The old task.")
    write_packet(repo, old, ".handoff/old.json")
    committed_packet(repo, next_action="Fix GBP rounding.")
    brief = show_json(run_cli, repo)
    assert (brief["path"], brief["state"]) == ("handoff.json", "active")
    assert brief["sections"][0]["items"] == ["Fix GBP rounding."]
    text = show(run_cli, repo).out
    assert text.startswith("Next action: Fix GBP rounding.\n")
    assert "Not ours." not in text and "The old task." not in text


def test_else_the_newest_finished_packet_labelled_finished(repo: GitRepo, run_cli: Run) -> None:
    first = packet(BRANCH, repo.head(), status="archived", next_action="Older task.")
    write_packet(repo, first, ".handoff/first.json")
    repo.commit("handoff: first", date="2026-01-01T00:00:00Z")
    second = packet(BRANCH, repo.head(), status="superseded", next_action="Newer task.")
    write_packet(repo, second, ".handoff/second.json")
    repo.commit("handoff: second", date="2026-02-01T00:00:00Z")
    brief = show_json(run_cli, repo)
    assert (brief["path"], brief["state"], brief["status"]) == (
        ".handoff/second.json",
        "finished",
        "superseded",
    )
    assert brief["others"] == [".handoff/first.json"]
    assert "the newest finished packet (its work was handed over)" in show(run_cli, repo).out


def test_an_archived_packet_is_labelled_finished_and_archived_not_handed_over(
    repo: GitRepo, run_cli: Run
) -> None:
    archived = packet(BRANCH, repo.head(), status="archived", next_action="Done task.")
    write_packet(repo, archived, "handoff.json")
    repo.commit("handoff: archived")
    text = show(run_cli, repo).out
    assert "the newest finished packet (its work was finished and archived)" in text
    assert "handed over" not in text


def test_another_branchs_packet_is_not_this_branchs(repo: GitRepo, run_cli: Run) -> None:
    write_packet(repo, packet("feat/other", repo.head(), status="archived"), "handoff.json")
    repo.commit("their packet, merged")
    result = show(run_cli, repo)
    assert result.code == 1
    assert result.out == ""
    assert f"branch {BRANCH} has no handoff" in result.err
    assert "handoff.json (branch feat/other)" in result.err


def test_of_hand_written_handoffs_committed_together_the_one_nearest_the_top_is_shown(
    repo: GitRepo, run_cli: Run
) -> None:
    repo.write("pkg/sub/deep/HANDOFF.md", "# Parser\n\nNext: cache the grammar.\n")
    repo.write("SESSION_HANDOFF.md", "# Refunds\n\nNext: round GBP in src/refunds.py.\n")
    repo.write("docs/HANDOFF.md", "# Docs\n\nNext: publish the API page.\n")
    repo.commit("handoffs", date="2026-01-01T00:00:00Z")
    brief = show_json(run_cli, repo)
    assert (brief["path"], brief["state"]) == ("SESSION_HANDOFF.md", "hand-written")
    assert brief["others"] == ["docs/HANDOFF.md", "pkg/sub/deep/HANDOFF.md"]
    repo.write("pkg/sub/deep/HANDOFF.md", "# Parser\n\nNext: test the cached grammar.\n")
    repo.commit("the package's note, later", date="2026-02-01T00:00:00Z")
    assert show_json(run_cli, repo)["path"] == "pkg/sub/deep/HANDOFF.md"  # the newest first


def test_a_hand_written_handoff_its_text_then_freshness(repo: GitRepo, run_cli: Run) -> None:
    repo.write("HANDOFF.md", "# Refunds\n\nNext: round GBP in src/refunds.py.\n")
    repo.commit("handoff: notes")
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount)\n")
    repo.commit("refunds: round")
    brief = show_json(run_cli, repo)
    assert (brief["path"], brief["state"], brief["kind"]) == (
        "HANDOFF.md",
        "hand-written",
        "markdown",
    )
    # Its next step first, as md-incomplete finds it, without its label; then the text as written.
    assert brief["sections"][0] == {
        "key": "next_action",
        "title": "Next action",
        "items": ["round GBP in src/refunds.py."],
    }
    assert brief["sections"][1]["items"][2] == "Next: round GBP in src/refunds.py."
    since = brief["freshness"]["since_last_change"]
    assert since["count"] == 1 and since["commits"][0]["subject"] == "refunds: round"
    assert brief["freshness"]["files_touched"] == ["src/refunds.py"]
    text = show(run_cli, repo).out
    assert text.startswith("Stale: 1 commit since the handoff's last change (")
    assert text.splitlines()[1] == "Next action: round GBP in src/refunds.py."
    assert text.index("As written:") < text.index("Freshness")


def test_a_hand_written_next_step_under_a_heading(repo: GitRepo, run_cli: Run) -> None:
    repo.write(
        "HANDOFF.md",
        "# Refunds\n\n## Status\n\nEUR done.\n\n## Next steps\n\n1. Round GBP in "
        "src/refunds.py.\n2. Run `pytest -q`.\n\n## Decisions\n\n- Banker's rounding.\n",
    )
    repo.commit("handoff: notes")
    text = show(run_cli, repo).out
    assert text.startswith("Next action: 1. Round GBP in src/refunds.py.\n  2. Run `pytest -q`.\n(")
    assert "Banker's rounding" not in text.split("As written:")[0]


def test_numbered_step_headings_start_at_step_one_whatever_their_words(
    repo: GitRepo, run_cli: Run
) -> None:
    # 0x4007/personal-agent HANDOFF.md: "### 1. Delete these unnecessary files" was read as a
    # list of pointers (its heading says "files"), so the brief began at step 2.
    repo.write(
        "HANDOFF.md",
        "# Handoff\n\n## Status\nThe agent works; the parser in src/a.ts is now dead code.\n\n"
        "## Next steps\n\n### 1. Delete these unnecessary files\n- `src/parser.ts` - not needed\n"
        "- `tests/parser.test.ts` - its tests\n\n### 2. Simplify src/a.ts\nRemove the command "
        "extraction.\n",
    )
    repo.commit("handoff: notes")
    text = show(run_cli, repo).out
    assert text.startswith("Next action: 1. Delete these unnecessary files\n  - `src/parser.ts`")
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=repo.root).out
    assert "line 8 (heading): 1. Delete these unnecessary files" in explained.split("pointers:")[0]


def test_a_hand_written_handoff_without_a_next_step(repo: GitRepo, run_cli: Run) -> None:
    repo.write("HANDOFF.md", "# Refunds\n\nEUR done.\n")
    repo.commit("handoff: notes")
    text = show(run_cli, repo).out
    assert text.startswith("HANDOFF.md, a hand-written handoff of branch feat/refunds, as written:")


TEMPLATE = """\
# Session Handoff

**Date:** YYYY-MM-DD
**Progress:** ~XX% complete

## Current State

[2-3 sentences describing current progress]

## Testing

- [ ] Unit tests for [component]
- [ ] Integration tests for [component]

Next steps:

- [ ] [First thing to do next session]
"""
NOTES = (
    "# Handoff: refunds\n\nDate: 2026-01-12. EUR refunds now round to cents in "
    "src/refunds.py; tests pass (pytest tests/test_refunds.py, 14 passed).\n\n"
)


def test_an_unfilled_template_is_said_to_be_one_not_quoted_as_the_next_action(
    repo: GitRepo, run_cli: Run
) -> None:
    repo.write("HANDOFF.md", TEMPLATE)
    repo.commit("handoff: the team's template")
    rules = [f["rule"] for f in check(run_cli, repo.root)["findings"]]
    assert "placeholder" in rules  # check calls it a template: so does the brief
    result = show(run_cli, repo)
    assert result.code == 0, result.err
    warning = result.out.splitlines()[0]
    assert warning.startswith(
        "Warning: HANDOFF.md is an unfilled template: fill it in before relying on it "
        '(6 lines are placeholders, from line 3: "**Date:** YYYY-MM-DD")'
    )
    assert "Next action" not in result.out
    assert result.out.splitlines()[1] == (
        "HANDOFF.md, a hand-written handoff of branch feat/refunds, as written:"
    )
    brief = show_json(run_cli, repo)
    assert brief["warning"] == warning.removeprefix("Warning: ")
    assert [section["key"] for section in brief["sections"]] == ["text"]
    markdown = show(run_cli, repo, "--format", "markdown").out
    assert markdown.startswith(f"**Warning:** {brief['warning']}\n")


AGENT_COMMAND = """\
---
description: Write a session handoff before ending the session
allowed-tools: Bash(git status:*), Bash(git diff:*), Bash(git log:*), Read, Write, Edit
argument-hint: [what the next session should focus on]
---

# /handoff

You are ending a coding session. Write a handoff so that the next session can continue
without asking questions.

1. Run `git status` and `git log --oneline -10` to see what changed.
2. Create or update HANDOFF.md in the repository root with these sections:
   - **Goal**: what this session set out to do
   - **Current state**: what works, what is broken, the test results
   - **Decisions**: each choice and why
   - **Next steps**: the first thing to do next session
3. Focus the next steps on: $ARGUMENTS

Do not ask for confirmation. Execute immediately.
"""
"""An agent's command (Claude Code's .claude/commands/handoff.md), committed as HANDOFF.md."""
HOW_TO = """\
# How we hand over work

Before ending a session, update HANDOFF.md so that the next session can pick up the work.

Create or update a HANDOFF.md with:

1. Goal: what you were trying to do
2. Progress: what is done and what is not
3. What worked and what didn't
4. Decisions, each with the reason
5. Next steps: the first thing the next session should do

The handoff should include the exact commands you ran and whether the tests passed.
Keep it under 100 lines and link to logs instead of pasting them.
"""
"""A team's instructions for writing a handoff, kept where the handoff is expected."""


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (AGENT_COMMAND, 'from line 7: "# /handoff"'),
        (HOW_TO, 'from line 3: "Before ending a session, update HANDOFF.md so that the…'),
    ],
    ids=["agent command", "how-to"],
)
def test_instructions_about_writing_a_handoff_are_said_to_be_no_handoff(
    repo: GitRepo, run_cli: Run, text: str, first: str
) -> None:
    repo.write("HANDOFF.md", text)
    repo.commit("docs: how we hand over")
    assert [f["rule"] for f in check(run_cli, repo.root)["findings"]] == ["not-a-handoff"]
    result = show(run_cli, repo)
    assert result.code == 0, result.err
    warning = (
        "HANDOFF.md is not a handoff: it tells its reader how to write one (check: "
        f"not-a-handoff, {first}); it names no next action"
    )
    assert result.out.splitlines()[0] == f"Warning: {warning}"
    assert result.out.splitlines()[1] == (
        "HANDOFF.md, a hand-written handoff of branch feat/refunds, as written:"
    )
    assert "Next action" not in result.out
    brief = show_json(run_cli, repo)
    assert brief["warning"] == warning
    assert [section["key"] for section in brief["sections"]] == ["text"]
    assert show(run_cli, repo, "HANDOFF.md").out.startswith(f"Warning: {warning}\n")


REAL = (
    "# Handoff\n\n## State\nLogin works; tests pass.\n\n## Next step\nAdd refresh tokens in "
    "src/auth.py.\n\n## Decisions\n- Redis because three hosts.\n"
)


@pytest.mark.parametrize(
    ("other", "rule"),
    [(HOW_TO, "not-a-handoff"), (TEMPLATE, "placeholder")],
    ids=["guide", "template"],
)
def test_a_real_handoff_is_briefed_not_a_file_check_calls_no_handoff_beside_it(
    repo: GitRepo, run_cli: Run, other: str, rule: str
) -> None:
    """The team's guide (or template) committed with the real note, or edited after it: the
    brief and SessionStart quote the real note's next step and name the other one."""
    repo.write("SESSION_HANDOFF.md", REAL)
    repo.write("HANDOVER.md", other)
    repo.commit("adopt handoff-audit: the handoff and the guide")
    assert rule in [f["rule"] for f in check(run_cli, repo.root)["findings"]]
    for edit in ("", "\nKeep it short.\n"):
        if edit:
            repo.write("HANDOVER.md", other + edit)
            repo.commit("guide: keep it short")
        result = show(run_cli, repo)
        assert result.code == 0, result.err
        assert result.out.splitlines()[:2] == [
            "Next action: Add refresh tokens in src/auth.py.",
            "(SESSION_HANDOFF.md, a hand-written handoff of branch feat/refunds; also on this "
            "branch: HANDOVER.md)",
        ]
        started = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "startup"})
        context = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
        assert context.startswith("Next action: Add refresh tokens in src/auth.py.")
    assert show(run_cli, repo, "HANDOVER.md").out.startswith("Warning: HANDOVER.md is")


def test_a_file_in_an_agent_s_command_folder_is_no_handoff_by_its_place(
    repo: GitRepo, run_cli: Run
) -> None:
    notes = NOTES + "## Next steps\n\n- Round GBP in src/refunds.py.\n"
    repo.write(".claude/commands/resume.md", notes)
    repo.commit("commands: resume")
    [finding] = check(run_cli, repo.root, ".claude/commands/resume.md")["findings"]
    assert finding["rule"] == "not-a-handoff"
    brief = show_json(run_cli, repo, ".claude/commands/resume.md")
    assert brief["warning"] == (
        ".claude/commands/resume.md is not a handoff: it is in .claude/commands/, where an "
        "agent's commands, prompts and skills live (check: not-a-handoff); it names no next "
        "action"
    )
    assert [section["key"] for section in brief["sections"]] == ["text"]


POINTER = """\
# Session notes

Session notes are kept in the repository root:

- [../SESSION_NOTES.md](../SESSION_NOTES.md)
"""
"""A stub pointing at the real notes."""
MANUAL = """\
# Deploying the refunds service

The service runs on two hosts behind the load balancer.
Deploys go through the pipeline in .github/workflows/deploy.yml.
Each deploy drains one host, upgrades it and puts it back.
Database migrations run before the new code starts.
Rollback is a redeploy of the previous tag.
"""
"""A manual: how things are, no session recorded."""


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            POINTER,
            "it is a stub of 2 line(s), a pointer or a note that records no session (check: "
            'not-a-handoff, from line 3: "Session notes are kept in the repository root:")',
        ),
        (
            MANUAL,
            "it describes how things are (a manual, architecture note or plan), records no "
            'session (check: not-a-handoff, from line 3: "The service runs on two hosts behind '
            'the load balancer.")',
        ),
    ],
    ids=["stub", "manual"],
)
def test_a_stub_or_a_manual_is_said_to_be_no_handoff(
    repo: GitRepo, run_cli: Run, text: str, why: str
) -> None:
    repo.write("NEXT_SESSION.md", text)
    repo.commit("docs: notes")
    assert [f["rule"] for f in check(run_cli, repo.root)["findings"]] == ["not-a-handoff"]
    brief = show_json(run_cli, repo)
    assert brief["warning"] == f"NEXT_SESSION.md is not a handoff: {why}; it names no next action"
    assert [section["key"] for section in brief["sections"]] == ["text"]


@pytest.mark.parametrize(
    "setting",
    [
        ("HANDOFF.md", "<!-- handoff-audit: ignore not-a-handoff it is our handoff too -->\n"),
        (".handoff-audit.yml", 'rules:\n  not-a-handoff: "off"\n'),
    ],
    ids=["suppressed", "off"],
)
def test_a_file_check_does_not_call_no_handoff_is_read_as_one(
    repo: GitRepo, run_cli: Run, setting: tuple[str, str]
) -> None:
    name, said = setting
    text = HOW_TO + "\n## Next steps\n\n1. Round GBP in src/refunds.py.\n"
    repo.write("HANDOFF.md", text + said if name == "HANDOFF.md" else text)
    if name != "HANDOFF.md":
        repo.write(name, said)
    repo.commit("handoff: instructions and notes")
    assert "not-a-handoff" not in [f["rule"] for f in check(run_cli, repo.root)["findings"]]
    brief = show_json(run_cli, repo)
    assert brief["warning"] is None
    assert brief["sections"][0]["key"] == "next_action"


def test_a_next_step_heading_with_only_placeholders_under_it_names_no_next_action(
    repo: GitRepo, run_cli: Run
) -> None:
    repo.write(
        "HANDOFF.md",
        NOTES + "**Next steps**\n\n- [ ] [First thing to do next session]\n\n"
        "## Decisions\n\n- Banker's rounding, because finance asked for it.\n",
    )
    repo.commit("handoff: notes")
    rules = [f["rule"] for f in check(run_cli, repo.root)["findings"]]
    assert "placeholder" not in rules  # no template: its next step alone is blank
    result = show(run_cli, repo)
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == (
        "Warning: HANDOFF.md is an unfilled template: fill it in before relying on it (its "
        'next-step heading "Next steps" at line 5 is empty or holds only placeholders); it '
        "names no next action"
    )
    assert "Next action" not in result.out


@pytest.mark.parametrize(
    "heading",
    ["Next steps\n----------", "**Next steps**", "Next steps:"],
    ids=["underlined", "bold", "label"],
)
def test_a_next_step_heading_without_hashes_is_quoted_with_its_steps(
    repo: GitRepo, run_cli: Run, heading: str
) -> None:
    repo.write(
        "HANDOFF.md",
        NOTES + f"{heading}\n\n- Round GBP in src/refunds.py.\n- Run `pytest -q`.\n",
    )
    repo.commit("handoff: notes")
    text = show(run_cli, repo).out
    assert text.startswith(
        "Next action: - Round GBP in src/refunds.py.\n  - Run `pytest -q`.\n("
    ), text


def test_front_matter_is_no_heading_to_quote_as_the_next_action(
    repo: GitRepo, run_cli: Run
) -> None:
    front = "---\ntitle: Refund rounding\ndate: 2026-11-30\nnext: port the fix to invoicing\n---\n"
    repo.write("HANDOFF.md", front + "\n" + NOTES)
    repo.commit("handoff: notes")
    text = show(run_cli, repo).out
    assert text.startswith("Next action: port the fix to invoicing\n("), text


def test_a_packet_whose_next_action_is_a_placeholder_says_so(repo: GitRepo, run_cli: Run) -> None:
    committed_packet(repo, next_action="TODO")
    result = show(run_cli, repo)
    assert result.code == 0, result.err
    assert result.out.startswith(
        'Warning: handoff.json is not filled in: its next_action is a placeholder ("TODO"); '
        "fill it in before relying on it\nNext action: (none)\n(handoff.json, the active packet"
    )
    brief = show_json(run_cli, repo)
    assert brief["sections"][0] == {"key": "next_action", "title": "Next action", "items": []}


def test_a_named_packet_is_shown_whatever_its_branch(repo: GitRepo, run_cli: Run) -> None:
    write_packet(repo, packet("feat/other", repo.head(), next_action="Theirs."), "theirs.json")
    repo.commit("theirs")
    brief = show_json(run_cli, repo, "theirs.md")
    assert (brief["path"], brief["state"]) == ("theirs.json", "named")


def test_a_named_packet_of_another_branch_names_its_branch_and_the_checked_out_one(
    repo: GitRepo, run_cli: Run
) -> None:
    write_packet(repo, packet("master", repo.head(), next_action="Theirs."), "theirs.json")
    repo.commit("theirs")
    result = show(run_cli, repo, "theirs.json")
    assert result.code == 0, result.err
    assert result.out.splitlines()[1].startswith(
        "(theirs.json, the handoff named on the command line, of branch master "
        "(feat/refunds is checked out)"
    )
    markdown = show(run_cli, repo, "--format", "markdown", "theirs.json").out
    assert "_theirs.json, the handoff named on the command line, of branch master (" in markdown


def test_no_repository_and_unreadable_files_are_one_line_errors(
    tmp_path: Any, repo: GitRepo, run_cli: Run
) -> None:
    result = run_cli(["show"], cwd=tmp_path)
    assert result.code == 2 and "not inside a git repository" in result.err
    repo.write("broken.json", '{"branch": ')
    result = show(run_cli, repo, "broken.json")
    assert result.code == 2
    assert result.err.startswith("handoff-audit: error: show: broken.json:1:")
    assert len(result.err.strip().splitlines()) == 1


EMPTY = (
    "HANDOFF.md is empty: write the handoff (state, next step, decisions, pointers) or remove it"
)


@pytest.mark.parametrize(
    ("content", "said"),
    [("", "is empty"), (" \n\t\n\n", "is empty (only whitespace)")],
    ids=["0 bytes", "whitespace"],
)
def test_an_empty_handoff_is_said_to_be_empty_exit_2(
    repo: GitRepo, run_cli: Run, content: str, said: str
) -> None:
    repo.write("HANDOFF.md", content)
    repo.commit("handoff: start it")
    for args in ((), ("HANDOFF.md",)):
        result = show(run_cli, repo, *args)
        assert result.code == 2, result.out
        assert result.out == ""
        assert result.err == (
            "handoff-audit: error: show: " + EMPTY.replace("is empty", said) + "\n"
        )


def test_the_newest_handoff_empty_is_said_so_not_passed_over(repo: GitRepo, run_cli: Run) -> None:
    # Dated commits: the newest handoff is the one changed last.
    repo.write("NEXT_SESSION.md", NOTES + "## Next steps\n\n- Round GBP in src/refunds.py.\n")
    repo.commit("handoff: notes", date="2026-01-01T00:00:00Z")
    repo.write("HANDOFF.md", "")
    repo.commit("handoff: a new one, not written yet", date="2026-01-02T00:00:00Z")
    result = show(run_cli, repo)
    assert (result.code, result.err) == (2, f"handoff-audit: error: show: {EMPTY}\n")
    repo.write("HANDOFF.md", "# Refunds\n\n## Next steps\n\n- Refund in GBP.\n")
    assert show(run_cli, repo).out.startswith("Next action: Refund in GBP.\n")


# -- freshness, from git --


def test_current_when_nothing_happened_since(repo: GitRepo, run_cli: Run) -> None:
    committed_packet(repo)
    freshness = show_json(run_cli, repo)["freshness"]
    assert freshness["current"] is True
    # The packet's own commit follows the last known good commit; it is no work.
    assert freshness["since_last_known_good"]["count"] == 1
    assert "- current: nothing was committed since its last change" in show(run_cli, repo).out


def test_commits_since_match_git(repo: GitRepo, run_cli: Run) -> None:
    lkg = repo.head()
    committed_packet(repo)
    for number in range(7):
        repo.write(f"src/part{number}.py", f"N = {number}\n")
        repo.commit(f"part {number}")
    freshness = show_json(run_cli, repo)["freshness"]
    assert freshness["current"] is False
    assert freshness["since_last_known_good"]["count"] == int(
        repo.git("rev-list", "--count", f"{lkg}..HEAD")
    )
    since = freshness["since_last_change"]
    changed = repo.git("log", "-1", "--format=%H", "--", "handoff.json")
    assert freshness["last_change"]["sha"] == changed
    assert since["count"] == int(repo.git("rev-list", "--count", f"{changed}..HEAD")) == 7
    assert [c["subject"] for c in since["commits"]] == [f"part {n}" for n in (6, 5, 4, 3, 2)]
    assert freshness["files_touched"] == [f"src/part{n}.py" for n in range(6, -1, -1)]
    text = show(run_cli, repo).out
    assert "7 commits, which the handoff may not describe" in text
    assert "  - " in text and "… and 2 more" in text


def test_through_a_merge_the_counts_are_git_s(repo: GitRepo, run_cli: Run) -> None:
    committed_packet(repo)
    changed = repo.head()
    repo.git("checkout", "-q", "-b", "side", "HEAD~1")
    repo.write("src/side.py", "S = 1\n")
    repo.commit("side work")
    repo.git("checkout", "-q", BRANCH)
    repo.git("merge", "-q", "--no-edit", "side")
    freshness = show_json(run_cli, repo)["freshness"]
    assert freshness["since_last_change"]["count"] == int(
        repo.git("rev-list", "--count", f"{changed}..HEAD")
    )
    assert "src/side.py" in freshness["files_touched"]


def test_uncommitted_packet_and_work(repo: GitRepo, run_cli: Run) -> None:
    write_packet(repo, packet(BRANCH, repo.head()))
    repo.write("src/new.py", "X = 1\n")
    freshness = show_json(run_cli, repo)["freshness"]
    assert freshness["uncommitted"] is True
    assert freshness["uncommitted_files"] == ["src/new.py"]
    assert freshness["current"] is False
    assert "being written now" in show(run_cli, repo).out


@pytest.mark.parametrize(
    ("lkg", "said"),
    [
        ("not-a-commit", "is not a commit id"),
        ("abcdef1234567", "is not a commit in this repository"),
    ],
)
def test_a_last_known_good_commit_git_does_not_know(
    repo: GitRepo, run_cli: Run, lkg: str, said: str
) -> None:
    write_packet(repo, packet(BRANCH, lkg))
    repo.commit("packet")
    assert said in show(run_cli, repo).out


def test_a_last_known_good_commit_on_another_history(repo: GitRepo, run_cli: Run) -> None:
    repo.git("checkout", "-q", "-b", "elsewhere")
    repo.write("src/x.py", "X = 2\n")
    elsewhere = repo.commit("elsewhere")
    repo.git("checkout", "-q", BRANCH)
    write_packet(repo, packet(BRANCH, elsewhere))
    repo.commit("packet")
    brief = show_json(run_cli, repo)
    assert brief["freshness"]["last_known_good_status"] == "not-ancestor"
    assert "is not in this branch's history" in show(run_cli, repo).out


def test_git_processes_do_not_grow_with_history_or_packets(repo: GitRepo, run_cli: Run) -> None:
    from handoff_audit.git import plumbing

    committed_packet(repo)
    before = plumbing.spawn_count()
    show(run_cli, repo)
    few = plumbing.spawn_count() - before
    for number in range(30):
        write_packet(repo, packet(f"feat/o{number}", repo.head()), f".handoff/o{number}.json")
        repo.write("src/more.py", f"N = {number}\n")
        repo.commit(f"more {number}")
    before = plumbing.spawn_count()
    show(run_cli, repo)
    assert plumbing.spawn_count() - before == few


def test_at_most_eight_git_processes_with_a_series_beside_the_packet(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """README "Resuming: show": git is asked at most eight times, also for a branch's packet
    in a repository that keeps a folder of dated handoffs (whose series the branch did not
    write: the project's record), with one `cat-file` for all."""
    from handoff_audit.git import plumbing

    git_repo.write("src/refunds.py", "X = 1\n")
    git_repo.write("docs/handoffs/2026-12-01-a.md", "# Handoff\n\n## Next step\nGo on.\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", BRANCH)
    git_repo.write("src/refunds.py", "X = 2\n")
    git_repo.commit("work")
    committed_packet(git_repo, next_action="Fix GBP rounding.")
    before = plumbing.spawn_count()
    out = show(run_cli, git_repo).out
    assert plumbing.spawn_count() - before <= 8
    assert out.startswith("Next action: Fix GBP rounding.\n")


# -- budget and formats --


def big_packet(repo: GitRepo) -> dict[str, Any]:
    return committed_packet(
        repo,
        next_action="Fix GBP rounding in src/refunds.py first.",
        traps=["The GBP fixture is cached between tests."],
        summary="Refunds: EUR done. " * 30,
        pointers=[f"src/module_{n}.py:{n}" for n in range(80)],
        commands_run=[{"cmd": f"pytest -q tests/test_{n}.py", "exit": 0} for n in range(5)],
    )


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_the_budget_cuts_the_lowest_sections_first(repo: GitRepo, run_cli: Run, fmt: str) -> None:
    big_packet(repo)
    whole = show(run_cli, repo, "--format", fmt, "--max-chars", "0").out
    assert "pytest -q tests/test_4.py" in whole and "src/module_79.py:79" in whole
    out = show(run_cli, repo, "--format", fmt, "--max-chars", "1500").out
    assert len(out) <= 1500 < len(whole)
    assert "Fix GBP rounding in src/refunds.py first." in out
    assert "The GBP fixture is cached between tests." in out
    assert "pytest -q tests/test_4.py" not in out  # the last commands go first
    assert "src/module_79.py:79" not in out
    assert "current" in out  # the freshness stays whole
    if fmt == "json":
        # JSON spends more of the budget on its keys: the summary goes too, before the traps.
        assert json.loads(out)["trimmed"][-2:] == ["pointers", "last commands"]
    else:
        assert "Shortened to fit: pointers, last commands cut" in out


def test_the_next_action_and_freshness_are_never_cut(repo: GitRepo, run_cli: Run) -> None:
    long_next = "Do this. " * 200
    committed_packet(repo, next_action=long_next.strip())
    out = show(run_cli, repo, "--max-chars", "100").out
    assert long_next.strip() in out
    assert "Freshness (from git, not from the handoff):" in out


def test_markdown_format(repo: GitRepo, run_cli: Run) -> None:
    committed_packet(repo, decisions=[{"decision": "Keep offsets", "why": "customers read local"}])
    out = show(run_cli, repo, "--format", "markdown").out
    assert out.startswith("**Next action:** Fix GBP rounding in src/refund.py.\n")
    assert "## Decisions\n\n- Keep offsets — because: customers read local\n" in out
    assert "## Freshness (from git, not from the handoff)" in out


def test_a_bad_budget_is_a_usage_error(repo: GitRepo, run_cli: Run) -> None:
    assert show(run_cli, repo, "--max-chars", "-1").code == 2


# -- never printed raw --


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_credentials_and_control_characters_never_printed_raw(
    repo: GitRepo, run_cli: Run, fmt: str
) -> None:
    committed_packet(
        repo,
        next_action=f"Rotate {TOKEN} then retry \x1b]0;pwned\x07 the job.",
        traps=["\x9b31m red", f"Bearer {TOKEN}", f"push with {GITLAB} \u202eevil\u200b"],
    )
    repo.write("src/leak.py", "X = 1\n")
    repo.commit(f"oops {TOKEN} \x1b[2J")
    out = show(run_cli, repo, "--format", fmt).out
    assert TOKEN not in out and TOKEN[:20] not in out
    assert GITLAB not in out and "[redacted gitlab pat]" in out
    assert "[redacted GitHub token]" in out
    assert not any(char in out for char in "\x1b\x07\x9b\u202e\u200b")
    # Cut by the budget, a credential still never shows in part.
    cut = show(run_cli, repo, "--format", fmt, "--max-chars", "200").out
    assert TOKEN[:12] not in cut


def test_an_unreadable_packet_is_named_not_shown(repo: GitRepo, run_cli: Run) -> None:
    repo.write("handoff.json", '{"branch": "feat/refunds", ')
    repo.commit("broken packet")
    result = show(run_cli, repo)
    assert result.code == 1
    assert "unreadable: handoff.json (run `handoff-audit check`)" in result.err


# -- the configuration --


def test_a_configuration_file_ignored_beside_the_one_used_is_named_on_stderr(
    repo: GitRepo, run_cli: Run
) -> None:
    committed_packet(repo, next_action="Fix GBP rounding.")
    quiet = show(run_cli, repo)
    assert (quiet.code, quiet.err) == (0, "")
    repo.write(".handoff-audit.yml", "max-age-days: 14\n")
    repo.write(".handoff-audit.yaml", "max-age-days: 1\n")
    repo.write("pyproject.toml", "[tool.handoff-audit]\nmax-age-days = 2\n")
    repo.commit("configuration")
    result = show(run_cli, repo)
    assert result.code == 0
    # the configuration's commit came after the packet: said before its next action
    assert result.out.startswith("Stale: 1 commit since the handoff's last change (")
    assert result.out.splitlines()[1] == "Next action: Fix GBP rounding."
    yaml, table = result.err.splitlines()
    assert yaml.startswith("handoff-audit: warning: .handoff-audit.yml and .handoff-audit.yaml ")
    assert "and .handoff-audit.yaml ignored" in yaml
    assert table.startswith("handoff-audit: warning: .handoff-audit.yml and [tool.handoff-audit]")
    assert result.err == run_cli(["check"], cwd=repo.root).err  # as check says it
    as_json = show(run_cli, repo, "--format", "json")
    assert json.loads(as_json.out)["path"] == "handoff.json"  # standard output stays the brief
    assert as_json.err == result.err
    # Said first also when there is no brief: the file ignored may be why.
    repo.write("broken.json", '{"branch": ')
    broken = show(run_cli, repo, "broken.json")
    assert broken.code == 2
    assert broken.err.splitlines()[:2] == [yaml, table]
    assert broken.err.splitlines()[2].startswith("handoff-audit: error: show: broken.json:1:")
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.commit("no handoff")
    none = show(run_cli, repo)
    assert none.code == 1
    assert none.err.splitlines()[:2] == [yaml, table]
    assert none.err.splitlines()[2].startswith("show: ")
