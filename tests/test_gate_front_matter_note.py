"""A working note under front matter (``description: refunds``, ``allowed-tools: Bash``) whose
body states facts is blocked by the merge gate and is not called a how-to: front matter alone
makes no note a command, in prose as under State and Next step. An agent's command with the same
front matter over instructions still passes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

PROSE = (
    "# Handoff\n\nRefunds are half done and 3 tests fail in tests/test_refund.py; the GBP "
    "rounding in src/refund.py is off by a penny. Next: fix it and run pytest.\n"
)
SECTIONS = (
    "# Handoff\n\n## State\nRefunds half done; tests fail in src/refund.py.\n\n"
    "## Next step\nFix the rounding in src/refund.py, then run pytest.\n"
)
FRONTS = ["description: refunds", "allowed-tools: Bash"]
COMMAND = (
    "---\ndescription: Write a session handoff\nallowed-tools: Bash, Write\n---\n"
    "Create or update HANDOFF.md with the goal, state and next steps.\n"
)


def _pull_request(runner: Runner, files: dict[str, str]) -> Result:
    runner.repo.git("rm", "-q", "handoff.json", "handoff.md")  # the fixture's own packet
    for path, text in files.items():
        runner.repo.write(path, text)
    runner.head = runner.repo.commit("a note under front matter")
    return runner.run("pull_request", runner.pull_request(), comment="false")


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize("path", ["session-handoff.md", "docs/handoff.md"])
def test_the_action_blocks_a_note_under_front_matter(runner: Runner, path: str, front: str) -> None:
    done = _pull_request(runner, {path: f"---\n{front}\n---\n{PROSE}"})
    assert done.code == 1, done.out
    assert done.outputs["blocked"] == "true"
    assert (
        f"::error file={path},title=handoff-audit%3A handoff-in-merge::"
        f"{path} would be merged into the protected branch main"
    ) in done.out
    assert "not-a-handoff" not in done.out


@pytest.mark.parametrize("body", [PROSE, SECTIONS], ids=["prose", "sections"])
@pytest.mark.parametrize("front", FRONTS)
def test_check_calls_a_note_under_front_matter_a_note_and_passes_the_command(
    git_repo: GitRepo, run_cli: Run, front: str, body: str
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("docs/handoff.md", COMMAND)
    git_repo.write(".claude/commands/session-handoff.md", COMMAND)
    git_repo.commit("commands about handoffs")
    passed = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert passed.code == 0, passed.out
    assert [f["rule"] for f in passed.json()["findings"]] == ["not-a-handoff"]
    git_repo.write("session-handoff.md", f"---\n{front}\n---\n{body}")
    git_repo.commit("a note under front matter")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    found = {(f["rule"], f["path"]) for f in done.json()["findings"]}
    assert ("handoff-in-merge", "session-handoff.md") in found
    assert ("not-a-handoff", "session-handoff.md") not in found
    assert ("not-a-handoff", "docs/handoff.md") in found
    assert ("handoff-in-merge", "docs/handoff.md") not in found
