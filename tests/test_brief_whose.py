"""Whose handoff the brief says it is (`show` and the `SessionStart` hook): a series' file is
of no branch, a note merged from the default branch was not written on this one, a note
committed on this branch is this branch's. Real repositories, the real commands."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result
from handoff_audit.git import plumbing
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
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feature-x")
    git_repo.write("docs/handoffs/2026-11-21-auth.md", NOTE)  # the branch writes the newest
    git_repo.commit("handoff: auth")
    said = "docs/handoffs/2026-11-21-auth.md, the newest of 2 handoffs in docs/handoffs/"
    assert f"\n({said})\n" in session_context(git_repo)
    assert f"\n({said})\n" in shown(run_cli, git_repo, "text")
    assert f"\n_{said}_\n" in shown(run_cli, git_repo, "markdown")
    for text in (session_context(git_repo), shown(run_cli, git_repo, "markdown")):
        assert "of branch" not in text


POW = NOTE.replace("Add the logout button in `src/app.py`.", "Handle negative inputs in pow2.")
POW_FILE = "docs/handoffs/2026-12-01-pow.md"


def test_a_series_the_branch_did_not_touch_is_the_project_s_record_not_its_handoff(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Another branch's series file, merged into main: a new branch's session is not handed
    its next step as its own, as the Stop hook says the branch has no handoff."""
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/pow")
    git_repo.write("pow.py", "def pow2(a):\n    return a * a\n")
    git_repo.write(POW_FILE, POW)
    git_repo.commit("pow, with its handoff")
    git_repo.git("checkout", "-q", "main")
    git_repo.git("merge", "-q", "--no-ff", "feat/pow", "-m", "merge pow")
    git_repo.git("checkout", "-q", "-b", "feat/sqrt")
    git_repo.write("sqrt.py", "def sqrt(a):\n    return a ** 0.5\n")
    git_repo.commit("sqrt")
    record = f"the project's latest record is {POW_FILE}"
    context = session_context(git_repo)
    assert record in context and "Branch feat/sqrt has no handoff of its own yet" in context
    assert "Next action" not in context and "negative inputs" not in context
    show = run_cli(["show"], cwd=git_repo.root)
    assert show.code == 1
    assert record in show.out and "negative inputs" not in show.out
    assert "branch feat/sqrt has no handoff" in show.err and record in show.err
    as_json = run_cli(["show", "--format", "json"], cwd=git_repo.root)
    assert (as_json.code, as_json.out) == (1, "")  # JSON or nothing, never prose
    assert as_json.err == show.err
    stop = run_hook({"hook_event_name": "Stop", "cwd": str(git_repo.root)})
    assert stop.code == 2 and "has work of its own against main but no active handoff" in stop.err
    # Once the branch changes the series' current file, it is its handoff again.
    git_repo.write(POW_FILE, POW + "\n## Since then\n\nsqrt() added.\n")
    context = session_context(git_repo)
    assert context.startswith("Next action:") and "negative inputs" in context
    # On the default branch the series is its own, as before.
    git_repo.git("checkout", "-q", "--", POW_FILE)
    git_repo.git("checkout", "-q", "main")
    context = session_context(git_repo)
    assert context.startswith("Next action:") and "negative inputs" in context


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


def test_a_series_reads_refs_and_the_work_tree_once(tmp_path: Path, run_cli: Run) -> None:
    """`show` (and the `SessionStart` hook, which builds the same brief) reads refs and
    `git status` once, with a series or without."""

    def git_processes_of_show(repo: GitRepo, files: list[str]) -> int:
        repo.write("README.md", "# app\n")
        repo.commit("init")
        repo.git("checkout", "-q", "-b", "feature-x")
        for name in files:
            repo.write(name, NOTE)
        repo.commit("handoff")
        before = plumbing.spawn_count()
        assert run_cli(["show"], cwd=repo.root).code == 0
        return plumbing.spawn_count() - before

    single = git_processes_of_show(GitRepo(tmp_path / "single"), ["HANDOFF.md"])
    days = ["2026-11-01", "2026-11-02", "2026-11-03"]
    series = git_processes_of_show(
        GitRepo(tmp_path / "series"), [f"docs/handoffs/{day}-auth.md" for day in days]
    )
    # Whether the branch wrote the series (else it is the project's record) takes the refs
    # (`for-each-ref`, which name the checked-out branch too: no `symbolic-ref`) and the files
    # changed since the merge base with the default branch (one `diff --merge-base`), and no
    # second `status` nor second `rev-parse`; the single file instead asks whether its last
    # change is on a protected branch (the same refs, then `rev-list`), which a series' file
    # never is asked. As many processes, within README's "at most eight".
    assert series == single <= 8


