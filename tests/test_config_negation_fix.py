"""The fix printed for a glob list made only of ``!`` entries works when copied: it includes
something (not the very glob the user excluded), and is written in the syntax of the place the
list came from: a configuration key (a list), ``--block-files`` (repeated), or the action's
``block-files`` input (comma-separated)."""

from __future__ import annotations

import json
from collections.abc import Callable

from action_runner import Runner
from conftest import GitRepo, Result

Run = Callable[..., Result]

NOTE = "# Handoff\n\n## State\nTests pass.\n\n## Next step\nFinish src/a.py.\n"
START = "put the globs to include first, e.g. "


def _feature(repo: GitRepo) -> None:
    repo.write("src/a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("SESSION_HANDOFF.md", NOTE)
    repo.commit("work, and a note")


def test_the_fix_for_an_excluded_default_includes_something_else(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature(git_repo)
    git_repo.write(".handoff-audit.yml", 'block-files: ["!**/HANDOFF.md"]\n')
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 2, done.out
    example = '["**/SESSION_HANDOFF.md", "!**/HANDOFF.md"]'
    assert done.err == (
        "handoff-audit: error: .handoff-audit.yml: block-files: every entry starts with !, which "
        f"only excludes what an earlier entry matched, so the list matches nothing; {START}"
        f"{example} (to match **/HANDOFF.md itself, drop its !)\n"
    )
    git_repo.write(".handoff-audit.yml", f"block-files: {example}\n")  # the fix, copied
    done = run_cli(["check", "--target-branch", "main", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.err
    blocked = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert blocked == ["SESSION_HANDOFF.md"]


def test_the_fix_for_the_block_files_option_repeats_the_option(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _feature(git_repo)
    done = run_cli(["check", "--block-files", "!docs/**"], cwd=git_repo.root)
    assert done.code == 2, done.out
    assert done.err.endswith(f"{START}--block-files '**/HANDOFF.md' --block-files '!docs/**'\n")


def test_the_fix_for_the_block_files_input_is_comma_separated(runner: Runner, run_cli: Run) -> None:
    result, outputs = runner.cli(
        run_cli, "pull_request", runner.pull_request(), block_files="!**/HANDOFF.md"
    )
    assert result.code == 2, result.out
    assert outputs["blocked"] == "true"
    value = "**/SESSION_HANDOFF.md, !**/HANDOFF.md"
    assert result.err.endswith(
        f"{START}block-files: {json.dumps(value)} (to match **/HANDOFF.md itself, drop its !)\n"
    )
    runner.repo.write("SESSION_HANDOFF.md", NOTE)
    runner.head = runner.repo.commit("a note")
    result, outputs = runner.cli(run_cli, "pull_request", runner.pull_request(), block_files=value)
    assert result.code == 1, result.err  # the fix, copied: the note is blocked
    assert "handoff-in-merge::SESSION_HANDOFF.md would be merged" in result.out


def _note_on_main(repo: GitRepo) -> None:
    repo.write("src/a.py", "a = 1\n")
    repo.write("HANDOFF.md", NOTE)
    repo.commit("a note on main")


def test_the_fix_for_the_protected_branches_option_repeats_the_option(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _note_on_main(git_repo)
    done = run_cli(["check", "--protected-branches", "main,!dev"], cwd=git_repo.root)
    assert done.code == 2, done.out
    assert done.err.endswith("list only the branches to protect, e.g. --protected-branches main\n")
    done = run_cli(["check", "--protected-branches", "main"], cwd=git_repo.root)  # as printed
    assert done.code == 1, done.err
    assert "HANDOFF.md: handoff-in-merge:" in done.out


def test_the_fix_for_the_protected_branches_input_is_comma_separated(
    runner: Runner, run_cli: Run
) -> None:
    result, outputs = runner.cli(
        run_cli, "pull_request", runner.pull_request(), protected_branches="main, !dev"
    )
    assert result.code == 2, result.out
    assert outputs["blocked"] == "true"
    example = 'e.g. protected-branches: "main"'
    assert result.err.endswith(f"list only the branches to protect, {example}\n")
