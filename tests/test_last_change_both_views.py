"""The same unchanged handoff gets the same last change from `check` on the default branch and
from the merge gate and the Stop hook on a branch one commit ahead: the commit that wrote it,
never the merge that brought it into the default branch (as `git log -- FILE` names it). The
branch's view counts only the branch's own later commits, and says so with how many commits
came since the handoff last changed, so that it does not hide how stale the note is."""

from __future__ import annotations

from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

NOTE = "dev/SESSION_STATE.md"
_TEXT = (
    "# Session state\n\n## State\nLogin stub added in src/login.py.\n\n## Next step\n"
    "Write tests/test_login.py covering bad passwords.\n\n## Decisions\n- Kept login in its own "
    "module because app.py is going away.\n\n## Tried and failed\n- flask-login: too heavy.\n\n"
    "## Pointers\n- src/login.py:1\n"
)


def _merged_note(repo: GitRepo) -> tuple[str, str]:
    """The note written on a side branch merged into main (``--no-ff``), main's work after it,
    then branch ``try`` with one README commit: the note's commit and the merge's."""
    repo.write("src/app.py", "VERSION = 0\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/notes")
    repo.write(NOTE, _TEXT)
    repo.write("src/login.py", "def login(): pass\n")
    written = repo.commit("session state")
    repo.git("switch", "-q", "main")
    repo.write("src/app.py", "VERSION = 1\n")
    repo.commit("work in parallel")
    repo.git("merge", "-q", "--no-ff", "-m", "Merge branch 'feat/notes'", "feat/notes")
    merge = repo.head()
    for number in (2, 3):
        repo.write("src/app.py", f"VERSION = {number}\n")
        repo.commit(f"work {number}")
    repo.git("switch", "-q", "-c", "try")
    repo.write("README.md", "# app\n")
    repo.commit("readme")
    return written, merge


def _outdated(result: Result) -> str:
    [line] = [line for line in result.out.splitlines() if "handoff-outdated" in line]
    return line


def test_the_default_branch_and_the_branch_name_the_same_last_change(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    written, merge = _merged_note(git_repo)
    assert git_repo.git("log", "-1", "--format=%H", "--", NOTE) == written
    since = int(git_repo.git("rev-list", "--count", f"{written}..HEAD"))
    gate = _outdated(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))
    assert f"(last changed in {written[:12]})" in gate, gate
    assert f"1 later commit on this branch ({since} commits since it last changed)" in gate
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert f"(last changed in {written[:12]}): 1 later commit on this branch ({since} " in stop.err
    git_repo.git("switch", "-q", "main")
    on_main = _outdated(run_cli(["check"], cwd=git_repo.root))
    assert f"(last changed in {written[:12]})" in on_main, on_main
    assert merge[:12] not in on_main
    assert " on this branch" not in on_main
    # every later commit on main touches other files: the parallel one, the merge, two more
    assert f": {since - 1} later commits touch other files" in on_main, (since, on_main)


def test_a_branch_made_from_the_note_s_commit_says_no_more_than_its_count(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    git_repo.write(NOTE, _TEXT)
    git_repo.commit("session state")
    git_repo.git("switch", "-q", "-c", "try")
    git_repo.write("README.md", "# app\n")
    git_repo.commit("readme")
    gate = _outdated(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))
    assert "1 later commit touches other files" in gate, gate
    assert " on this branch" not in gate