def test_a_file_the_branch_moved_into_a_series_is_its_handoff_though_a_newer_one_is_current(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The branch moved its working note into the series under an older date than the series'
    current file: `show` and the session's brief hand it over, and say why it is not the
    current one; they never say the branch did not write or change the series."""
    git_repo.write("app.py", "print(1)\n")
    git_repo.write("docs/handoffs/2026-12-04-a.md", NOTE)
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/pow")
    git_repo.write("HANDOFF.md", POW)
    git_repo.commit("pow handoff")
    git_repo.git("mv", "HANDOFF.md", POW_FILE)
    git_repo.commit("handoff: done")
    why = (
        f"{POW_FILE} is this branch's handoff: the branch added it to the series docs/handoffs/ "
        "in its own commits against main, though docs/handoffs/2026-12-04-a.md is the series' "
        "current file"
    )
    for text in (session_context(git_repo), shown(run_cli, git_repo, "text")):
        assert why in text and "negative inputs in pow2" in text
        assert "did not write or change" not in text and "logout button" not in text
    # More work: the Stop hook names that file, and its printed fix makes it the current one.
    git_repo.write("pow.py", "def pow2(a):\n    return a * a\n")
    git_repo.commit("more")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2 and f"{POW_FILE} is this branch's handoff" in stop.err, stop.err
    assert "no active handoff" not in stop.err
    command = the_command(stop.err, "fix: ")
    today = datetime.now(UTC).date().isoformat()
    assert command == f"git mv -- {POW_FILE} docs/handoffs/{today}-pow.md"
    assert run_fix(git_repo.root, command).returncode == 0
    git_repo.commit("handoff: dated today")
    # The rename wrote no word of it: it is as old as "pow handoff", and "more" came after.
    outdated = run_hook(stop_event(git_repo.root))
    assert outdated.code == 2, outdated.err
    assert f"- docs/handoffs/{today}-pow.md handoff-outdated" in outdated.err, outdated.err
    with (git_repo.root / f"docs/handoffs/{today}-pow.md").open("a") as note:
        note.write(
            "\n## Since then\npow2 is in pow.py.\n\n## Next step\nNone: the work is finished.\n"
        )
    git_repo.commit("handoff: since then")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert f"docs/handoffs/{today}-pow.md" in shown(run_cli, git_repo, "text")


def test_an_older_dated_file_written_with_the_work_claims_no_later_work(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Work, then its handoff under an older date than the series' current file, nothing after:
    the Stop hook names the file and prints git mv, and never says work came after it."""
    git_repo.write("app.py", "print(1)\n")
    git_repo.write("docs/handoffs/2026-12-01-a.md", NOTE)
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/pow")
    git_repo.write("pow.py", "def pow2(a):\n    return a * a\n")
    git_repo.commit("pow")
    git_repo.write("docs/handoffs/2026-11-28-pow.md", POW)
    git_repo.commit("handoff")
    stop = run_hook(stop_event(git_repo.root))
    assert stop.code == 2, stop.err
    assert "docs/handoffs/2026-11-28-pow.md is this branch's handoff" in stop.err, stop.err
    assert "work was committed after" not in stop.err and "later commits" not in stop.err
    today = datetime.now(UTC).date().isoformat()
    assert the_command(stop.err, "fix: ") == (
        f"git mv -- docs/handoffs/2026-11-28-pow.md docs/handoffs/{today}-pow.md"
    )
