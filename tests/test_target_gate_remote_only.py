"""``check --target-branch main`` in a fresh clone of a feature branch (``git clone --branch
feat/x``: ``origin/main``, no local ``main``, as in CI) reads the merge gate's settings from
``origin/main``'s configuration, as the Action reads a pull request's base's: a branch that edits
its own configuration to let its working note through is still blocked, and a note says which
settings were used. It read the branch's own before, and let the note through."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import GitRepo, Result
from git_helpers import git, hits

CliRun = Callable[..., Result]

NOTE = (
    "# Handoff\n\n## Status\nThe parser reads nested lists; tests pass.\n\n"
    "## Next step\nAdd the writer in src/app.py.\n"
)
MAIN_PYPROJECT = '[project]\nname = "app"\n\n[tool.handoff-audit]\nmax-lines = 300\n'
LOOSENINGS = {
    "block-files": ("pyproject.toml", MAIN_PYPROJECT + 'block-files = ["NOTHING.md"]\n'),
    "rules.handoff-in-merge": (".handoff-audit.yml", "rules:\n  handoff-in-merge: 'off'\n"),
    "protected-branches": ("pyproject.toml", MAIN_PYPROJECT + 'protected-branches = ["rel/*"]\n'),
}


def _clone_of_loosening_branch(repo: GitRepo, tmp_path: Path, loosening: str) -> Path:
    """main with ``pyproject.toml``'s table; ``feat/x`` adding ``HANDOFF.md`` and changing the
    gate setting ``loosening`` so that the note would pass; a clone of ``feat/x`` alone."""
    repo.write("src/app.py", "x = 1\n")
    repo.write("pyproject.toml", MAIN_PYPROJECT)
    repo.commit("start")
    repo.git("switch", "-q", "-c", "feat/x")
    repo.write("HANDOFF.md", NOTE)
    repo.write(*LOOSENINGS[loosening])
    repo.commit("handoff, and the gate loosened")
    repo.git("switch", "-q", "main")  # the remote's HEAD, as on a forge
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--branch", "feat/x", str(repo.root), str(clone))
    assert not git(clone, "branch", "--list", "main")
    return clone


@pytest.mark.parametrize("loosening", sorted(LOOSENINGS))
@pytest.mark.parametrize("local_main", [False, True], ids=["origin-main-only", "local-main"])
def test_a_branch_loosening_its_own_gate_is_judged_by_mains_settings(
    git_repo: GitRepo, tmp_path: Path, run_cli: CliRun, loosening: str, local_main: bool
) -> None:
    clone = _clone_of_loosening_branch(git_repo, tmp_path, loosening)
    if local_main:
        git(clone, "branch", "-q", "main", "origin/main")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    assert done.code == 1, (done.out, done.err)
    [hit] = hits(json.loads(done.out), "handoff-in-merge")
    assert hit["path"] == "HANDOFF.md", hit
    read = "main" if local_main else "origin/main"
    assert f"the merge gate reads `{loosening}` from {read}'s configuration, not from " in done.err


def test_settings_equal_to_mains_get_no_note(
    git_repo: GitRepo, tmp_path: Path, run_cli: CliRun
) -> None:
    clone = _clone_of_loosening_branch(git_repo, tmp_path, "block-files")
    (clone / "pyproject.toml").write_text(MAIN_PYPROJECT)
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    assert done.code == 1 and "the merge gate reads" not in done.err, done.err
