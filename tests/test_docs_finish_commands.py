"""The finishing commands README.md's Lifecycle table and docs/lifecycle.md give for a
hand-written handoff run as written in a repository that has no series folder yet, and leave a
branch the hook lets stop. Real repositories, the commands run with ``sh -c``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent_support import feature_repo, run_fix, run_hook, stop_event
from conftest import GitRepo

DOCS = Path(__file__).resolve().parents[1]
NOTE = "# Handoff\n\n## Status\nRefunds in src/refunds.py done; tests pass.\n\n## Next step\n"


def _moves(document: str) -> list[str]:
    """The commands in backquotes of ``document`` that move HANDOFF.md into a series."""
    text = (DOCS / document).read_text(encoding="utf-8")
    return re.findall(r"`([^`]*git mv HANDOFF\.md[^`]*&& git commit[^`]*)`", text)


@pytest.mark.parametrize("document", ["README.md", "docs/lifecycle.md"])
def test_the_documented_move_into_a_series_runs_in_a_fresh_repository(
    git_repo: GitRepo, document: str
) -> None:
    [command] = _moves(document)
    command = command.replace("<date>-<topic>", "2026-12-01-refunds")
    feature_repo(git_repo)
    git_repo.write("HANDOFF.md", NOTE + "- [ ] add idempotency keys\n")
    git_repo.commit("work + handoff")
    assert not (git_repo.root / "docs").exists()
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, (command, done.stderr)
    assert (git_repo.root / "docs/handoffs/2026-12-01-refunds.md").is_file()
    assert git_repo.git("status", "--porcelain") == ""
    assert run_hook(stop_event(git_repo.root), cwd=git_repo.root).code == 0


@pytest.mark.parametrize("document", ["README.md", "docs/lifecycle.md"])
def test_the_documented_move_into_a_series_names_no_fixed_date(document: str) -> None:
    """Copied as printed, a fixed date would name a file older than a series' current one,
    and the branch's handoff would not be its series' current file."""
    text = (DOCS / document).read_text(encoding="utf-8")
    moves = re.findall(r"`([^`]*git mv HANDOFF\.md[^`]*)`", text)
    assert moves
    for command in moves:
        assert "docs/handoffs/<date>-<topic>.md" in command, command
