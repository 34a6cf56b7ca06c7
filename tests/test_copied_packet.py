"""A packet copied from another branch, its `branch` field edited: none of the commits it
records (last known good, its test runs) is on this branch, another branch holds them. `check`
and the Stop hook ask whether it was copied, and `update --verify` without this branch's own
summary and next action does not make it pass. Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from agent_support import fill_in, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result
from handoff_audit.git import plumbing

Run = Callable[..., Result]


def _copied_from_feat_x(repo: GitRepo, run_cli: Run) -> list[str]:
    """feat/x's packet (two --verify runs) copied onto feat/z as feat/z's; feat/x's commits."""
    repo.write(".handoff-audit.yml", "verify: 'true'\n")
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/x")
    repo.write("inc.py", "def inc(a):\n    return a + 1\n")
    repo.commit("inc")
    made = run_cli(
        ["new", "--verify", "--summary", "Added inc().", "--next-action", "Add dec().",
         "--verdict-pointer", "inc.py"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit("handoff")
    assert run_cli(["update", "handoff.json", "--verify"], cwd=repo.root).code == 0
    repo.commit("handoff: verified")
    commits = repo.git("log", "--format=%H", "main..feat/x").split()
    repo.git("switch", "-q", "-c", "feat/z", "main")
    repo.write("neg.py", "def neg(a):\n    return -a\n")
    repo.commit("neg")
    for name in ("handoff.json", "handoff.md"):
        text = repo.git("show", f"feat/x:{name}").replace("feat/x", "feat/z")
        repo.write(name, text)
    repo.commit("handoff")
    return commits


def test_a_packet_copied_from_another_branch_is_flagged_until_rewritten(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 57-3 H2: the copy's lkg-unknown fix, `update --verify`, made it pass, and `show`
    handed feat/x's summary and next action over as feat/z's, its runs at feat/x's commits."""
    commits = _copied_from_feat_x(git_repo, run_cli)
    checked = run_cli(["check"], cwd=git_repo.root)
    assert checked.code == 1
    said = " ".join(checked.out.split())
    assert "copied from another branch?" in said, said
    assert "on feat/x" in said and any(sha[:12] in said for sha in commits), said
    stopped = run_hook(stop_event(git_repo.root))
    assert stopped.code == 2, stopped.err
    assert "copied from another branch?" in stopped.err
    fix = the_command(stopped.err, "fix: ")
    assert "--summary" in fix and "--next-action" in fix, fix
    # The packet's runs alone prove nothing of this branch: the bare refresh is refused.
    before = (git_repo.root / "handoff.json").read_bytes()
    bare = run_cli(["update", "handoff.json", "--verify"], cwd=git_repo.root)
    assert bare.code == 2, bare.err
    assert "copied from another branch?" in bare.err and "--summary" in bare.err
    assert (git_repo.root / "handoff.json").read_bytes() == before
    assert run_hook(stop_event(git_repo.root)).code == 2
    # The hook's fix, filled in: this branch's own packet, without feat/x's runs.
    answers = {
        "<what this branch did>": "Added neg().",
        "<the next step now, after those commits>": "Test neg().",
    }
    done = run_fix(git_repo.root, fill_in(fix, answers))
    assert done.returncode == 0, done.stderr
    data = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert data["summary"] == "Added neg()." and data["next_action"] == "Test neg()."
    assert not any(sha[:12] in json.dumps(data) for sha in commits), data
    git_repo.commit("handoff: feat/z's own")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert "copied" not in run_cli(["check"], cwd=git_repo.root).out


def test_commits_no_other_branch_holds_are_no_copy(git_repo: GitRepo, run_cli: Run) -> None:
    """As after a rebase, the packet's commits are off the history but on no other branch:
    `lkg-unknown` as before, and `update --verify` proves HEAD."""
    _copied_from_feat_x(git_repo, run_cli)
    git_repo.git("branch", "-D", "-q", "feat/x")
    checked = run_cli(["check"], cwd=git_repo.root)
    assert "lkg-unknown" in checked.out and "copied" not in checked.out, checked.out
    assert run_cli(["update", "handoff.json", "--verify"], cwd=git_repo.root).code == 0


def _copies_checked(repo: GitRepo, run_cli: Run, copies: int) -> tuple[int, int]:
    """feat/x's packet copied ``copies`` more times onto feat/z, as topics of its own: the
    git processes of `check`, and how many packets it asks "copied from another branch?"."""
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    for i in range(copies):
        repo.write(f".handoff/copy{i}.json", json.dumps({**data, "topic": f"copy{i}"}))
    repo.commit(f"{copies} copies")
    before = plumbing.spawn_count()
    checked = run_cli(["check", "--format", "json"], cwd=repo.root)
    spawned = plumbing.spawn_count() - before
    found = [f for f in checked.json()["findings"] if "copied from another branch?" in f["message"]]
    return spawned, len(found)


def test_copied_packets_cost_the_same_git_processes_however_many(
    tmp_path: Path, run_cli: Run
) -> None:
    """Review 58: the copy check ran a rev-parse, a merge-base per recorded commit and a
    for-each-ref for each copied packet; it is asked once for all of them."""
    one, four = GitRepo(tmp_path / "one"), GitRepo(tmp_path / "four")
    _copied_from_feat_x(one, run_cli)
    _copied_from_feat_x(four, run_cli)
    spawned_one, found_one = _copies_checked(one, run_cli, 1)
    spawned_four, found_four = _copies_checked(four, run_cli, 4)
    assert (found_one, found_four) == (2, 5)
    assert spawned_one == spawned_four
