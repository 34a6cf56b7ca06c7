"""Tests failing and `lkg-behind`: once the packet records the failing `--verify` run (the open
risk `update --verify` writes, exit 1) on a commit after which only handoff files changed, the
Stop hook lets the session end, as its fix was run; `check` still reports `lkg-behind`. A
packet that records no failure still blocks. Real repositories, the real CLI and hook."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import ANSWERS, fill_in, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _failing_branch(repo: GitRepo, run_cli: Run) -> None:
    """A packet written while the tests passed, then the tests broken and more commits than
    `max-commits-behind` allows."""
    repo.write(".handoff-audit.yml", "verify: test -e tests-pass\nmax-commits-behind: 2\n")
    repo.write("a.py", "x = 1\n")
    repo.write("tests-pass", "")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", "feat/x")
    repo.write("a.py", "x = 1\ny = 2\n")
    repo.commit("y")
    made = run_cli(
        ["new", "--verify", "--summary", "y added", "--next-action", "Add z to a.py.",
         "--verdict-pointer", "a.py"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit("handoff")
    repo.git("rm", "-q", "tests-pass")
    repo.commit("tests now fail")
    for i in range(3):
        repo.write("a.py", f"x = 1\ny = 2\nz = {i}\n")
        repo.commit(f"work {i}")


def test_a_recorded_failure_ends_the_loop_and_check_still_reports_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _failing_branch(git_repo, run_cli)
    first = run_hook(stop_event(git_repo.root))
    assert first.code == 2 and "lkg-behind" in first.err, first.err  # no failure recorded yet
    # A refresh that does not run the tests records no failure: still blocked, as before.
    plain = run_cli(["update", "handoff.json", "--summary", "z added"], cwd=git_repo.root)
    assert plain.code == 0, plain.err
    git_repo.commit("handoff: refresh without running the tests")
    unproven = run_hook(stop_event(git_repo.root))
    assert unproven.code == 2 and "update handoff.json --verify" in unproven.err, unproven.err
    summary = "z added; the tests fail"
    updated = run_cli(
        ["update", "handoff.json", "--verify", "--summary", summary], cwd=git_repo.root
    )
    assert updated.code == 1 and "an open risk names the failure" in updated.err, updated.err
    git_repo.commit("handoff: refresh")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
    checked = run_cli(["check", "."], cwd=git_repo.root)
    assert "lkg-behind" in checked.out + checked.err
    # More work after the recorded run: the failure no longer speaks for it.
    git_repo.write("b.py", "b = 1\n")
    git_repo.commit("more work")
    later = run_hook(stop_event(git_repo.root))
    assert later.code == 2 and "lkg-behind" in later.err, later.err


def test_a_recorded_failure_after_a_rebase_ends_the_loop(git_repo: GitRepo, run_cli: Run) -> None:
    """After a rebase the packet's commit is no ancestor of HEAD (`lkg-unknown`): with the tests
    failing, the recorded failing `--verify` run lets the session end; `check` still reports it."""
    git_repo.write(".handoff-audit.yml", "verify: test -e tests-pass\n")
    git_repo.write("a.py", "x = 1\n")
    git_repo.write("tests-pass", "")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write("a.py", "x = 2\n")
    git_repo.commit("work")
    made = run_cli(
        ["new", "--verify", "--summary", "x is 2", "--next-action", "Make x 3.",
         "--verdict-pointer", "a.py"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    git_repo.git("checkout", "-q", "main")
    git_repo.write("other.txt", "other\n")
    git_repo.commit("main moves on")
    git_repo.git("checkout", "-q", "feat/x")
    git_repo.git("rebase", "-q", "main")
    git_repo.git("rm", "-q", "tests-pass")
    git_repo.commit("tests now fail")
    first = run_hook(stop_event(git_repo.root))
    assert first.code == 2 and "lkg-unknown" in first.err, first.err
    updated = run_cli(
        ["update", "handoff.json", "--verify", "--summary", "rebased; the tests fail"],
        cwd=git_repo.root,
    )
    assert updated.code == 1 and "an open risk names the failure" in updated.err, updated.err
    git_repo.commit("handoff: tests fail")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err
    checked = run_cli(["check", "."], cwd=git_repo.root)
    assert "lkg-unknown" in checked.out + checked.err


def test_a_failing_run_of_another_command_does_not_end_the_loop(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """The configured `verify` passes: `update --verify false` records a failure of `false`,
    not of the project's tests, and the hook still asks for the configured run."""
    _failing_branch(git_repo, run_cli)
    git_repo.write("tests-pass", "")
    git_repo.commit("tests pass again")
    first = run_hook(stop_event(git_repo.root))
    assert first.code == 2 and "lkg-behind" in first.err, first.err
    dodged = run_cli(
        ["update", "handoff.json", "--verify", "false", "--summary", "z"], cwd=git_repo.root
    )
    assert dodged.code == 1 and "an open risk names the failure" in dodged.err, dodged.err
    git_repo.commit("handoff: refresh")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 2 and "lkg-behind" in again.err, again.err


