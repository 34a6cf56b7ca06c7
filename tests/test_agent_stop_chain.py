"""The Stop hook's blocks in a row of one session (Claude Code's ``stop_hook_active`` chain):
each stop is judged again, up to ``agent-hook.max-blocks`` blocks, then the session is let go
with one line saying what is still wrong. The count lives in git's folder, not the work tree."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from agent_support import feature_repo, run_hook, stop_event
from conftest import GitRepo
from git_helpers import packet
from handoff_audit.authoring.stop_count import release_chain
from handoff_audit.markdown import render_packet

BRANCH = "feat/refunds"


@pytest.fixture
def repo(git_repo: GitRepo) -> GitRepo:
    return feature_repo(git_repo, BRANCH)


def _write_packet(repo: GitRepo) -> None:
    data = packet(BRANCH, repo.head(), changed_files=["src/refunds.py"])
    repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    repo.write("handoff.md", render_packet(data))


def _counts(repo: GitRepo) -> list[Path]:
    folder = repo.root / ".git" / "handoff-audit" / "stop-blocks"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def test_a_packet_written_but_not_committed_is_blocked_again_after_a_block(repo: GitRepo) -> None:
    """Review 53-1: after one block, every stop with stop_hook_active was let go, so an agent
    that ran `new` and did not commit ended with `?? handoff.json ?? handoff.md`."""
    first = run_hook(stop_event(repo.root))
    assert first.code == 2, first.err
    _write_packet(repo)
    again = run_hook(stop_event(repo.root, active=True))
    assert again.code == 2, again.err
    assert "handoff.json" in again.err
    assert "commit" in again.lines[-1]
    # The count is in git's folder: the work tree holds only the agent's files.
    assert len(_counts(repo)) == 1
    assert "handoff-audit" not in repo.git("status", "--porcelain", "--ignored")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "handoff")
    done = run_hook(stop_event(repo.root, active=True))
    assert done.code == 0, done.err
    assert _counts(repo) == []


def test_the_blocks_in_a_row_are_bounded_and_the_last_stop_says_what_is_wrong(
    repo: GitRepo,
) -> None:
    codes = [run_hook(stop_event(repo.root, active=n > 0)).code for n in range(3)]
    assert codes == [2, 2, 2]
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    assert len(let_go.lines) == 1
    assert "blocked 3 times in a row (agent-hook.max-blocks: 3)" in let_go.said
    assert "no active handoff (its work: src/refunds.py)" in let_go.said
    assert "Traceback" not in let_go.err
    # A stop the agent makes later, of its own accord, starts a new chain.
    assert run_hook(stop_event(repo.root)).code == 2


def test_max_blocks_is_configured_under_agent_hook(repo: GitRepo) -> None:
    repo.write(".handoff-audit.yml", "agent-hook:\n  max-blocks: 1\n")
    repo.commit("configure the hook")
    assert run_hook(stop_event(repo.root)).code == 2
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    assert "blocked 1 times in a row (agent-hook.max-blocks: 1)" in let_go.said


def test_a_wrong_max_blocks_of_the_branch_names_the_key_within_the_default_bound(
    repo: GitRepo,
) -> None:
    repo.write(".handoff-audit.yml", "agent-hook:\n  max-blocks: 0\n")
    runs = [run_hook(stop_event(repo.root, active=n > 0)) for n in range(4)]
    assert [run.code for run in runs] == [2, 2, 2, 0], runs[0].err
    assert "agent-hook.max-blocks" in runs[0].lines[1]
    assert "Traceback" not in runs[0].err
    assert len(runs[3].lines) == 1


def test_without_a_session_id_a_stop_after_a_block_is_let_go(repo: GitRepo) -> None:
    event = stop_event(repo.root, active=True)
    del event["session_id"]
    run = run_hook(event)
    assert run.code == 0
    assert "stop_hook_active" in run.said
    assert "no active handoff (its work: src/refunds.py)" in run.said
    assert _counts(repo) == []


def test_a_subagents_stops_do_not_restart_the_main_chain(repo: GitRepo) -> None:
    """Review 53-3: SubagentStop events carry the main session's session_id; one with
    stop_hook_active false started the count anew, so Stop, then (SubagentStop, Stop) in turn,
    blocked the main session's stop without bound. Each event's chain is counted apart."""

    def stop(event: str, active: bool) -> int:
        return run_hook(stop_event(repo.root, event=event, active=active)).code

    main = [stop("Stop", False), stop("Stop", True)]
    for _ in range(3):
        assert stop("SubagentStop", False) == 2
        main.append(stop("Stop", True))
    # Three blocks in a row, then let go; a stop after that follows another hook's block, in
    # the chain that was let go: let go too.
    assert main == [2, 2, 2, 0, 0], main
    # The subagent's chain is bounded on its own.
    assert [stop("SubagentStop", True) for _ in range(3)] == [2, 2, 0]


def test_parallel_subagents_each_have_a_chain_of_their_own(repo: GitRepo) -> None:
    """Parallel subagents share the session id; their SubagentStop events carry each one's
    agent_id. Alternating stops of two subagents were one chain, so each was let go after
    fewer than agent-hook.max-blocks blocks of its own."""

    def stop(agent: str, active: bool) -> int:
        event = stop_event(repo.root, event="SubagentStop", active=active)
        event["agent_id"] = agent
        return run_hook(event).code

    codes = [stop("A", False), stop("B", False)]
    for _ in range(3):
        codes += [stop("A", True), stop("B", True)]
    # Each is blocked three times in a row (agent-hook.max-blocks: 3), then let go.
    assert codes == [2, 2, 2, 2, 2, 2, 0, 0], codes
    assert [stop("A", True), stop("B", True)] == [0, 0]


def test_a_stop_after_another_hooks_block_is_judged_and_counted_from_nothing(
    repo: GitRepo,
) -> None:
    """After a block by another Stop hook (stop_hook_active true, no count of ours kept), the
    stop was let go unjudged; it is judged, and the bound still ends the chain."""
    codes = [run_hook(stop_event(repo.root, active=True)).code for _ in range(3)]
    assert codes == [2, 2, 2]
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    assert "blocked 3 times in a row (agent-hook.max-blocks: 3)" in let_go.said


def test_a_chain_let_go_at_the_bound_stays_let_go_after_another_hooks_block(
    repo: GitRepo,
) -> None:
    """Re-review 54-4: the count was deleted when the chain was let go, so the next stop of it
    (stop_hook_active: another Stop hook blocked) counted from 0 and was blocked again: with a
    second hook of the same guard, out of phase, the session never ended."""
    codes = [run_hook(stop_event(repo.root, active=n > 0)).code for n in range(7)]
    assert codes == [2, 2, 2, 0, 0, 0, 0], codes
    again = run_hook(stop_event(repo.root, active=True))
    assert "let go after 3 blocks in a row (agent-hook.max-blocks: 3)" in again.said
    assert "no active handoff (its work: src/refunds.py)" in again.said
    assert len(again.lines) == 1
    # A stop that follows no block starts a new chain, blocked again up to the bound.
    anew = [run_hook(stop_event(repo.root, active=n > 0)).code for n in range(5)]
    assert anew == [2, 2, 2, 0, 0], anew


def test_two_hooks_blocking_out_of_phase_let_the_session_end(repo: GitRepo) -> None:
    """Another Stop hook with the same bound, one stop behind: the stop is active whenever
    either blocked the last one; both let go within the two bounds."""
    other = 0  # the other hook's blocks in a row
    active, ours, stops = False, [], 0
    while stops < 12:
        code = run_hook(stop_event(repo.root, active=active)).code
        other = 0 if not active else other
        theirs = stops > 0 and other < 3
        other += theirs
        ours.append(code)
        stops += 1
        active = code == 2 or theirs
        if not active:
            break
    assert ours == [2, 2, 2, 0, 0], ours


def test_a_stop_after_a_block_is_let_go_when_no_count_can_be_kept(repo: GitRepo) -> None:
    # A file where the count's folder goes: no count can be written, even by root.
    (repo.root / ".git" / "handoff-audit").mkdir()
    (repo.root / ".git" / "handoff-audit" / "stop-blocks").write_text("x\n", encoding="utf-8")
    assert run_hook(stop_event(repo.root)).code == 2
    let_go = run_hook(stop_event(repo.root, active=True))
    assert let_go.code == 0, let_go.err
    assert len(let_go.lines) == 1
    assert "no count of this session's blocks can be kept" in let_go.said
    assert "no active handoff (its work: src/refunds.py)" in let_go.said


def test_letting_a_chain_go_removes_week_old_chain_files_and_nothing_else(repo: GitRepo) -> None:
    """Each chain let go kept its `released` mark forever, one more file in `.git` per session
    and subagent. Writing a mark removes the chains' files (marks, and counts a session ended
    while blocked left) unchanged for 7 days; a newer one, or any other file, stays."""
    folder = repo.root / ".git" / "handoff-audit" / "stop-blocks"
    folder.mkdir(parents=True)
    week_old = time.time() - 8 * 86400
    files = {
        "a" * 32: b"released",
        "b" * 32: b"2",
        "c" * 32: b"released",
        "d" * 32: b"not ours",
        "notes.txt": b"released",
    }
    for name, content in files.items():
        (folder / name).write_bytes(content)
        os.utime(folder / name, (week_old, week_old))
    fresh = time.time() - 6 * 86400
    os.utime(folder / ("c" * 32), (fresh, fresh))
    (folder / ("e" * 32)).mkdir()
    os.utime(folder / ("e" * 32), (week_old, week_old))
    codes = [run_hook(stop_event(repo.root, active=n > 0)).code for n in range(4)]
    assert codes == [2, 2, 2, 0], codes
    left = {path.name for path in _counts(repo)}
    assert {"a" * 32, "b" * 32}.isdisjoint(left), left
    assert {"c" * 32, "d" * 32, "e" * 32, "notes.txt"} <= left, left
    # The chain let go now has its mark, and stays let go.
    [mark] = [path for path in _counts(repo) if path.name not in files and path.is_file()]
    assert mark.read_bytes() == b"released"
    assert run_hook(stop_event(repo.root, active=True)).code == 0


def test_one_mark_written_looks_at_a_bounded_number_of_old_files(git_repo: GitRepo) -> None:
    """A folder of 300 week-old marks (before pruning, they piled up): one write removes at most
    256 of them, so a stop never waits on a large folder; the next writes remove the rest."""
    folder = git_repo.root / ".git" / "handoff-audit" / "stop-blocks"
    folder.mkdir(parents=True)
    week_old = time.time() - 8 * 86400
    for n in range(300):
        (folder / f"{n:032x}").write_bytes(b"released")
        os.utime(folder / f"{n:032x}", (week_old, week_old))
    release_chain(git_repo.root, "session-1")
    assert len(list(folder.iterdir())) == 300 - 256 + 1
    release_chain(git_repo.root, "session-2")
    assert len(list(folder.iterdir())) == 2


def test_old_files_behind_many_fresh_ones_are_still_pruned(git_repo: GitRepo) -> None:
    """300 fresh counts and 10 week-old marks: the old ones are found and removed whatever
    order the folder lists them in (a bound on the entries looked at, not on the old ones,
    stopped at the fresh ones first), and no fresh count is touched."""
    folder = git_repo.root / ".git" / "handoff-audit" / "stop-blocks"
    folder.mkdir(parents=True)
    week_old = time.time() - 8 * 86400
    for n in range(300):
        (folder / f"{n:032x}").write_bytes(b"1")
    for n in range(300, 310):
        (folder / f"{n:032x}").write_bytes(b"released")
        os.utime(folder / f"{n:032x}", (week_old, week_old))
    release_chain(git_repo.root, "session-1")
    left = {path.name for path in folder.iterdir()}
    assert not any(f"{n:032x}" in left for n in range(300, 310))
    assert all(f"{n:032x}" in left for n in range(300))
