"""`handoff-audit-staged` (the `handoff-audit` pre-commit hook's entry point) on real
repositories, called as pre-commit calls it: the check options, then the staged files. It
audits when a staged file is any file `check` audits, and judges the commit being made."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import GitRepo, Result
from handoff_audit.cli.precommit import staged_main

Run = Callable[..., Result]

TOKEN = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
SESSION_NOTES = (
    "# Session 2026-12-01\n\n## State\nTests pass.\n\n## Next step\nRun pytest -q.\n\n"
    f"token: {TOKEN}\n"
)


@pytest.fixture
def staged(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Result]:
    """Run `handoff-audit-staged ARGS...` from ``cwd``, as pre-commit does."""

    def run(cwd: Path, *args: str) -> Result:
        monkeypatch.chdir(cwd)
        capsys.readouterr()
        code = staged_main(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


def _feature_branch(git_repo: GitRepo) -> GitRepo:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    return git_repo


def test_a_staged_series_file_with_a_token_fails_as_check_does(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    git_repo.write("docs/handoffs/2026-12-01.md", SESSION_NOTES)
    git_repo.git("add", "-A")

    result = staged(git_repo.root, "docs/handoffs/2026-12-01.md")
    assert result.code == 1, result.out + result.err
    assert "docs/handoffs/2026-12-01.md:9:8: secret:" in result.out
    assert TOKEN not in result.out
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 1


def test_a_staged_file_of_a_configured_series_is_audited(
    git_repo: GitRepo, staged: Run, run_cli: Run
) -> None:
    _feature_branch(git_repo)
    git_repo.write(".handoff-audit.yml", 'series: ["notes/sessions"]\n')
    git_repo.commit("config")
    git_repo.write("notes/sessions/2026-12-01.md", SESSION_NOTES)
    git_repo.git("add", "-A")

    result = staged(git_repo.root, "notes/sessions/2026-12-01.md")
    assert result.code == 1, result.out + result.err
    assert "notes/sessions/2026-12-01.md:9:8: secret:" in result.out
    assert run_cli(["check", "-q"], cwd=git_repo.root).code == 1
