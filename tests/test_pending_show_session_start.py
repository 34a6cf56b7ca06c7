"""A git operation left midway with nothing to resolve (a `git bisect` left running, a
cherry-pick sequence between two picks, a `git am` stopped on a patch): `show` and the
SessionStart hook name it first, with the command the Stop hook prints to finish it, and never
`git switch`; the real commands in real repositories, from a subfolder, and the command they
print run as printed from there."""

from __future__ import annotations

import json
import os
import re
import subprocess

from agent_support import diverged, run_fix, run_hook
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet
from test_agent_session_start import claude_start

NEXT = "Find the commit that broke d.py."


def _repo(repo: GitRepo) -> GitRepo:
    """main: a.py, c.py, d.py and sub/; `other` changes c.py (A), a.py (B), d.py (C); `feat`
    changes a.py, writes its packet, then three commits more."""
    diverged(repo, with_packet=False, subfolder=True)
    data = packet("feat", repo.head(), next_action=NEXT)
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff")
    for number in (3, 4, 5):
        repo.write(f"sub/f{number}.txt", f"{number}\n")
        repo.commit(f"f{number}")
    return repo


def _git(repo: GitRepo, *args: str) -> int:
    return subprocess.run(["git", *args], cwd=repo.root, capture_output=True).returncode


def _opens_on_next(shown: str) -> bool:
    """The brief opens on its next action, after the line saying that commits with work came
    after the packet, if any."""
    lines = shown.splitlines()
    return lines[int(lines[0].startswith("Stale: "))] == f"Next action: {NEXT}"


def _show(repo: GitRepo, *args: str) -> subprocess.CompletedProcess[str]:
    return run_fix(repo.root / "sub", " ".join(["handoff-audit", "show", *args]))


def _context(repo: GitRepo) -> str:
    start = run_hook(claude_start(repo.root / "sub"))
    assert start.code == 0, start.err
    context: str = json.loads(start.out)["hookSpecificOutput"]["additionalContext"]
    return context


def _finish(repo: GitRepo, said: str) -> None:
    """Run the command the first line names, as printed, from the subfolder."""
    found = re.search(r"finish it: run `([^`]+)`", said.splitlines()[0])
    assert found, said
    done = run_fix(repo.root / "sub", found.group(1))
    assert done.returncode == 0, (found.group(1), done.stdout, done.stderr)


def test_a_bisect_left_running_is_named_first_and_git_switch_never_printed(
    git_repo: GitRepo,
) -> None:
    """With a bisect running, SessionStart said HEAD was detached and printed `git switch feat`
    (git warns: switching branch while bisecting, and leaves the bisect behind)."""
    repo = _repo(git_repo)
    assert _git(repo, "bisect", "start", "HEAD", "HEAD~3") == 0
    assert (repo.root / "sub" / "f3.txt").exists()  # the packet is in the tree checked out
    show = _show(repo)
    assert show.returncode == 1, show.stderr
    first = show.stdout.splitlines()[0]
    assert first.startswith("A `git bisect` is left running"), show.stdout
    assert 'git -C "$(git rev-parse --show-toplevel)" bisect reset' in first
    assert "git switch" not in show.stdout + show.stderr
    assert f"handoff.json (branch feat); its next action: {NEXT}" in show.stdout
    context = _context(repo)
    assert context.splitlines()[0] == first, context
    assert "git switch" not in context and f"its next action: {NEXT}" in context
    hook = run_hook(claude_start(repo.root / "sub") | {"hook_event_name": "Stop"})
    assert "fix: " + first.split("run `")[1].split("`")[0] in hook.err, hook.err
    _finish(repo, context)
    assert not (repo.root / ".git" / "BISECT_LOG").exists()
    assert repo.git("branch", "--show-current") == "feat"
    after = _show(repo)
    assert after.returncode == 0 and _opens_on_next(after.stdout), after


