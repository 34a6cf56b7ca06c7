"""`show` and the `SessionStart` hook on a detached HEAD (`git checkout --detach`, as CI and
`git bisect` leave it): they say HEAD is detached and name the active packets in the tree, each
with its branch and the command that checks it out, or say there is none. The real console
script, real repositories."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from agent_support import feature_repo, run_fix, run_hook
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.markdown import render_packet

BRANCH = "feat/refunds"
NEXT = "Round GBP refunds in src/refunds.py."


def write_packet(repo: GitRepo, branch: str, next_action: str, name: str) -> None:
    data = packet(branch, repo.head(), next_action=next_action)
    repo.write(name, json.dumps(data, indent=2) + "\n")
    repo.write(name[: -len(".json")] + ".md", render_packet(data))


def show(root: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "handoff-audit"
    return subprocess.run(
        [str(script), "show"], cwd=root, capture_output=True, text=True, check=False
    )


def session_start(root: Path) -> str:
    event = {
        "session_id": "0a1b2c3d-session",
        "transcript_path": str(root / "no-transcript.jsonl"),
        "cwd": str(root),
        "hook_event_name": "SessionStart",
        "source": "startup",
    }
    run = run_hook(event)
    assert run.code == 0, run.err
    assert run.out, "SessionStart gave the session nothing"
    context: str = json.loads(run.out)["hookSpecificOutput"]["additionalContext"]
    return context


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    repo = feature_repo(git_repo, BRANCH)
    write_packet(repo, BRANCH, NEXT, "handoff.json")
    repo.commit("handoff")
    repo.git("checkout", "-q", "--detach")
    return repo


def test_show_on_a_detached_head_names_the_active_packet_and_its_branch(repo: GitRepo) -> None:
    done = show(repo.root)
    assert done.returncode == 1, done.stderr
    assert "HEAD is detached" in done.stderr
    assert "handoff.json (branch feat/refunds)" in done.stdout
    assert "git switch feat/refunds" in done.stdout
    assert NEXT in done.stdout
    # Following it: the branch is checked out, and its brief shown.
    switch = next(line for line in done.stdout.splitlines() if "git switch" in line)
    command = "git switch " + switch.split("git switch ", 1)[1].split(";")[0].strip()
    assert run_fix(repo.root, command).returncode == 0
    again = show(repo.root)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"Next action: {NEXT}")


def test_session_start_on_a_detached_head_hands_over_what_is_there(repo: GitRepo) -> None:
    context = session_start(repo.root)
    assert "HEAD is detached" in context
    assert "handoff.json (branch feat/refunds)" in context
    assert "git switch feat/refunds" in context
    assert NEXT in context


def test_every_active_packet_is_named_with_its_own_branch(repo: GitRepo) -> None:
    repo.git("switch", "-q", "-c", "feat/invoices")
    write_packet(repo, "feat/invoices", "Number invoices per year.", ".handoff/invoices.json")
    repo.commit("invoices handoff")
    repo.git("checkout", "-q", "--detach")
    done = show(repo.root)
    for said in (done.stdout, session_start(repo.root)):
        assert "handoff.json (branch feat/refunds)" in said
        assert ".handoff/invoices.json (branch feat/invoices)" in said
        assert "git switch feat/refunds" in said
        assert "git switch feat/invoices" in said


def test_a_detached_head_without_an_active_packet_says_there_is_none(git_repo: GitRepo) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "--detach")
    done = show(git_repo.root)
    assert done.returncode == 1
    assert "HEAD is detached" in done.stderr
    assert "no active handoff packet" in done.stdout
    context = session_start(git_repo.root)
    assert "HEAD is detached" in context
    assert "no active handoff packet" in context


def switch_lines(said: str) -> list[str]:
    return [line for line in said.splitlines() if "(branch " in line]


def test_a_branch_that_reads_as_an_option_gets_no_command(repo: GitRepo) -> None:
    """A pull request's packet with ``"branch": "--orphan=resume"``: following `git switch
    --orphan=resume` would empty the work tree. Even a ref of that name (`update-ref` makes one)
    gets no command."""
    hostile = "--orphan=resume"
    write_packet(repo, hostile, "Resume the work.", ".handoff/hostile.json")
    write_packet(repo, "-c", "Create it.", ".handoff/create.json")
    repo.commit("hostile packets")
    repo.git("update-ref", f"refs/heads/{hostile}", "HEAD")
    repo.git("checkout", "-q", "--detach")
    done = show(repo.root)
    for said in (done.stdout, session_start(repo.root)):
        lines = switch_lines(said)
        mine = "handoff.json (branch feat/refunds): git switch feat/refunds"
        assert any(mine in line for line in lines)
        for path in (".handoff/hostile.json", ".handoff/create.json"):
            line = next(x for x in lines if x.startswith(path))
            assert "does not exist here" in line
            assert "git switch" not in line
    assert (repo.root / "src/refunds.py").exists()


def test_a_deleted_branch_gets_no_command_and_a_remote_one_is_tracked(repo: GitRepo) -> None:
    """A branch deleted after its merge is said not to exist; one only on the remote gets
    `git switch --track origin/NAME`, which works as printed."""
    write_packet(repo, "feat/gone", "Finish the gone work.", ".handoff/gone.json")
    write_packet(repo, "feat/remote", "Finish the remote work.", ".handoff/remote.json")
    repo.commit("more packets")
    origin = repo.root.parent / "origin.git"
    repo.git("init", "-q", "--bare", str(origin))
    repo.git("remote", "add", "origin", str(origin))
    repo.git("push", "-q", "origin", "HEAD:refs/heads/feat/remote")
    repo.git("fetch", "-q", "origin")
    repo.git("checkout", "-q", "--detach")
    done = show(repo.root)
    lines = switch_lines(done.stdout)
    gone = next(x for x in lines if x.startswith(".handoff/gone.json"))
    assert "feat/gone): that branch does not exist here" in gone
    assert "git switch" not in gone
    remote = next(x for x in lines if x.startswith(".handoff/remote.json"))
    command = "git switch " + remote.split("git switch ", 1)[1].split(";")[0].strip()
    assert command == "git switch --track origin/feat/remote"
    assert run_fix(repo.root, command).returncode == 0
    assert repo.git("branch", "--show-current").strip() == "feat/remote"


def test_an_older_commit_checked_out_gives_its_packet_as_that_commit_holds_it(
    repo: GitRepo,
) -> None:
    """`git checkout HEAD~2` to bisect: the packet there is that commit's, not branch
    feat/refunds' own; the tip's next action is given beside it, and a finished one said so."""
    repo.git("switch", "-q", BRANCH)
    write_packet(repo, BRANCH, "Bisect the rounding regression.", "handoff.json")
    repo.commit("handoff: bisect")
    repo.write("src/more.py", "x = 1\n")
    repo.commit("more")
    repo.git("checkout", "-q", "HEAD~2")
    for said in (show(repo.root).stdout, session_start(repo.root)):
        line = next(each for each in said.splitlines() if "(branch feat/refunds)" in each)
        assert f"its next action as the commit checked out holds it: {NEXT}" in line, said
        assert line.endswith(
            "at the tip of branch feat/refunds its next action is: Bisect the rounding regression."
        ), said
    repo.git("checkout", "-q", f"{BRANCH}~1")  # the tip's packet: nothing more to say
    for said in (show(repo.root).stdout, session_start(repo.root)):
        line = next(each for each in said.splitlines() if "(branch feat/refunds)" in each)
        assert line.endswith("holds it: Bisect the rounding regression."), said
    repo.git("switch", "-q", BRANCH)
    data = json.loads((repo.root / "handoff.json").read_text())
    data["status"] = "archived"
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))
    repo.commit("handoff: archive")
    repo.git("checkout", "-q", "HEAD~3")
    for said in (show(repo.root).stdout, session_start(repo.root)):
        assert "at the tip of branch feat/refunds it is archived" in said, said
