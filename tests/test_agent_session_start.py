"""`hook` on `SessionStart` (Claude Code and Codex): the real command, real events, real
repositories; `hook --install` for both agents, checked against SchemaStore's schemas."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from agent_support import HookRun, feature_repo, run_fix, run_hook, stop_event
from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet
from test_brief_show import AGENT_COMMAND, NOTES
from test_unreadable_markdown import PNG

Run = Callable[..., Result]
BRANCH = "feat/refunds"
DATA = Path(__file__).parent / "data" / "agent-settings"


def claude_start(root: Path, source: str = "startup") -> dict[str, Any]:
    """SessionStart as Claude Code sends it (hooks reference: common fields and ``source``)."""
    return {
        "session_id": "0a1b2c3d-session",
        "transcript_path": str(root / "no-transcript.jsonl"),
        "cwd": str(root),
        "hook_event_name": "SessionStart",
        "source": source,
        "model": "claude-sonnet-4-5",
    }


def codex_start(root: Path, source: str = "clear") -> dict[str, Any]:
    """SessionStart as Codex sends it (its session-start input schema's required fields)."""
    return {
        "session_id": "019d036d-c7fa-72d2",
        "transcript_path": None,
        "cwd": str(root),
        "hook_event_name": "SessionStart",
        "model": "gpt-5-codex",
        "permission_mode": "default",
        "source": source,
    }


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    repo = feature_repo(git_repo, BRANCH)
    data = packet(BRANCH, repo.head(), next_action="Round GBP refunds in src/refunds.py.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff")
    return repo


@pytest.mark.parametrize("event", [claude_start, codex_start])
def test_session_start_hands_over_the_brief(repo: GitRepo, event: Any) -> None:
    run = run_hook(event(repo.root))
    assert run.code == 0, run.err
    assert run.err == ""
    answer = json.loads(run.out)
    assert list(answer) == ["hookSpecificOutput"]
    output = answer["hookSpecificOutput"]
    assert output["hookEventName"] == "SessionStart"
    context = output["additionalContext"]
    assert context.splitlines()[0] == "Next action: Round GBP refunds in src/refunds.py."
    assert "- current: nothing was committed since its last change" in context
    assert run.out.count("\n") == 1  # one JSON object, one line


def test_the_brief_says_what_changed_since(repo: GitRepo) -> None:
    repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    repo.commit("refunds: round to cents")
    context = json.loads(run_hook(claude_start(repo.root, "compact")).out)["hookSpecificOutput"][
        "additionalContext"
    ]
    assert "1 commit, which the handoff may not describe" in context
    assert "refunds: round to cents" in context
    assert "files they touched (the note may be wrong about them): src/refunds.py" in context


TEMPLATE = """\
# Session Handoff

**Date:** YYYY-MM-DD
**Branch:** <branch-name>
**Progress:** ~XX% complete

## Current State

[2-3 sentences describing current progress]

## Completed This Session

- [ ] Unit tests for [component]

Next steps:

- [ ] [First thing to do next session]
"""


def _handed_over(git_repo: GitRepo, event: Any, text: str, message: str) -> str:
    """Commit `text` as the feature branch's HANDOFF.md; what SessionStart hands the session."""
    repo = feature_repo(git_repo, BRANCH)
    repo.write("HANDOFF.md", text)
    repo.commit(message)
    run = run_hook(event(repo.root))
    assert run.code == 0, run.err
    context: str = json.loads(run.out)["hookSpecificOutput"]["additionalContext"]
    return context


@pytest.mark.parametrize("event", [claude_start, codex_start])
def test_an_unfilled_template_is_handed_over_as_one(git_repo: GitRepo, event: Any) -> None:
    context = _handed_over(git_repo, event, TEMPLATE, "handoff: copy the template")
    assert context.splitlines()[0].startswith(
        "Warning: HANDOFF.md is an unfilled template: fill it in before relying on it ("
    )
    assert "Next action" not in context


@pytest.mark.parametrize("event", [claude_start, codex_start])
def test_an_agent_command_is_handed_over_as_no_handoff(git_repo: GitRepo, event: Any) -> None:
    message = "handoff: the command we use, committed by mistake"
    context = _handed_over(git_repo, event, AGENT_COMMAND, message)
    assert context.splitlines()[0] == (
        "Warning: HANDOFF.md is not a handoff: it tells its reader how to write one (check: "
        'not-a-handoff, from line 7: "# /handoff"); it names no next action'
    )
    assert "Next action" not in context
    assert "  Do not ask for confirmation. Execute immediately." in context  # quoted as written


def context_of(run: HookRun) -> str:
    """The additional context of a SessionStart answer: exit 0, nothing on standard error (the
    session's model never reads it), one JSON object on standard output."""
    assert (run.code, run.err) == (0, "")
    assert run.out.count("\n") == 1
    answer = json.loads(run.out)
    assert answer["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    context: str = answer["hookSpecificOutput"]["additionalContext"]
    return context


@pytest.mark.parametrize("event", [claude_start, codex_start])
@pytest.mark.parametrize("content", ["", "\n  \n"], ids=["0 bytes", "whitespace"])
def test_an_empty_handoff_is_said_to_be_empty_to_the_session(
    git_repo: GitRepo, content: str, event: Any
) -> None:
    repo = feature_repo(git_repo, BRANCH)
    repo.write("HANDOFF.md", content)
    repo.commit("handoff: start it")
    assert context_of(run_hook(event(repo.root))) == (
        "Warning: no brief for this session: HANDOFF.md is "
        + ("empty" if not content else "empty (only whitespace)")
        + ": write the handoff (state, next step, decisions, pointers) or remove it\n"
    )


@pytest.mark.parametrize(
    ("config", "content", "said"),
    [
        (None, PNG, "HANDOFF.md:1:1: not UTF-8 text (byte 0x89): "),
        (
            "max-file-bytes: 100\n",
            b"# Handoff\n\n" + b"Log line of the session.\n" * 10,
            "HANDOFF.md: larger than max-file-bytes (100 bytes), so it was not read: ",
        ),
    ],
    ids=["not UTF-8", "too large"],
)
def test_an_unreadable_handoff_is_said_so_to_the_session(
    git_repo: GitRepo, config: str | None, content: bytes, said: str
) -> None:
    repo = feature_repo(git_repo, BRANCH)
    if config:
        repo.write(".handoff-audit.yml", config)
    repo.write("HANDOFF.md", content)
    repo.commit("handoff: notes")
    [line] = context_of(run_hook(claude_start(repo.root))).splitlines()
    assert line.startswith(f"Warning: no brief for this session: {said}")
    assert line.endswith(
        "or remove it, or raise max-file-bytes in the configuration"
        if config
        else "replace it with a text handoff, or remove it"
    )


@pytest.mark.parametrize(
    ("spoil", "why"),
    [
        (
            lambda text: "\ufeff" + text,
            "handoff.json:1:1: the file starts with a UTF-8 byte order mark; "
            "save it as UTF-8 without a BOM",
        ),
        (
            lambda text: text.replace('",\n', '",,\n', 1),
            "handoff.json:2:",
        ),
    ],
    ids=["BOM", "syntax error"],
)
def test_a_packet_that_cannot_be_read_is_said_so_to_the_session(
    repo: GitRepo, spoil: Callable[[str], str], why: str
) -> None:
    packet_file = repo.root / "handoff.json"
    packet_file.write_text(spoil(packet_file.read_text("utf-8")), "utf-8")
    repo.commit("handoff: saved by another editor")
    run = run_hook(claude_start(repo.root))
    assert (run.code, run.err) == (0, "")
    [line] = context_of(run).splitlines()
    assert line.startswith(f"Warning: no brief for this session: a packet cannot be read: {why}")
    assert line.endswith("; run `handoff-audit check`")


def test_a_blank_next_step_is_said_so_to_the_session(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo, BRANCH)
    repo.write(
        "HANDOFF.md",
        NOTES + "**Next steps**\n\n- [ ] [First thing to do next session]\n\n"
        "## Decisions\n\n- Banker's rounding, because finance asked for it.\n",
    )
    repo.commit("handoff: notes")
    context = context_of(run_hook(claude_start(repo.root)))
    assert context.splitlines()[0] == (
        "Warning: HANDOFF.md is an unfilled template: fill it in before relying on it (its "
        'next-step heading "Next steps" at line 5 is empty or holds only placeholders); it '
        "names no next action"
    )


def test_from_a_subfolder(repo: GitRepo) -> None:
    (repo.root / "src" / "deep").mkdir()
    run = run_hook(claude_start(repo.root / "src" / "deep", "resume"))
    assert run.code == 0 and json.loads(run.out)["hookSpecificOutput"]["additionalContext"]


def test_nothing_when_the_branch_has_no_handoff(git_repo: GitRepo) -> None:
    repo = feature_repo(git_repo, BRANCH)
    run = run_hook(claude_start(repo.root))
    assert (run.code, run.out, run.err) == (0, "", "")


def test_a_merged_branch_s_active_packet_is_handed_over_with_its_commands(
    repo: GitRepo, run_cli: Run
) -> None:
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--ff-only", BRANCH)
    repo.git("branch", "-q", "-d", BRANCH)
    repo.git("checkout", "-q", "-b", "feat/next")
    context = context_of(run_hook(claude_start(repo.root)))
    lines = context.splitlines()
    assert lines[0].startswith("This tree holds the active handoff of another branch: ")
    assert "handoff.json (branch feat/refunds)" in lines[0]
    assert lines[1] == "Its next action: Round GBP refunds in src/refunds.py."
    assert lines[2] == "To take it over: handoff-audit update handoff.json --branch feat/next"
    assert lines[3] == "Or, if it is finished: handoff-audit archive handoff.json"
    assert len(lines) == 4
    shown = run_cli(["show"], cwd=repo.root)
    assert shown.code == 1
    assert shown.out.splitlines() == lines
    as_json = run_cli(["show", "--format", "json"], cwd=repo.root)
    assert (as_json.code, as_json.out) == (1, "") and as_json.err == shown.err
    taken = run_fix(repo.root, lines[2].split(": ", 1)[1])
    assert taken.returncode == 0, taken.stderr
    repo.commit("handoff: take over the refunds handoff")
    brief = context_of(run_hook(claude_start(repo.root)))
    assert brief.splitlines()[0] == "Next action: Round GBP refunds in src/refunds.py."


@pytest.mark.parametrize(
    "stdin",
    [
        b"not json",
        b"\xff\xfe",
        "[1, 2]",
        {"hook_event_name": "SessionStart", "cwd": "/no/such/folder"},
    ],
)
def test_garbage_in_is_exit_0_and_one_line(repo: GitRepo, stdin: Any) -> None:
    run = run_hook(stdin, cwd=repo.root)
    assert run.code == 0
    assert run.out == ""
    assert len(run.lines) == 1 and run.lines[0].startswith("handoff-audit hook: ")


def test_a_broken_configuration_never_fails_the_session(repo: GitRepo) -> None:
    repo.write(".handoff-audit.yml", "max-commits-behind: lots\n")
    run = run_hook(claude_start(repo.root))
    assert (run.code, run.out) == (0, "")
    assert len(run.lines) == 1 and "max-commits-behind" in run.lines[0]


def test_outside_a_repository(tmp_path: Path) -> None:
    run = run_hook(claude_start(tmp_path))
    assert (run.code, run.out) == (0, "")
    assert len(run.lines) == 1


def test_stop_still_judges(repo: GitRepo) -> None:
    repo.write("src/refunds.py", "def refund(amount):\n    return -amount\n")
    repo.commit("refunds: sign")
    assert run_hook(stop_event(repo.root)).code == 2


# -- hook --install, both agents --


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", bin_dir + os.pathsep + os.environ.get("PATH", ""))


def validator(name: str) -> jsonschema.Draft7Validator:
    schema = json.loads((DATA / name).read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(schema)


def errors(name: str, document: Any) -> list[str]:
    return [error.message for error in validator(name).iter_errors(document)]


OURS = {"type": "command", "command": "handoff-audit hook", "timeout": 30}


@pytest.mark.usefixtures("on_path")
def test_install_for_claude_code_validates(repo: GitRepo, run_cli: Run) -> None:
    repo.write(
        ".claude/settings.json",
        {
            "permissions": {"allow": ["Bash(pytest:*)"]},
            "hooks": {
                "SessionStart": [
                    {"matcher": "startup", "hooks": [{"type": "command", "command": "./banner.sh"}]}
                ]
            },
        },
    )
    result = run_cli(["hook", "--install"], cwd=repo.root)
    assert result.code == 0, result.err
    settings = json.loads((repo.root / ".claude/settings.json").read_text(encoding="utf-8"))
    assert settings["hooks"]["SessionStart"] == [
        {"matcher": "startup", "hooks": [{"type": "command", "command": "./banner.sh"}]},
        {"matcher": "startup|resume|clear|compact", "hooks": [OURS]},
    ]
    assert errors("claude-code-settings.json", settings) == []


@pytest.mark.usefixtures("on_path")
def test_install_for_codex_writes_its_hooks_file(repo: GitRepo, run_cli: Run) -> None:
    result = run_cli(["hook", "--install", "--agent", "codex"], cwd=repo.root)
    assert result.code == 0, result.err
    assert (
        ".codex/hooks.json: added the handoff-audit hook for Stop, SubagentStop, SessionStart"
        in result.err
    )
    hooks = json.loads((repo.root / ".codex/hooks.json").read_text(encoding="utf-8"))
    assert hooks == {
        "hooks": {
            "Stop": [{"hooks": [OURS]}],
            "SubagentStop": [{"hooks": [OURS]}],
            "SessionStart": [{"matcher": "startup|resume|clear", "hooks": [OURS]}],
        }
    }
    assert errors("codex-hooks.json", hooks) == []
    assert not (repo.root / ".claude").exists()
    again = run_cli(["hook", "--install", "--agent", "codex"], cwd=repo.root)
    assert "already installed; unchanged" in again.err


@pytest.mark.usefixtures("on_path")
def test_codex_merge_keeps_what_is_there(repo: GitRepo, run_cli: Run) -> None:
    theirs = {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.py"}]}
    repo.write(".codex/hooks.json", {"hooks": {"PreToolUse": [theirs]}})
    assert run_cli(["hook", "--install", "--agent", "codex"], cwd=repo.root).code == 0
    hooks = json.loads((repo.root / ".codex/hooks.json").read_text(encoding="utf-8"))
    assert hooks["hooks"]["PreToolUse"] == [theirs]
    assert list(hooks["hooks"]) == ["PreToolUse", "Stop", "SubagentStop", "SessionStart"]
    assert errors("codex-hooks.json", hooks) == []


def test_the_schemas_would_catch_a_wrong_shape() -> None:
    assert errors("codex-hooks.json", {"hooks": {"SessionStart": [{"matcher": "startup"}]}})
    assert errors("claude-code-settings.json", {"hooks": {"SessionStart": {"hooks": []}}})


def test_not_on_path_installs_the_absolute_path(
    repo: GitRepo, run_cli: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    git = Path(shutil.which("git") or "/usr/bin/git").parent
    monkeypatch.setenv("PATH", f"{empty}{os.pathsep}{git}")
    result = run_cli(["hook", "--install"], cwd=repo.root)
    assert result.code == 0, result.err
    script = Path(sys.executable).parent / "handoff-audit"
    command = f"{script} hook"
    assert f"handoff-audit is not on PATH: the hook runs {command}" in result.err
    settings = json.loads((repo.root / ".claude/settings.json").read_text(encoding="utf-8"))
    commands = {
        h["command"] for groups in settings["hooks"].values() for g in groups for h in g["hooks"]
    }
    assert commands == {command}
    assert errors("claude-code-settings.json", settings) == []
    again = run_cli(["hook", "--install"], cwd=repo.root)
    assert "already installed; unchanged" in again.err


@pytest.mark.usefixtures("on_path")
def test_print_for_codex(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli(["hook", "--print", "--agent", "codex"], cwd=tmp_path)
    assert result.code == 0
    snippet = json.loads(result.out)
    assert snippet["hooks"]["SessionStart"] == [
        {"matcher": "startup|resume|clear", "hooks": [OURS]}
    ]
    assert errors("codex-hooks.json", snippet) == []
    assert not (tmp_path / ".codex").exists()


def test_a_configuration_file_ignored_is_named_to_the_session(repo: GitRepo) -> None:
    repo.write(".handoff-audit.yml", "keep-last: 5\n")
    repo.commit("configuration")
    (repo.root / ".git" / "info" / "exclude").write_text(".handoff-audit.yaml\n")
    ignored = repo.root / ".handoff-audit.yaml"  # git does not see it: the brief is the same
    brief = context_of(run_hook(claude_start(repo.root), repo.root))
    ignored.write_text("keep-last: 1\n")
    warning = (
        "handoff-audit: warning: .handoff-audit.yml and .handoff-audit.yaml both configure "
        "handoff-audit; .handoff-audit.yml is used (.handoff-audit.yml wins over "
        ".handoff-audit.yaml) and .handoff-audit.yaml ignored: move its keys into "
        ".handoff-audit.yml and delete .handoff-audit.yaml\n"
    )
    # The brief as before, next action first, then the warning `show` prints on standard error.
    assert context_of(run_hook(claude_start(repo.root), repo.root)) == brief + warning
    # A hand-written handoff that cannot be read: why, then the file ignored.
    repo.git("rm", "-q", "handoff.json", "handoff.md")
    repo.write("HANDOFF.md", b"# Handoff\n\nNext: \xff\xfe\n")
    repo.commit("a handoff in another encoding")
    problem, said = context_of(run_hook(claude_start(repo.root), repo.root)).splitlines(True)
    assert problem.startswith("Warning: no brief for this session: HANDOFF.md:3:7: not UTF-8 text")
    assert said == warning
    ignored.unlink()
    assert context_of(run_hook(claude_start(repo.root), repo.root)) == problem


def test_on_a_branch_made_from_one_with_a_packet_the_take_over_command_works(
    repo: GitRepo, run_cli: Run
) -> None:
    """The packet's branch still exists (a stacked branch): `update --branch` would be refused,
    so the brief prints the Stop hook's way, which works as printed; then `new`, and the
    session may end."""
    repo.git("checkout", "-q", "-b", "feat/refunds-part2")
    lines = context_of(run_hook(claude_start(repo.root))).splitlines()
    assert run_cli(["show"], cwd=repo.root).out.splitlines() == lines
    [take] = [line for line in lines if line.startswith("To take it over")]
    assert "--branch" not in take and "branch feat/refunds still exists" in take
    command = take.split("): ", 1)[1]
    assert command == (
        "handoff-audit archive handoff.json && git add -- :/handoff.json :/handoff.md && git "
        "commit -m 'handoff: archive the packet of feat/refunds here' -- :/handoff.json "
        ":/handoff.md"
    )
    taken = run_fix(repo.root, command)
    assert taken.returncode == 0, taken.stderr
    repo.write("src/refunds.py", "ROUND = 2\n")
    repo.commit("part 2")
    made = run_cli(
        ["new", "--summary", "part 2", "--next-action", "Round EUR.", "--verdict-pointer",
         "src/refunds.py"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit("handoff: part 2")
    assert run_hook(stop_event(repo.root)).code == 0


def test_an_archived_packet_leads_with_the_finished_work_not_a_next_action(
    git_repo: GitRepo,
) -> None:
    """Review 53-5: the brief of an archived packet opened with "Next action: …" for work that
    was finished; the note that it was came only on the line after."""
    repo = feature_repo(git_repo, "feat/refunds")
    data = packet("feat/refunds", repo.head(), status="archived", next_action="Round GBP too.")
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff: archived")
    lines = context_of(run_hook(claude_start(repo.root))).splitlines()
    assert lines[0].startswith("This branch has no active handoff, its work is finished: ")
    assert "finished and archived" in lines[0]
    assert lines[1] == ("The next action it last recorded (not a task now): Round GBP too.")
    assert "Next action:" not in "\n".join(lines)
