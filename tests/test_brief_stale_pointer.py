"""A series' ``LATEST.md`` (a text pointer) or ``latest.md`` link that names an older file than
the series' newest: `show` and the `SessionStart` hook hand over the newest file and say, in one
line, that the pointer names an older one, with the command that re-points it. Played as the
next session, which knows only what they print. Real repositories, the real commands."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable

import pytest

from agent_support import run_fix, run_hook
from conftest import GitRepo, Result
from test_agent_session_start import claude_start

Run = Callable[..., Result]
FOLDER = "docs/handoffs"
OLD, NEW = f"{FOLDER}/2026-12-01-auth.md", f"{FOLDER}/2026-12-02-auth.md"


def note(step: str) -> str:
    return (
        f"# Auth work\n\n## State\nLogin form done; tests pass.\n\n## Next step\n{step}\n\n"
        "## Decisions\nUse cookies because the API is same-origin.\n\n"
        "## Ruled out\nJWT in localStorage: XSS risk.\n"
    )


def series_with_stale(repo: GitRepo, kind: str) -> str:
    """Two handoffs of a series, and its pointer (``kind``: ``text`` or ``link``) still naming
    the older one, committed on a branch: the pointer's path."""
    repo.write("app.py", "print(1)\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/auth")
    repo.write(OLD, note("Add the login form in `app.py`."))
    repo.write(NEW, note("Add the logout button in `app.py`."))
    if kind == "text":
        pointer = f"{FOLDER}/LATEST.md"
        repo.write(pointer, "2026-12-01-auth.md\n")
    else:
        pointer = f"{FOLDER}/latest.md"
        os.symlink("2026-12-01-auth.md", repo.root / pointer)
    repo.commit("handoffs")
    return pointer


def handed_over(run_cli: Run, repo: GitRepo) -> list[str]:
    """What the next session is told: the session's brief, which `show` prints the same."""
    start = run_hook(claude_start(repo.root))
    assert start.code == 0, start.err
    context: str = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    show = run_cli(["show"], cwd=repo.root)
    assert show.code == 0, show.err
    assert show.out.strip() == context.strip()
    return context.splitlines()


@pytest.mark.parametrize("kind", ["text", "link"])
def test_the_next_session_reads_the_newest_file_and_is_told_to_re_point(
    git_repo: GitRepo, run_cli: Run, kind: str
) -> None:
    pointer = series_with_stale(git_repo, kind)
    lines = handed_over(run_cli, git_repo)
    # The session works on the newest file's next step, and knows which file that is.
    assert "Next action: Add the logout button in `app.py`." in lines
    assert f"({NEW}, the newest of 2 handoffs in {FOLDER}/)" in lines
    # One line names the pointer, the older file it names, the newest, and the fix.
    said = [line for line in lines if pointer in line]
    assert len(said) == 1 and said[0].startswith("Note: "), lines
    assert OLD in said[0] and NEW in said[0] and "an older handoff" in said[0]
    fix = re.findall(r"`([^`]+)`", said[0])[-1]
    # The session runs the fix it was given: the pointer names the newest file, and is staged.
    assert run_fix(git_repo.root, fix).returncode == 0
    if kind == "text":
        assert (git_repo.root / pointer).read_text(encoding="utf-8").strip() == NEW.rsplit("/")[-1]
    else:
        assert os.readlink(git_repo.root / pointer) == NEW.rsplit("/")[-1]
    assert pointer in git_repo.git("diff", "--cached", "--name-only")
    git_repo.commit("re-point")
    lines = handed_over(run_cli, git_repo)
    assert not any(pointer in line for line in lines)
    assert "Next action: Add the logout button in `app.py`." in lines
    check = run_cli(["check"], cwd=git_repo.root)
    assert check.code == 0 and pointer not in check.err


def test_a_pointer_at_the_newest_file_is_not_mentioned(git_repo: GitRepo, run_cli: Run) -> None:
    pointer = series_with_stale(git_repo, "text")
    git_repo.write(pointer, "2026-12-02-auth.md\n")
    git_repo.commit("pointer at the newest")
    as_json = run_cli(["show", "--format", "json"], cwd=git_repo.root).json()
    assert "pointer" not in as_json and as_json["path"] == NEW
    assert not any(pointer in line for line in handed_over(run_cli, git_repo))
