"""Whose handoff the brief says it is (`show` and the `SessionStart` hook): a series' file is
of no branch, a note merged from the default branch was not written on this one, a note
committed on this branch is this branch's. Real repositories, the real commands."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook
from conftest import GitRepo, Result
from test_agent_session_start import claude_start

Run = Callable[..., Result]
NOTE = (
    "# Auth work\n\n## State\nLogin form done; tests pass.\n\n## Next step\n"
    "Add the logout button in `src/app.py`.\n\n## Decisions\n"
    "Use cookies because the API is same-origin.\n\n## Ruled out\nJWT in localStorage: XSS risk.\n"
)


def session_context(repo: GitRepo) -> str:
    run = run_hook(claude_start(repo.root))
    assert run.code == 0, run.err
    context: str = json.loads(run.out)["hookSpecificOutput"]["additionalContext"]
    return context


def shown(run_cli: Run, repo: GitRepo, fmt: str) -> str:
    result = run_cli(["show", "--format", fmt], cwd=repo.root)
    assert result.code == 0, result.err
    return result.out


def test_a_series_file_is_the_newest_of_its_series_not_the_branchs(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("docs/handoffs/2026-11-20-auth.md", NOTE)
    git_repo.write("docs/handoffs/2026-11-21-auth.md", NOTE)
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feature-x")
    said = "docs/handoffs/2026-11-21-auth.md, the newest of 2 handoffs in docs/handoffs/"
    assert f"\n({said})\n" in session_context(git_repo)
    assert f"\n({said})\n" in shown(run_cli, git_repo, "text")
    assert f"\n_{said}_\n" in shown(run_cli, git_repo, "markdown")
    for text in (session_context(git_repo), shown(run_cli, git_repo, "markdown")):
        assert "of branch" not in text


def test_a_root_note_merged_from_main_names_its_last_change(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("HANDOFF.md", NOTE)
    written = git_repo.commit("handoff: notes", date="2026-11-20T10:00:00Z")
    git_repo.git("checkout", "-q", "-b", "feature-x")
    git_repo.write("src/app.py", "LOGOUT = True\n")
    git_repo.commit("logout")
    said = f"HANDOFF.md, a hand-written handoff, last changed {written[:7]} 2026-11-20"
    assert f"\n({said})\n" in session_context(git_repo)
    assert f"\n({said})\n" in shown(run_cli, git_repo, "text")
    assert f"\n_{said}_\n" in shown(run_cli, git_repo, "markdown")
    assert "of branch" not in session_context(git_repo)


def test_a_note_written_on_this_branch_keeps_its_branch(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "# app\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feature-x")
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("handoff: notes")
    said = "HANDOFF.md, a hand-written handoff of branch feature-x"
    assert f"\n({said})\n" in session_context(git_repo)
    assert f"\n({said})\n" in shown(run_cli, git_repo, "text")
    assert f"\n_{said}_\n" in shown(run_cli, git_repo, "markdown")
