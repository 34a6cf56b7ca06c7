"""A working note (State, Decisions, Ruled out, Next step, with facts) is blocked by the merge
gate whatever single command line it holds: one ``$ARGUMENTS`` line, ``{{args}}``, ``!{cmd}`` or
a ``# /handoff`` title does not make it an agent's command, in a ``commands/``, ``prompts/`` or
skill folder the pull request makes, or as a ``handoff.md`` beside another tool's JSON. An agent's
command that says how to write a handoff still passes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = (
    "# Session handoff\n\n## State\n- Refund endpoint merged; 41/43 tests pass.\n"
    "- fails on GBP in src/pay/fx.py line 88.\n\n## Decisions\n"
    "- chose Decimal because float rounding broke GBP.\n\n## Ruled out\n"
    "- tried banker's rounding: broke EUR.\n\n## Next step\n"
    "Fix rounding in src/pay/fx.py, then run pytest -q tests/test_fx.py.\n"
)
COMMAND = (
    "---\ndescription: Write a session handoff\n---\n"
    "Create or update HANDOFF.md with the goal, state and next steps.\n$ARGUMENTS\n"
)
NOTES = [
    ("src/cli/commands/handoff.md", NOTE + "\n$ARGUMENTS\n"),
    ("src/cli/commands/handoff.md", NOTE + "\n{{args}}\n"),
    ("src/cli/commands/handoff.md", NOTE + "\n!{git status}\n"),
    ("src/cli/commands/handoff.md", NOTE + "\n$ARGUMENTS\n" * 6),
    (".claude/skills/handoff/session-handoff.md", "$ARGUMENTS\n" + NOTE),
    ("prompts/handoff.md", "# /handoff\n" + NOTE),
    ("handoff.md", NOTE + "\n$ARGUMENTS\n"),
]


def _pull_request(runner: Runner, files: dict[str, str]) -> Result:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")  # the fixture's own packet
    for path, text in files.items():
        runner.repo.write(path, text)
    runner.head = runner.repo.commit("notes with one command line")
    return runner.run("pull_request", runner.pull_request(), comment="false")


@pytest.mark.parametrize(("path", "text"), NOTES)
def test_the_action_blocks_a_note_with_one_command_line(
    runner: Runner, path: str, text: str
) -> None:
    done = _pull_request(runner, {path: text})
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert f"{path} would be merged into the protected branch main" in done.out


def test_the_action_blocks_a_note_with_an_argument_slot_beside_another_tools_json(
    runner: Runner,
) -> None:
    done = _pull_request(
        runner,
        {
            ".handoff-audit.yml": 'rules: {schema: "off"}\n',
            "handoff.json": '{"tool": "renovate", "version": 2}\n',
            "handoff.md": NOTE + "\n$ARGUMENTS\n",
        },
    )
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert "handoff.md would be merged into the protected branch main" in done.out


@pytest.mark.parametrize(("path", "text"), NOTES)
def test_check_blocks_a_note_with_one_command_line_and_passes_the_command(
    git_repo: GitRepo, run_cli: Run, path: str, text: str
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(".claude/commands/handoff.md", COMMAND)
    git_repo.write("src/cli/commands/session-handoff.md", COMMAND)
    git_repo.commit("commands about handoffs")
    passed = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert passed.code == 0, passed.out
    git_repo.write(path, text)
    git_repo.commit("a note with one command line")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    blocked = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert blocked == [path]


def test_check_calls_a_note_with_one_argument_slot_a_note_not_a_how_to(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("handoff.md", NOTE + "\n$ARGUMENTS\n")
    git_repo.write("docs/handoff.md", COMMAND)
    git_repo.commit("a note with an argument slot, and a command")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    found = sorted((f["rule"], f["path"]) for f in done.json()["findings"])
    assert ("handoff-in-merge", "handoff.md") in found
    assert ("not-a-handoff", "handoff.md") not in found
    assert ("not-a-handoff", "docs/handoff.md") in found