def test_a_cherry_pick_sequence_between_two_picks_is_named_before_the_brief(
    git_repo: GitRepo,
) -> None:
    """`git cherry-pick A B C` stopped on B, committed by hand: the sequencer still holds C;
    `show` and SessionStart gave the branch's brief as if nothing were under way."""
    repo = _repo(git_repo)
    assert _git(repo, "cherry-pick", "other~2", "other~1", "other") != 0
    repo.write("a.py", "a = 4\n")
    repo.git("add", "a.py")
    assert _git(repo, "commit", "-q", "--no-edit") == 0
    show = _show(repo)
    assert show.returncode == 0, show.stderr
    lines = show.stdout.splitlines()
    assert lines[0].startswith("A `git cherry-pick` of several commits is left midway"), lines
    assert "run `GIT_EDITOR=true git cherry-pick --continue`" in lines[0]
    assert lines[1].startswith("Stale: ") and lines[2] == f"Next action: {NEXT}", lines
    as_json = _show(repo, "--format", "json")
    assert NEXT in json.dumps(json.loads(as_json.stdout))
    assert as_json.stderr.startswith("A `git cherry-pick` of several"), as_json.stderr
    context = _context(repo)
    assert context.splitlines()[:3] == lines[:3], context
    _finish(repo, show.stdout)
    assert not (repo.root / ".git" / "sequencer").exists()
    assert repo.git("show", "HEAD:d.py") == "d = 2"
    assert _opens_on_next(_show(repo).stdout)


def test_a_git_am_stopped_on_a_patch_is_named_first(git_repo: GitRepo) -> None:
    """`git am` stopped on a patch that does not apply: `show` and SessionStart said nothing."""
    repo = _repo(git_repo)
    patch = repo.root.parent / "b.patch"
    patch.write_text(repo.git("format-patch", "-1", "--stdout", "other~1") + "\n")
    assert _git(repo, "am", str(patch)) != 0
    show = _show(repo)
    first = show.stdout.splitlines()[0]
    assert first.startswith("A `git am` is stopped on a patch"), show.stdout
    assert "run `git am --abort`" in first and "git am --continue" in first
    assert _context(repo).splitlines()[0] == first
    _finish(repo, first)
    assert not (repo.root / ".git" / "rebase-apply").exists()
    assert _opens_on_next(_show(repo).stdout)


def test_a_rebase_edit_stop_with_changes_not_staged_stages_them_before_continue(
    git_repo: GitRepo,
) -> None:
    """At a rebase's edit stop with a change not staged, `show` and SessionStart printed a bare
    `git rebase --continue`, which git refuses; the Stop hook stages the files first."""
    repo = _repo(git_repo)
    editor = {**os.environ, "GIT_SEQUENCE_EDITOR": "sed -i '1s/^pick/edit/'"}
    rebase = ["git", "rebase", "-i", "HEAD~2"]
    assert subprocess.run(rebase, cwd=repo.root, env=editor, capture_output=True).returncode == 0
    (repo.root / "sub" / "f4.txt").write_text("4\nmore\n")
    show = _show(repo)
    assert show.returncode == 0, show.stderr  # the branch's handoff follows the rebase's line
    first = show.stdout.splitlines()[0]
    assert first.startswith("A rebase of branch feat is in progress"), show.stdout
    assert f"Next action: {NEXT}" in show.stdout
    assert "as branch feat had it before the rebase, as the work tree holds it" in show.stdout
    assert "changes not staged in sub/f4.txt" in first
    assert _context(repo).splitlines()[0] == first
    command = re.search(r"then run `([^`]+)`", first)
    assert command and command.group(1).startswith("git add -- "), first
    done = run_fix(repo.root / "sub", command.group(1))
    assert done.returncode == 0, (command.group(1), done.stdout, done.stderr)
    assert not (repo.root / ".git" / "rebase-merge").exists()
    assert repo.git("branch", "--show-current") == "feat"
    assert repo.git("show", "HEAD~1:sub/f4.txt") == "4\nmore"


def test_a_bisect_on_a_branch_names_the_branch_and_its_packet_at_its_tip(
    git_repo: GitRepo,
) -> None:
    """A bisect on `feat` checked out a commit before its packet: `show` and SessionStart said
    the tree "holds no active handoff packet of any branch", naming neither feat nor its packet
    (whose next action is why the bisect runs)."""
    repo = _repo(git_repo)
    assert _git(repo, "bisect", "start", "feat~3", "main") == 0
    assert not (repo.root / "handoff.json").exists()  # checked out before the packet
    show = _show(repo)
    assert show.returncode == 1, show.stderr
    lines = show.stdout.splitlines()
    assert lines[0].startswith("A `git bisect` is left running"), show.stdout
    assert "checks out branch feat, where it started" in lines[0]
    assert lines[1].startswith("The bisect started on branch feat;"), show.stdout
    assert lines[2] == f"handoff.json (branch feat); its next action: {NEXT}", show.stdout
    assert "no active handoff packet" not in show.stdout
    context = _context(repo)
    assert context.splitlines()[:3] == lines[:3], context
    _finish(repo, context)
    assert repo.git("branch", "--show-current") == "feat"
    assert _opens_on_next(_show(repo).stdout)
