"""The same unchanged handoff gets the same last change from `check` on the default branch and
from the merge gate and the Stop hook on a branch one commit ahead: the commit that wrote it,
never the merge that brought it into the default branch (as `git log -- FILE` names it). Both
count as later what came after that merge, not the default branch's commits merged with it.
The branch's view counts only the branch's own later commits, and says so with how many commits
came since the merge, so that it does not hide how stale the note is."""

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


def _write_note(repo: GitRepo) -> str:
    repo.write("src/app.py", "VERSION = 0\n")
    repo.write(NOTE, _TEXT)
    return repo.commit("session state")


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
    since = int(git_repo.git("rev-list", "--count", f"{merge}..HEAD"))
    assert since == 3  # work 2, work 3, readme
    gate = _outdated(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))
    assert f"(last changed in {written[:12]})" in gate, gate
    assert (
        f"1 later commit on this branch ({since} commits since the merge that brought it in)"
        in gate
    )
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert f"(last changed in {written[:12]}): 1 later commit on this branch ({since} " in stop.err
    git_repo.git("switch", "-q", "main")
    on_main = _outdated(run_cli(["check"], cwd=git_repo.root))
    assert f"(last changed in {written[:12]})" in on_main, on_main
    assert merge[:12] not in on_main
    assert " on this branch" not in on_main
    # work 2 and work 3; the parallel commit and the merge came before the note was on main
    assert ": 2 later commits touch other files, the newest" in on_main, on_main


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


def test_on_the_default_branch_the_work_merged_with_the_note_is_not_later_work(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """Right after the merge, as the pre-merge-commit hook saw it, the note is current: the
    default branch's commit the merge joined it with came before the note was there."""
    git_repo.write("src/app.py", "VERSION = 0\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/notes")
    git_repo.write(NOTE, _TEXT)
    written = git_repo.commit("session state")
    git_repo.git("switch", "-q", "main")
    git_repo.write("src/app.py", "VERSION = 1\n")
    git_repo.commit("work in parallel")
    git_repo.git("merge", "-q", "--no-ff", "-m", "Merge branch 'feat/notes'", "feat/notes")
    merged = run_cli(["check"], cwd=git_repo.root)
    assert "handoff-outdated" not in merged.out, merged.out
    git_repo.write("src/app.py", "VERSION = 2\n")
    after = git_repo.commit("work 2")
    line = _outdated(run_cli(["check"], cwd=git_repo.root))
    assert f"(last changed in {written[:12]}): 1 later commit touches other files" in line, line
    assert f"the newest {after[:12]} " in line, line


def test_a_note_written_on_the_default_branch_counts_every_commit_since_it_on_a_branch(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    written = _write_note(git_repo)
    git_repo.write("src/app.py", "VERSION = 1\n")
    git_repo.commit("work on main")
    git_repo.git("switch", "-q", "-c", "try")
    git_repo.write("README.md", "# app\n")
    git_repo.commit("readme")
    gate = _outdated(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))
    assert f"(last changed in {written[:12]}): 1 later commit on this branch" in gate, gate
    assert "(2 commits since it last changed) touches other files" in gate, gate
