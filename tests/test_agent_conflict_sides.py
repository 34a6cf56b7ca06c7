"""A merge, rebase, cherry-pick or revert stopped on a conflict: the real Stop hook's printed
fixes, run as printed, in real repositories (delete/modify conflicts on the packet, a
cherry-pick left midway, a merge into the default branch, a merge that stages other files)."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet


def _write_packet(repo: GitRepo, branch: str, summary: str) -> None:
    data = packet(branch, repo.git("rev-parse", "HEAD").strip(), summary=summary)
    data["next_action"] = "Extend a.py."
    repo.write("handoff.json", data)
    repo.write("handoff.md", render_packet(data))


def _modified_and_deleted(repo: GitRepo) -> None:
    """main holds a packet; feat/keep rewrites it, feat/drop deletes it."""
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    _write_packet(repo, "main", "first")
    repo.commit("handoff")
    repo.git("switch", "-q", "-c", "feat/keep")
    repo.write("k.py", "k = 1\n")
    _write_packet(repo, "feat/keep", "kept")
    repo.commit("keep")
    repo.git("switch", "-q", "-c", "feat/drop", "main")
    repo.write("d.py", "d = 1\n")
    repo.git("rm", "-q", "--", "handoff.json", "handoff.md")
    repo.commit("drop the packet")


@pytest.mark.parametrize(
    ("branch", "command", "other", "code", "kept"),
    [
        ("feat/drop", "merge", "feat/keep", "DU", False),  # this branch deleted it
        ("feat/keep", "merge", "feat/drop", "UD", True),  # the other branch deleted it
        ("feat/drop", "rebase", "feat/keep", "UD", False),  # the replayed commit deleted it
        ("feat/keep", "rebase", "feat/drop", "DU", True),  # the branch rebased onto deleted it
    ],
)
def test_a_delete_modify_conflict_on_the_packet_gets_a_fix_that_works(
    git_repo: GitRepo, branch: str, command: str, other: str, code: str, kept: bool
) -> None:
    _modified_and_deleted(git_repo)
    git_repo.git("switch", "-q", branch)
    stopped = subprocess.run(["git", command, other], cwd=git_repo.root, capture_output=True)
    assert stopped.returncode != 0
    assert f"{code} handoff.json" in git_repo.git("status", "--porcelain")
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    first = the_command(run.err, "fix: ")
    done = run_fix(git_repo.root, first)
    assert done.returncode == 0, (first, done.stderr)
    status = git_repo.git("status", "--porcelain")
    assert not any(line[:2] in {"DU", "UD", "UU", "AA"} for line in status.splitlines()), status
    assert (git_repo.root / "handoff.json").exists() is kept
    again = run_hook(stop_event(git_repo.root))
    assert "merge conflict" not in again.err, again.err


def _finish(repo: GitRepo, limit: int = 4) -> list[str]:
    """Stop, run every printed fix in order (a file to resolve by hand takes this branch's
    lines), until the hook lets the session end; the fixes run."""
    ran: list[str] = []
    for _ in range(limit):
        run = run_hook(stop_event(repo.root))
        if run.code == 0:
            return ran
        for line in run.lines:
            if not line.startswith("  fix: ") and " by hand " not in line:
                continue
            command = line.removeprefix("  fix: ")
            if " by hand " in command:
                named = command.split(" by hand", 1)[0].split("resolve ")[-1]
                command = f"git checkout --ours -- {named} && git add -- {named}"
            command = re.sub(r'"<[^"]*>"', "'done'", command)
            done = run_fix(repo.root, command)
            assert done.returncode == 0, (command, done.stdout, done.stderr, run.err)
            ran.append(command)
    raise AssertionError(f"the hook still blocks after {ran}")


def test_a_cherry_pick_left_midway_blocks_and_its_printed_fixes_finish_it(
    git_repo: GitRepo,
) -> None:
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/w")
    _write_packet(git_repo, "feat/w", "w")
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "-c", "feat/z", "main")
    _write_packet(git_repo, "feat/z", "z")
    git_repo.commit("handoff")
    _write_packet(git_repo, "feat/z", "z refreshed")
    git_repo.commit("handoff: refresh")
    git_repo.git("switch", "-q", "feat/w")
    picked = subprocess.run(
        ["git", "cherry-pick", "feat/z"], cwd=git_repo.root, capture_output=True
    )
    assert picked.returncode != 0
    start = run_hook(stop_event(git_repo.root, event="SessionStart") | {"source": "resume"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert "A cherry-pick of commit" in context and "git cherry-pick --abort" in context
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2 and "a cherry-pick of commit" in run.err, run.err
    assert 'git commit -m "<what the merge brings>"' not in run.err
    ran = _finish(git_repo)
    assert ran[-1] == "git cherry-pick --skip"
    assert not (git_repo.root / ".git" / "CHERRY_PICK_HEAD").exists()


def test_a_merge_into_the_default_branch_left_on_conflicts_blocks(git_repo: GitRepo) -> None:
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    for name in ("feat/a", "feat/b"):
        git_repo.git("switch", "-q", "-c", name, "main")
        git_repo.write("a.py", f"a = {name!r}\n")
        _write_packet(git_repo, name, name)
        git_repo.commit(name)
    git_repo.git("switch", "-q", "main")
    git_repo.git("merge", "-q", "--no-ff", "feat/a", "-m", "merge a")
    merged = subprocess.run(["git", "merge", "--no-ff", "feat/b"], cwd=git_repo.root)
    assert merged.returncode != 0
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "merge conflict in a.py, handoff.json, handoff.md" in run.err
    assert "git merge --abort" in run.err
    ran = _finish(git_repo)
    assert ran[-1] == "git commit --no-edit"
    assert "<<<<<<<" not in (git_repo.root / "a.py").read_text(encoding="utf-8")
    assert not (git_repo.root / ".git" / "MERGE_HEAD").exists()


def test_a_merge_that_staged_other_files_is_committed_once(git_repo: GitRepo) -> None:
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    for name in ("feat/a", "feat/b"):
        git_repo.git("switch", "-q", "-c", name, "main")
        git_repo.write(f"{name[-1]}.py", "x = 1\n")
        _write_packet(git_repo, name, name)
        git_repo.commit(name)
    merged = subprocess.run(["git", "merge", "feat/a"], cwd=git_repo.root, capture_output=True)
    assert merged.returncode != 0
    assert "A  a.py" not in git_repo.git("status", "--porcelain")  # a.py was tracked on main
    git_repo.write("new.py", "n = 1\n")  # not the merge's: committed apart, after it
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "then commit" not in run.err
    ran = _finish(git_repo)
    assert "git commit --no-edit" in ran
    assert not (git_repo.root / ".git" / "MERGE_HEAD").exists()


@pytest.mark.parametrize("operation", ["merge", "rebase"])
def test_session_start_gives_the_stop_hook_s_whole_command_for_a_conflicted_packet(
    git_repo: GitRepo, operation: str
) -> None:
    from test_agent_conflict import conflicted
    from test_agent_rebase import rebasing

    repo = rebasing(git_repo) if operation == "rebase" else conflicted(git_repo)
    stop = run_hook(stop_event(repo.root))
    fix = the_command(stop.err, "fix: ")
    # The other side's archived packet of feat/y is saved first (`:2:` is its side in a rebase).
    stage, side = (2, "REBASE_HEAD") if operation == "rebase" else (3, "HEAD")
    assert fix.startswith(f"mkdir -p .handoff && git show :{stage}:handoff.json > .handoff/feat-y")
    assert f"&& git checkout {side} -- handoff.json" in fix
    start = run_hook(stop_event(repo.root, event="SessionStart") | {"source": "resume"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert fix in context, context  # whole, run from the top folder (`check`'s wording)
    assert "--ours" not in context and "&&…" not in context
    assert all(line.count("`") % 2 == 0 for line in context.splitlines()), context
    check = subprocess.run(
        ["handoff-audit", "check"], cwd=repo.root, capture_output=True, text=True
    )
    assert f'`(cd "$(git rev-parse --show-toplevel)" && {fix})`' in check.stdout, check.stdout
    done = run_fix(repo.root, fix)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("other", "finish"),
    [(False, "git cherry-pick --skip"), (True, "GIT_EDITOR=true git cherry-pick --continue")],
)
def test_session_start_names_the_stop_hook_s_command_that_finishes_a_pick(
    git_repo: GitRepo, other: bool, finish: str
) -> None:
    # SessionStart always said `git cherry-pick --continue`, which fails once keeping this
    # branch's packet empties the pick; the Stop hook said `--skip`. Both now name one command.
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/w")
    _write_packet(git_repo, "feat/w", "w")
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "-c", "feat/z", "main")
    _write_packet(git_repo, "feat/z", "z")
    git_repo.commit("handoff")
    _write_packet(git_repo, "feat/z", "z refreshed")
    if other:
        git_repo.write("z.py", "z = 1\n")
    git_repo.commit("handoff: refresh")
    git_repo.git("switch", "-q", "feat/w")
    picked = subprocess.run(
        ["git", "cherry-pick", "feat/z"], cwd=git_repo.root, capture_output=True
    )
    assert picked.returncode != 0
    start = run_hook(stop_event(git_repo.root, event="SessionStart") | {"source": "resume"})
    context = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    assert f"then run `{finish}`, or `git cherry-pick --abort`" in context, context
    ran = _finish(git_repo)
    assert finish in ran, ran
    assert not (git_repo.root / ".git" / "CHERRY_PICK_HEAD").exists()


@pytest.mark.parametrize("command", ["merge", "rebase"])
@pytest.mark.parametrize("here", ["changed", "deleted"])
def test_a_delete_modify_conflict_on_an_ordinary_file_names_the_command_that_resolves_it(
    git_repo: GitRepo, command: str, here: str
) -> None:
    """b.py deleted on one side and changed on the other: the hook told to delete conflict
    markers it has none of, then `git add`, which keeps the file even where this branch deleted
    it; it now names the file and the one command that keeps this branch's side (`git add` or
    `git rm`), and the other."""
    git_repo.write("a.py", "a = 1\n")
    git_repo.write("b.py", "b = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/x")
    git_repo.write("x.py", "x = 1\n")
    if here == "changed":
        git_repo.write("b.py", "b = 2\n")
    else:
        git_repo.git("rm", "-q", "b.py")
    git_repo.commit("x")
    _write_packet(git_repo, "feat/x", "x added")
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "main")
    if here == "changed":
        git_repo.git("rm", "-q", "b.py")
    else:
        git_repo.write("b.py", "b = 3\n")
    git_repo.commit("main's side")
    git_repo.git("switch", "-q", "feat/x")
    stopped = subprocess.run(["git", command, "main"], cwd=git_repo.root, capture_output=True)
    assert stopped.returncode != 0
    run = run_hook(stop_event(git_repo.root))
    assert run.code == 2, run.err
    assert "merge conflict in b.py: deleted on one side, changed on the other" in run.err
    assert "<<<<<<<" not in run.err
    first = the_command(run.err, "fix: ")
    assert first == ("git add -- b.py" if here == "changed" else "git rm -q -- b.py")
    other = "git rm -q -- b.py" if here == "changed" else "git add -- b.py"
    assert f"(`{other}` " in run.err
    done = run_fix(git_repo.root, first)
    assert done.returncode == 0, (first, done.stderr)
    status = git_repo.git("status", "--porcelain")
    assert not any(line[:2] in {"DU", "UD", "UU", "AA"} for line in status.splitlines()), status
    assert (git_repo.root / "b.py").exists() is (here == "changed")
    again = run_hook(stop_event(git_repo.root))
    assert "merge conflict" not in again.err, again.err


@pytest.mark.parametrize("here", ["changed", "deleted"])
def test_a_pick_emptied_by_keeping_this_side_of_a_delete_modify_conflict_is_skipped(
    git_repo: GitRepo, here: str
) -> None:
    """A cherry-pick whose only change is b.py, deleted on one side and changed on the other:
    the conflict's fix keeps this branch's side, which empties the pick, so the printed
    `--continue` failed after it; the hook prints `git cherry-pick --skip` from the start."""
    git_repo.write("a.py", "a = 1\n")
    git_repo.write("b.py", "b = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/d")
    if here == "changed":
        git_repo.write("b.py", "b = 2\n")
    else:
        git_repo.git("rm", "-q", "b.py")
    git_repo.commit("b")
    _write_packet(git_repo, "feat/d", "b handled")
    git_repo.commit("handoff")
    git_repo.git("switch", "-q", "main")
    if here == "changed":
        git_repo.git("rm", "-q", "b.py")
    else:
        git_repo.write("b.py", "b = 3\n")
    git_repo.commit("main's side")
    git_repo.git("switch", "-q", "feat/d")
    picked = subprocess.run(["git", "cherry-pick", "main"], cwd=git_repo.root, capture_output=True)
    assert picked.returncode != 0
    ran = _finish(git_repo, limit=2)
    assert ran[-1] == "git cherry-pick --skip", ran
    assert not (git_repo.root / ".git" / "CHERRY_PICK_HEAD").exists()
    assert (git_repo.root / "b.py").exists() is (here == "changed")
