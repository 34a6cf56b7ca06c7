"""A working note the merge gate blocks in an agent's command, prompt or skill folder, or in a
folder of templates, is never searched for as a handoff, so only the gate reads it: it is scanned
for credentials there like any packet, each reported at its line and never echoed, by `check
--target-branch` and by the Action."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

TOKEN = "ghp_" + "aB3dE5fG7hJ9" * 3
NOTE = (
    "# Session handoff\n\n## State\n- Refund endpoint merged; 41/43 tests pass.\n"
    "- fails on GBP in src/pay/fx.py line 88.\n\n## Decisions\n"
    "- chose Decimal because float rounding broke GBP.\n\n## Next step\n"
    "Fix rounding in src/pay/fx.py, then run pytest -q tests/test_fx.py.\n"
    f"Staging API token: {TOKEN}\n"
)
LINE = NOTE.splitlines().index(f"Staging API token: {TOKEN}") + 1
NOTES = [
    ".claude/commands/handoff.md",
    "src/cli/commands/session-handoff.md",
    "prompts/HANDOFF.md",
    ".claude/skills/wrap/HANDOFF.md",
    "src/pkg/templates/handoff.md",
]


@pytest.mark.parametrize("path", NOTES)
def test_check_reports_a_credential_in_a_gated_note_in_an_agent_folder(
    git_repo: GitRepo, run_cli: Run, path: str
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(path, NOTE)
    git_repo.commit("a note where commands live")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    found = sorted((f["rule"], f["path"], f["line"]) for f in done.json()["findings"])
    assert ("secret", path, LINE) in found
    assert "handoff-in-merge" in {rule for rule, where, _ in found if where == path}
    text = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert f"{path}:{LINE}:" in text.out and "secret: line" in text.out
    assert TOKEN not in done.out + done.err + text.out + text.err


def test_the_action_reports_a_credential_in_a_gated_command_folder_note(runner: Runner) -> None:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")  # the fixture's own packet
    runner.repo.write(".claude/commands/handoff.md", NOTE)
    runner.head = runner.repo.commit("a note where commands live")
    done = runner.run("pull_request", runner.pull_request(), comment="false")
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert f"::error file=.claude/commands/handoff.md,line={LINE}," in done.out
    assert "title=handoff-audit%3A secret::" in done.out
    assert TOKEN not in done.out + done.summary
