"""``check --target-branch main`` reads the merge gate's settings from main's configuration: main's
tip is found once, in the refs the audit then takes as they are (no ``cat-file --batch-check`` of
its own before the audit's)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import GitRepo, Result
from git_helpers import record_git

CliRun = Callable[..., Result]

NOTE = "# Handoff\n\n## Status\nTests pass.\n\n## Next step\nAdd src/mul.py.\n"
LOOSENED = "rules:\n  handoff-in-merge: 'off'\n"


@pytest.fixture
def git_calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], list[list[str]]]:
    """A wrapper in front of the real git recording each call's arguments; returns a reader of
    the calls made since the last read."""
    log = record_git(tmp_path, monkeypatch, "\\035")

    def read() -> list[list[str]]:
        calls = [call.split("\x1e")[:-1] for call in log.read_text().split("\x1d")[:-1]]
        log.write_text("")
        return calls

    log.write_text("")
    return read


def _loosening_branch(repo: GitRepo) -> None:
    """main with a configuration, and ``feat/x`` adding ``HANDOFF.md`` and turning the merge
    gate's rule off in its own configuration (which takes effect only once merged)."""
    repo.write("src/app.py", "x\n")
    repo.write(".handoff-audit.yml", "max-lines: 300\n")
    repo.commit("start")
    repo.git("switch", "-q", "-c", "feat/x")
    repo.write("HANDOFF.md", NOTE)
    repo.write(".handoff-audit.yml", "max-lines: 300\n" + LOOSENED)
    repo.commit("handoff, and the gate turned off")


def _blocked_by_mains_rules(done: Result) -> None:
    assert done.code == 1, (done.out, done.err)
    assert "handoff-in-merge" in done.out
    assert "the merge gate reads `rules.handoff-in-merge` from main" in done.err


def test_the_target_is_resolved_once_for_the_gate_settings_and_the_audit(
    git_repo: GitRepo, run_cli: CliRun, git_calls: Callable[[], list[list[str]]]
) -> None:
    _loosening_branch(git_repo)
    git_calls()
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    _blocked_by_mains_rules(done)
    calls = git_calls()
    commands = [call[0] for call in calls]
    assert commands.count("for-each-ref") == 1, commands
    assert commands.count("rev-parse") == 1, commands
    lookups = [call for call in calls if any(a.startswith("--batch-check") for a in call)]
    assert len(lookups) == 1, calls  # the audit's, of the commit checked and what it names


def test_a_detached_head_is_resolved_in_the_same_single_pass(
    git_repo: GitRepo, run_cli: CliRun, git_calls: Callable[[], list[list[str]]]
) -> None:
    _loosening_branch(git_repo)
    git_repo.git("switch", "-q", "--detach")
    git_calls()
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    _blocked_by_mains_rules(done)
    commands = [call[0] for call in git_calls()]
    assert commands.count("for-each-ref") == 1, commands
    assert commands.count("rev-parse") == 1, commands


def test_on_main_itself_nothing_is_read_from_it(
    git_repo: GitRepo, run_cli: CliRun, git_calls: Callable[[], list[list[str]]]
) -> None:
    _loosening_branch(git_repo)
    git_repo.git("switch", "-q", "main")
    git_calls()
    done = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert "the merge gate reads" not in done.err
    calls = git_calls()
    assert not any(call[:1] == ["ls-tree"] and "-r" not in call for call in calls), calls