def test_a_hand_written_failure_does_not_end_the_loop(git_repo: GitRepo, run_cli: Run) -> None:
    """No `verify` configured: an open risk written by hand, with no failing run of its command
    in `commands_run`, says nothing about the tests, and the hook still blocks."""
    _failing_branch(git_repo, run_cli)
    git_repo.write(".handoff-audit.yml", "max-commits-behind: 2\n")
    git_repo.commit("no verify configured")
    head = git_repo.git("rev-parse", "--short=12", "HEAD").strip()
    data = json.loads((git_repo.root / "handoff.json").read_text())
    data["open_risks"] = [{"what": f"`pytest` failed (exit 1) at {head}", "severity": "high"}]
    (git_repo.root / "handoff.json").write_text(json.dumps(data, indent=2) + "\n")
    rendered = run_cli(["render", "--write", "handoff.json"], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    git_repo.commit("handoff: a risk by hand")
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2 and "lkg-behind" in hook.err, hook.err


def _failing_test_first(repo: GitRepo) -> None:
    """main's tests pass; the branch's one commit adds a failing test (TDD's first step)."""
    repo.write(".handoff-audit.yml", "verify: test -e tests-pass\n")
    repo.write("tests-pass", "")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", "feat/y")
    repo.git("rm", "-q", "tests-pass")
    repo.write("test_new.py", "def test_new():\n    assert 1 == 2\n")
    repo.commit("failing test first")


def test_the_hooks_new_verify_fix_writes_the_packet_while_the_tests_fail(
    git_repo: GitRepo,
) -> None:
    """Review 50-13: the hook's only fix, `new --verify ...`, exited 2 and wrote nothing on a
    branch whose tests fail ("no earlier green commit to keep", with main's commit right there).
    Now, run as printed, it writes the packet (exit 1): the failure an open risk, the last known
    good commit the one where the branch left main; the hook then lets the session end."""
    _failing_test_first(git_repo)
    main = git_repo.git("rev-parse", "main")
    first = run_hook(stop_event(git_repo.root))
    assert first.code == 2, first.err
    command = the_command(first.err, "fix: ")
    assert command.startswith("handoff-audit new --verify "), first.err
    assert "still writes the packet and exits 1" in first.err, first.err
    done = run_fix(git_repo.root, command)
    assert done.returncode == 1, done.stderr
    assert "where the branch left main, taken on trust" in done.stderr, done.stderr
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["last_known_good_commit"] == main
    assert any("failed (exit 1)" in risk["what"] for risk in packet["open_risks"]), packet
    git_repo.commit("handoff")
    again = run_hook(stop_event(git_repo.root))
    assert again.code == 0, again.err


def test_new_verify_without_a_base_names_the_way_out(git_repo: GitRepo, run_cli: Run) -> None:
    """With no protected branch to have left (the first commit made on this branch), a failing
    `new --verify` still refuses, naming --last-known-good and how to find a commit."""
    git_repo.git("checkout", "-q", "-b", "feat/solo")
    git_repo.write(".handoff-audit.yml", "verify: 'false'\nprotected-branches: [release]\n")
    git_repo.commit("init")
    made = run_cli(
        ["new", "--verify", "--summary", "s1", "--next-action", "Add z to a.py.",
         "--verdict-pointer", "a.py"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 2
    assert "--last-known-good COMMIT (`git log --oneline` lists them)" in made.err, made.err
    assert not (git_repo.root / "handoff.json").exists()


def test_the_hooks_new_verify_fix_without_a_base_names_the_last_green_commit(
    git_repo: GitRepo,
) -> None:
    """Review 51-6: on a branch with no protected base, the hook said its `new --verify` fix
    "still writes the packet and exits 1" while the printed command exited 2 and wrote nothing.
    Now the command asks for the last green commit (--last-known-good) and, filled in and run
    as printed with the tests failing, writes the packet (exit 1)."""
    git_repo.git("checkout", "-q", "-b", "feat/solo")
    git_repo.write(".handoff-audit.yml", "verify: test -e tests-pass\n")
    git_repo.write("a.py", "x = 1\n")
    git_repo.write("tests-pass", "")
    green = git_repo.commit("init")
    git_repo.git("rm", "-q", "tests-pass")
    git_repo.write("a.py", "x = 2\n")
    git_repo.commit("work")
    first = run_hook(stop_event(git_repo.root))
    assert first.code == 2, first.err
    command = the_command(first.err, "fix: ")
    last_green = "<the last commit whose tests passed>"
    placeholder = f'--last-known-good "{last_green}"'
    assert command.startswith(f"handoff-audit new --verify {placeholder} "), first.err
    assert "last_known_good_commit the commit you name" in first.err, first.err
    done = run_fix(git_repo.root, fill_in(command, ANSWERS | {last_green: green}))
    assert done.returncode == 1, done.stderr
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["last_known_good_commit"] == green
    assert any("failed (exit 1)" in risk["what"] for risk in packet["open_risks"]), packet
