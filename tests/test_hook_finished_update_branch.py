"""A finished branch that takes its base in ("Update branch", `git merge main`) stays finished:
what the merge brought is on the base, not the branch's own work, so the Stop hook lets it stop
and `check` passes. Work committed after the finish still reopens it, merge or no merge. Real
repositories, the real CLI and hook."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

from agent_support import feature_repo, refunds_packet, run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _finished_branch(repo: GitRepo, run_cli: Run) -> None:
    feature_repo(repo, "feat/two")
    refunds_packet(repo, run_cli)
    repo.commit("handoff")
    assert run_cli(["archive"], cwd=repo.root).code == 0
    repo.commit("handoff: done")


def _teammate_lands_on_main(repo: GitRepo, path: str) -> None:
    repo.git("switch", "-q", "main")
    repo.write(path, "teammate = 1\n")
    repo.commit(f"teammate: {path}")
    repo.git("switch", "-q", "feat/two")


def test_merging_main_into_a_finished_branch_keeps_it_finished(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _finished_branch(git_repo, run_cli)
    assert run_hook(stop_event(git_repo.root)).code == 0
    _teammate_lands_on_main(git_repo, "x.py")
    git_repo.git("merge", "-q", "--no-edit", "main")
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 0, stopped.err
    assert "feat/two has handed its work over: handoff.json is archived" in stopped.err
    checked = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert checked.code == 0, checked.out + checked.err
    # Real work after the finish reopens the branch; a later merge of main does not hide it.
    git_repo.write("src/refunds.py", "def refund(amount):\n    return round(amount, 2)\n")
    git_repo.commit("refunds: round")
    _teammate_lands_on_main(git_repo, "y.py")
    git_repo.git("merge", "-q", "--no-edit", "main")
    reopened = run_hook(stop_event(git_repo.root))
    assert reopened.code == 2, reopened.err
    assert "no active handoff (its work: " in reopened.err and "); write one" in reopened.err


LINES = "".join(f"line{n} = {n}\n" for n in range(1, 9))


def _finished_on_shared_file(repo: GitRepo, run_cli: Run) -> None:
    """main has lines.py; feat/f changes its first line and finishes (archives its packet)."""
    repo.write("lines.py", LINES)
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/f")
    repo.write("lines.py", LINES.replace("line1 = 1", "line1 = 'branch'"))
    repo.commit("branch work")
    _hand_over_and_archive(repo, run_cli, "Branch work done.")


def _main_changes_last_line(repo: GitRepo, value: str) -> None:
    repo.git("switch", "-q", "main")
    text = (repo.root / "lines.py").read_text()
    repo.write("lines.py", text.replace("line8 = 8", f"line8 = {value!r}"))
    repo.commit(f"teammate: {value}")
    repo.git("switch", "-q", "feat/f")


def test_a_clean_merge_of_main_into_a_file_the_branch_changed_keeps_it_finished(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _finished_on_shared_file(git_repo, run_cli)
    _main_changes_last_line(git_repo, "teammate")
    git_repo.git("merge", "-q", "--no-edit", "main")  # clean: other lines of the same file
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 0, stopped.err
    assert "feat/f has handed its work over: handoff.json is archived" in stopped.err
    checked = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert checked.code == 0, checked.out + checked.err


def test_an_edit_in_the_merge_or_after_the_finish_still_reopens(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _finished_on_shared_file(git_repo, run_cli)
    _main_changes_last_line(git_repo, "one")
    # An edit made inside the merge commit is the branch's work, not what main brought.
    git_repo.git("merge", "-q", "--no-commit", "main")
    text = (git_repo.root / "lines.py").read_text()
    git_repo.write("lines.py", text.replace("line4 = 4", "line4 = 'in the merge'"))
    git_repo.commit("Merge branch 'main' into feat/f")
    in_merge = run_hook(stop_event(git_repo.root))
    assert in_merge.code == 2, in_merge.err
    assert "no active handoff (its work: lines.py); write one" in in_merge.err
    git_repo.git("reset", "-q", "--hard", "HEAD~1")
    # A real edit of the same file after the finish, then a clean merge of main: reopened.
    git_repo.write(
        "lines.py", LINES.replace("line1 = 1", "line1 = 'b'").replace("line2 = 2", "line2 = 'b'")
    )
    git_repo.commit("branch: more work")
    _main_changes_last_line(git_repo, "two")
    git_repo.git("merge", "-q", "--no-edit", "main")
    reopened = run_hook(stop_event(git_repo.root))
    assert reopened.code == 2, reopened.err
    assert "no active handoff (its work: lines.py); write one" in reopened.err


def _conflicting_merge_of_main(repo: GitRepo, run_cli: Run) -> None:
    """feat/f appends a function to lines.py and finishes; main appends another at the same
    place: `git merge main` stops on a conflict in lines.py."""
    repo.write("lines.py", LINES)
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/f")
    repo.write("lines.py", LINES + "\ndef power(a, b):\n    return a ** b\n")
    repo.commit("power")
    _hand_over_and_archive(repo, run_cli, "Added power().")
    repo.git("switch", "-q", "main")
    repo.write("lines.py", LINES + "\ndef div(a, b):\n    return a / b\n")
    repo.commit("teammate: div")
    repo.git("switch", "-q", "feat/f")
    stopped = subprocess.run(["git", "merge", "main"], cwd=repo.root, capture_output=True)
    assert stopped.returncode != 0
    assert "UU lines.py" in repo.git("status", "--porcelain")


def test_a_conflict_resolved_by_keeping_both_sides_keeps_a_finished_branch_finished(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 57-3 M4: the hook asked a finished branch that merged main, its conflict resolved
    by keeping both functions, for a new packet, while the gate passed; obeying it, the gate
    then failed active-in-merge."""
    _conflicting_merge_of_main(git_repo, run_cli)
    both = "\ndef power(a, b):\n    return a ** b\n\ndef div(a, b):\n    return a / b\n"
    git_repo.write("lines.py", LINES + both)
    git_repo.git("add", "lines.py")
    git_repo.git("commit", "-q", "--no-edit")
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 0, stopped.err
    assert "feat/f has handed its work over: handoff.json is archived" in stopped.err
    checked = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert checked.code == 0, checked.out + checked.err
    # A resolution that writes code neither side had is the branch's work: reopened.
    git_repo.git("reset", "-q", "--hard", "HEAD~1")
    subprocess.run(["git", "merge", "main"], cwd=git_repo.root, capture_output=True)
    git_repo.write("lines.py", LINES + both + "\ndef mod(a, b):\n    return a % b\n")
    git_repo.git("add", "lines.py")
    git_repo.git("commit", "-q", "--no-edit")
    reopened = run_hook(stop_event(git_repo.root))
    assert reopened.code == 2, reopened.err
    assert "no active handoff (its work: lines.py); write one" in reopened.err


def _hand_over_and_archive(repo: GitRepo, run_cli: Run, summary: str) -> None:
    """The branch's packet written with ``summary``, committed, then archived and committed."""
    made = run_cli(
        ["new", "--summary", summary, "--next-action", "Merge the pull request.",
         "--verdict-pointer", "lines.py"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit("handoff")
    assert run_cli(["archive"], cwd=repo.root).code == 0
    repo.commit("handoff: done")
