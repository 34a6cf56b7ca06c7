"""A rebase stopped on a conflict in the handoff files: not a plain detached HEAD. The real
`show`, SessionStart and Stop hook, in a real repository, and the printed fixes followed."""

from __future__ import annotations

import json
import subprocess

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from test_agent_conflict import conflicted


def rebasing(repo: GitRepo) -> GitRepo:
    """feat/x rebased onto a main that holds feat/y's archived packet: stopped on a conflict."""
    conflicted(repo)
    repo.git("merge", "--abort")
    done = subprocess.run(["git", "rebase", "-q", "main"], cwd=repo.root, capture_output=True)
    assert done.returncode != 0
    assert (repo.root / ".git" / "rebase-merge" / "head-name").is_file()
    return repo


def test_show_and_session_start_name_the_rebase_and_never_git_switch(git_repo: GitRepo) -> None:
    """The rebase is named first, then the branch's handoff as a stopped cherry-pick gives it:
    its packet as the branch's tip holds it, the work tree's being mid-rewrite (conflicted),
    and said so; SessionStart does not fire again after the rebase."""
    repo = rebasing(git_repo)
    show = subprocess.run(["handoff-audit", "show"], cwd=repo.root, capture_output=True, text=True)
    said = show.stdout + show.stderr
    assert show.returncode == 0, said
    assert "A rebase of branch feat/x is in progress" in said
    assert "handoff.json, handoff.md" in said
    assert "git rebase --continue" in said and "git rebase --abort" in said
    assert "git switch" not in said and "no active handoff packet" not in said
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "resume"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    for text in (show.stdout, context):
        lines = text.splitlines()
        assert lines[0].startswith("A rebase of branch feat/x is in progress"), text
        assert lines[0].endswith("the branch's handoff follows."), text
        assert lines[1].startswith(
            "Warning: the packet as branch feat/x had it before the rebase (at its tip, "
        ), text
        assert "the work tree's copy is mid-rewrite" in lines[1], text
        assert lines[2] == "Next action: Extend x.py.", text
        assert "(handoff.json, the active packet of branch feat/x)" in text
        assert "- unknown: branch feat/x's rebase is stopped midway" in text
    assert "git switch" not in context and "no active handoff packet" not in context


def test_the_stop_hook_blocks_mid_rebase_and_its_fixes_finish_it(git_repo: GitRepo) -> None:
    repo = rebasing(git_repo)
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert "merge conflict in handoff.json, handoff.md" in run.err
    assert "a rebase of branch feat/x is in progress" in run.err
    assert "git switch" not in run.err and "git commit" not in run.err
    fixes = [line.split("fix: ", 1)[1] for line in run.lines if line.startswith("  fix: ")]
    # feat/y's archived packet, main's side (stage 2 in a rebase), is saved first.
    assert fixes[0].startswith("mkdir -p .handoff && git show :2:handoff.json > .handoff/")
    assert "&& git checkout REBASE_HEAD -- handoff.json && handoff-audit render" in fixes[0]
    assert fixes[1] == "GIT_EDITOR=true git rebase --continue"
    for fix in fixes:
        done = run_fix(repo.root, fix)
        assert done.returncode == 0, done.stderr
    assert repo.git("branch", "--show-current") == "feat/x"
    kept = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert (kept["branch"], kept["status"]) == ("feat/x", "active")
    again = run_hook(stop_event(repo.root))
    assert "in progress" not in again.err and "merge conflict" not in again.err


def test_mid_rebase_without_conflicts_the_hook_says_continue(git_repo: GitRepo) -> None:
    repo = rebasing(git_repo)
    run_fix(repo.root, "git checkout REBASE_HEAD -- handoff.json handoff.md && git add -A")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert "merge conflict" not in run.err
    assert the_command(run.err, "fix: ") == "GIT_EDITOR=true git rebase --continue"
