"""The Stop hook tells the agent what the merge gate will block before it lets the branch count
as handed over: a working note `packets` leaves out (`vendor/tool/handoff.md` beside another
tool's JSON) is no handoff the hook judges, but the gate blocks it, so the hook names it with
its `git rm`, and once that fix has run the hook, `check --target-branch main` and the gate
agree. Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_support import feature_repo, refunds_packet, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]

LEFT_OUT = (
    'packets: ["**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "**/handoff.md", '
    '"!vendor/tool/handoff.json", "!vendor/tool/handoff.md"]\n'
)
NOTE = (
    "# Handoff\n\n## State\n\nRefund parser half done; tests/test_refund.py fails on rounding.\n"
    "\n## Next step\n\nFix the rounding in src/refund.py, then run pytest.\n"
)


def test_the_hook_does_not_let_a_branch_finish_with_a_note_the_gate_blocks(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("vendor/tool/handoff.json", '{"tool": "x", "version": 1}\n')
    git_repo.write(".handoff-audit.yml", LEFT_OUT)
    feature_repo(git_repo)
    git_repo.write("vendor/tool/handoff.md", NOTE)
    git_repo.commit("work, and a working note beside another tool's file")
    _finish(git_repo, run_cli)
    _the_hook_names_the_note_and_its_fix_clears_it(
        git_repo, run_cli, "vendor/tool/handoff.md", "feat/refunds has handed its work over"
    )


def _finish(repo: GitRepo, run_cli: Run) -> None:
    """The refunds packet written, committed, archived and committed: the branch handed over."""
    refunds_packet(repo, run_cli)
    repo.commit("handoff")
    assert run_cli(["archive"], cwd=repo.root).code == 0
    repo.commit("handoff: done")


def _the_hook_names_the_note_and_its_fix_clears_it(
    git_repo: GitRepo, run_cli: Run, note: str, finished: str
) -> None:
    gated = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert gated.code == 1 and f"{note}: handoff-in-merge" in gated.out
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2, stopped.err
    assert f"{note} is a working note, and the merge gate blocks it" in stopped.err
    assert finished not in stopped.err  # not handed over while it carries the note
    fix = the_command(stopped.err, "fix:")
    assert fix == f'git rm -- {note} && git commit -m "handoff: done"'
    assert run_fix(git_repo.root, fix).returncode == 0
    done = run_hook(stop_event(git_repo.root))
    assert done.code == 0 and finished in done.err, done.err
    assert "is a working note" not in done.err
    assert run_cli(["check", "--target-branch", "main"], cwd=git_repo.root).code == 0


NOTES_PACKETS_FIND = [
    ".claude/commands/handoff.md",
    ".github/prompts/handoff.md",
    ".cursor/commands/handoff.md",
    "docs/prompts/HANDOFF.md",
]


@pytest.mark.parametrize("note", NOTES_PACKETS_FIND)
def test_a_note_the_packets_globs_find_in_an_agent_folder_is_named_on_a_branch_with_no_work(
    git_repo: GitRepo, run_cli: Run, note: str
) -> None:
    """``**/handoff.md`` finds the note, so it is no work of the branch's, yet the gate
    blocks it: the hook asks the gate about every file the branch changed."""
    git_repo.write("README.md", "hi\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/y")
    git_repo.write(note, NOTE)
    git_repo.commit("note")
    _the_hook_names_the_note_and_its_fix_clears_it(
        git_repo, run_cli, note, "feat/y has no work of its own"
    )


def test_a_note_in_a_command_folder_is_named_on_a_branch_that_handed_its_work_over(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    git_repo.write(".claude/commands/handoff.md", NOTE)
    git_repo.commit("a working note among the commands")
    _finish(git_repo, run_cli)
    _the_hook_names_the_note_and_its_fix_clears_it(
        git_repo, run_cli, ".claude/commands/handoff.md", "feat/refunds has handed its work over"
    )
