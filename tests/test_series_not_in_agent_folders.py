"""An agent's command, prompt or skill folder is never a series, even where a subfolder is
named ``handoffs/`` (``.claude/commands/handoffs/``, ``.github/prompts/handoffs/``): the
default ``series`` globs do not reach into it, so its files are not searched, as its other
files are not; one named on the command line still gets its one ``not-a-handoff`` warning."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result
from handoff_support import COMPLETE as GOOD

Run = Callable[..., Result]

COMMAND = (
    "---\ndescription: Write a session handoff\nallowed-tools: Bash, Write\n---\n"
    "Create or update HANDOFF.md with the goal, state and next steps.\n$ARGUMENTS\n"
)
AGENT_FILES = [
    ".claude/commands/handoffs/create.md",
    ".claude/skills/handoffs/SKILL.md",
    ".claude/agents/handoffs/writer.md",
    ".github/prompts/handoffs/new.md",
    ".codex/prompts/handoffs/new.md",
    "prompts/handoffs/end.md",
    "tools/.claude/commands/team/handoffs/create.md",
]


def test_handoffs_folders_under_agent_folders_are_no_series(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("app.py", "x = 1\n")
    for name in AGENT_FILES:
        git_repo.write(name, COMMAND)
    git_repo.write("docs/handoffs/2025-11-01-auth.md", GOOD)
    git_repo.commit("agent commands and a handoff")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert result.code == 0, result.out
    report = result.json()
    assert [p["path"] for p in report["packets"]] == ["docs/handoffs/2025-11-01-auth.md"]
    assert report["findings"] == []


@pytest.mark.parametrize("name", AGENT_FILES[:2])
def test_one_named_on_the_command_line_is_told_apart(
    git_repo: GitRepo, run_cli: Run, name: str
) -> None:
    git_repo.write(name, COMMAND)
    git_repo.commit("agent command")
    assert "No handoff packets found" in run_cli(["check"], cwd=git_repo.root).out
    named = run_cli(["check", "--format", "json", name], cwd=git_repo.root)
    (finding,) = named.json()["findings"]
    assert finding["rule"] == "not-a-handoff"
    assert "such folders are not searched for handoffs" in finding["message"]
