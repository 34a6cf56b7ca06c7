"""`handoff-audit update` and `--verify` in real git repositories."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from authoring_support import NEW, on_feature_branch, packet_json
from handoff_audit.markdown import render_packet


@pytest.fixture
def repo(git_repo: Any) -> Any:
    return on_feature_branch(git_repo)


@pytest.fixture
def started(repo: Any, run_cli: Any) -> Any:
    """A branch with a committed packet full of things `update` must keep."""
    result = run_cli(
        [
            *NEW,
            "--decision",
            "key in a header",
            "the body is signed",
            "--ruled-out",
            "a lock per refund",
            "deadlocks",
            "--risk",
            "old clients retry",
            "high",
            "--pointer",
            "src/app.py:1",
            "--verify",
            "true",
        ],
        cwd=repo.root,
    )
    assert result.code == 0, result.err
    data = packet_json(repo)
    data["x-team"] = {"owner": "payments"}
    repo.write("handoff.json", data)
    repo.commit("packet")
    return repo


def test_update_replaces_appends_and_keeps_everything_else(started: Any, run_cli: Any) -> None:
    before = packet_json(started)
    started.write("src/refunds.py", "x = 1\n")
    started.commit("refunds")
    result = run_cli(
        [
            "update",
            "--next-action",
            "Run the concurrency test.",
            "--decision",
            "key in a header",
            "the body is signed",
            "--decision",
            "retry in the server",
            "see https://example.com/rfc:1",
            "--trap",
            "the sandbox ignores keys",
        ],
        cwd=started.root,
    )
    assert result.code == 0, result.err
    data = packet_json(started)
    assert data["next_action"] == "Run the concurrency test."
    assert data["summary"] == before["summary"]
    assert data["decisions"] == [
        {"decision": "key in a header", "why": "the body is signed"},
        {"decision": "retry in the server", "why": "see https://example.com/rfc:1"},
    ]
    assert data["traps"] == ["the sandbox ignores keys"]
    for kept in ("ruled_out", "open_risks", "pointers", "commands_run", "x-team", "status"):
        assert data[kept] == before[kept], kept
    assert data["last_known_good_commit"] == before["last_known_good_commit"]
    assert "stays" in result.err and "--verify" in result.err
    assert before["changed_files"] == []
    assert data["changed_files"] == ["src/refunds.py"]
    assert (started.root / "handoff.md").read_text() == render_packet(data)


def test_update_log_entries_are_appended_then_trimmed(started: Any, run_cli: Any) -> None:
    log = started.root.parent / "log.jsonl"
    entries = [{"cmd": f"step {i}", "exit": 1 if i == 0 else 0} for i in range(7)]
    log.write_text("\n".join(json.dumps(e) for e in entries) + "\n")
    assert [c["cmd"] for c in packet_json(started)["commands_run"]] == ["true"]
    assert run_cli(["update", "--log", str(log)], cwd=started.root).code == 0
    assert [c["cmd"] for c in packet_json(started)["commands_run"]] == [
        "step 0",
        "step 2",
        "step 3",
        "step 4",
        "step 5",
        "step 6",
    ]
    check = run_cli(["check", "--select", "log-untrimmed", "."], cwd=started.root)
    assert check.code == 0 and "log-untrimmed" not in check.out


def test_update_help_says_how_the_log_is_trimmed(started: Any, run_cli: Any) -> None:
    log = started.root.parent / "log.jsonl"
    commands = ["make build", "t1", "t2", "t3", "t4", "t5", "make test"]
    entries = [{"cmd": cmd, "exit": 0 if cmd.startswith("make") else 1} for cmd in commands]
    log.write_text("\n".join(json.dumps(e) for e in entries) + "\n")
    assert run_cli(["update", "--log", str(log)], cwd=started.root).code == 0
    kept = [c["cmd"] for c in packet_json(started)["commands_run"]]
    # 2 passing entries, fewer than keep-last (5), yet "make build" goes: it is before the tail.
    assert kept == ["t1", "t2", "t3", "t4", "t5", "make test"]
    said = " ".join(run_cli(["update", "--help"], cwd=started.root).out.split())
    assert (
        "trimmed to its last `keep-last` entries (passing or not) plus every earlier failure"
        in said
    )
    assert "passing entries plus every failure" not in said


def test_update_verify_moves_lkg_only_when_it_passes(started: Any, run_cli: Any) -> None:
    old = packet_json(started)["last_known_good_commit"]
    started.write("src/app.py", "print('v2')\n")
    head = started.commit("v2")
    failed = run_cli(
        ["update", "--verify", "echo boom; exit 3", "--next-action", "Make v2 pass."],
        cwd=started.root,
    )
    assert failed.code == 1, failed.err  # written, and the failure is the exit code
    assert "boom" in failed.err and "stays" in failed.err
    data = packet_json(started)
    assert data["last_known_good_commit"] == old
    assert data["commands_run"][-1]["cmd"] == "echo boom; exit 3"
    assert data["commands_run"][-1]["exit"] == 3
    assert any("exit 3" in r["what"] and old[:12] in r["what"] for r in data["open_risks"])
    started.commit("packet after failure")
    head = started.head()
    passed = run_cli(["update", "--verify", "test -f src/app.py"], cwd=started.root / "src")
    assert passed.code == 0, passed.err
    data = packet_json(started)
    assert data["last_known_good_commit"] == head
    assert data["commands_run"][-1]["cmd"] == "test -f src/app.py"
    assert data["commands_run"][-1]["exit"] == 0
    note = data["commands_run"][-1]["note"]
    assert re.fullmatch(rf"--verify at {head[:12]} on \d{{4}}-[-\dT:]+Z: passed", note), note


def test_verify_alone_runs_the_configured_command(repo: Any, run_cli: Any) -> None:
    repo.write(".handoff-audit.yml", "verify: touch verified-here && true\n")
    repo.write(".gitignore", "verified-here\n")
    repo.commit("config")
    result = run_cli([*NEW, "--verify"], cwd=repo.root)
    assert result.code == 0, result.err
    assert (repo.root / "verified-here").exists()
    assert packet_json(repo)["commands_run"][0]["cmd"] == "touch verified-here && true"


def test_new_with_a_failing_verify_keeps_the_branch_base_or_the_commit_named(
    repo: Any, run_cli: Any
) -> None:
    """With the tests failing, `new --verify` keeps --last-known-good, else the commit where the
    branch left main, taken on trust and said so (it refused, exit 2, with main right there)."""
    base = repo.head()
    repo.write("src/app.py", "print('broken')\n")
    repo.commit("broken")
    trusted = run_cli([*NEW, "--verify", "false"], cwd=repo.root)
    assert trusted.code == 1, trusted.err
    assert f"is {base[:12]}, where the branch left main, taken on trust" in trusted.err
    assert packet_json(repo)["last_known_good_commit"] == base
    for name in ("handoff.json", "handoff.md"):
        (repo.root / name).unlink()
    kept = run_cli([*NEW, "--verify", "false", "--last-known-good", base[:8]], cwd=repo.root)
    assert kept.code == 1, kept.err
    data = packet_json(repo)
    assert data["last_known_good_commit"] == base
    assert data["commands_run"][0]["exit"] == 1
    assert data["open_risks"][0]["severity"] == "high"
    assert "`false` failed (exit 1)" in data["open_risks"][0]["what"]


def test_update_without_an_active_packet_names_new(repo: Any, run_cli: Any) -> None:
    result = run_cli(["update", "--summary", "More."], cwd=repo.root)
    assert result.code == 2
    assert "no active packet" in result.err and "`handoff-audit new`" in result.err
    topic = run_cli(["update", "--topic", "search"], cwd=repo.root)
    assert topic.code == 2 and "handoff-audit new --topic search" in topic.err
    assert not (repo.root / "handoff.json").exists()


def test_update_names_an_active_packet_too_large_to_read(started: Any, run_cli: Any) -> None:
    size = (started.root / "handoff.json").stat().st_size
    started.write(".handoff-audit.yml", f"max-file-bytes: {size - 1}\n")
    started.commit("a limit under the packet")
    before = (started.root / "handoff.json").read_bytes()
    result = run_cli(["update", "--summary", "More."], cwd=started.root / "src")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert "no active packet" not in result.err, "the packet is there: `new` would refuse it"
    assert result.err.startswith("handoff-audit: error: ../handoff.json: ")
    assert f"{size} bytes, more than max-file-bytes ({size - 1} bytes)" in result.err
    assert "Trim the packet" in result.err and "raise max-file-bytes" in result.err
    assert (started.root / "handoff.json").read_bytes() == before


def test_update_names_every_packet_file_it_cannot_read(started: Any, run_cli: Any) -> None:
    started.write("handoff.json", "{}\n")  # valid JSON, no packet: update must not name it
    started.write(".handoff/search.json", '{"branch": "feat/refunds",}\n')
    started.write(".handoff/cart.json", '{"branch": "x", "branch": "y"}\n')
    started.commit("two broken packets")
    result = run_cli(["update", "--summary", "More."], cwd=started.root)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "2 packet files cannot be read" in result.err
    assert ".handoff/search.json:1:" in result.err and ".handoff/cart.json:1:" in result.err
    assert "handoff.json:" not in result.err.replace(".handoff/", "")


def test_update_refuses_a_finished_or_foreignpacket_json(started: Any, run_cli: Any) -> None:
    assert run_cli(["archive", "handoff.json"], cwd=started.root).code == 0
    before = (started.root / "handoff.json").read_bytes()
    named = run_cli(["update", "handoff.json", "--summary", "More."], cwd=started.root)
    assert named.code == 2 and "archived" in named.err and "new" in named.err
    implicit = run_cli(["update", "--summary", "More."], cwd=started.root)
    assert implicit.code == 2 and "no active packet" in implicit.err
    assert (started.root / "handoff.json").read_bytes() == before


def test_update_refuses_a_dirty_workbench_but_not_its_own_files(started: Any, run_cli: Any) -> None:
    assert run_cli(["update", "--summary", "Once."], cwd=started.root).code == 0
    again = run_cli(["update", "--summary", "Twice."], cwd=started.root)
    assert again.code == 0, "the packet's own uncommitted files are no dirt"
    started.write("src/app.py", "print('dirty')\n")
    dirty = run_cli(["update", "--summary", "Thrice."], cwd=started.root)
    assert dirty.code == 2 and "src/app.py (modified)" in dirty.err
    assert packet_json(started)["summary"] == "Twice."


def test_update_refuses_placeholders(started: Any, run_cli: Any) -> None:
    result = run_cli(["update", "--next-action", "FIXME"], cwd=started.root)
    assert result.code == 2 and 'next_action is a placeholder ("FIXME")' in result.err


def test_verify_config_key_is_validated(repo: Any, run_cli: Any) -> None:
    repo.write(".handoff-audit.yml", "verify: [pytest]\n")
    result = run_cli(["check", "."], cwd=repo.root)
    assert result.code == 2
    assert "verify" in result.err and "shell command" in result.err


def test_a_failing_verify_shows_its_output_without_terminal_escapes(
    started: Any, run_cli: Any
) -> None:
    result = run_cli(
        ["update", "--verify", "printf 'reset\\033c\\n'; echo 'assert 1 == 2'; exit 1"],
        cwd=started.root,
    )
    assert result.code == 1, result.err
    assert "assert 1 == 2" in result.err and "reset" in result.err
    assert "\x1b" not in result.err


@pytest.mark.parametrize(
    ("verify", "said"),
    [
        ("handoff.json", "--verify handoff.json: that is a packet, not a command; "),
        ("handoff.md", "--verify handoff.md: that is a packet, not a command; "),
        ("no-such-test-runner -q", "sh found no such command (exit 127); check its name; "),
    ],
)
def test_verify_given_the_packet_or_no_command_is_exit_2_and_records_nothing(
    started: Any, run_cli: Any, verify: str, said: str
) -> None:
    started.write("src/app.py", "print('v2')\n")
    started.commit("v2")
    before = {name: (started.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    result = run_cli(["update", "--verify", verify, "--next-action", "Ship v2."], cwd=started.root)
    assert result.code == 2, (result.out, result.err)
    assert result.err.count("\n") == 1, result.err
    assert said in result.err
    assert "put the packet first (`update handoff.json --verify CMD`" in result.err
    assert "--verify=CMD" in result.err
    after = {name: (started.root / name).read_bytes() for name in ("handoff.json", "handoff.md")}
    assert after == before
    assert started.git("status", "--porcelain") == ""


def test_verify_after_the_packet_runs_the_configured_command(started: Any, run_cli: Any) -> None:
    started.write(".handoff-audit.yml", "verify: 'true'\n")
    started.commit("config")
    result = run_cli(["update", "handoff.json", "--verify"], cwd=started.root)
    assert result.code == 0, result.err
    assert packet_json(started)["last_known_good_commit"] == started.head()


def test_update_without_summary_says_whose_summary_it_keeps(started: Any, run_cli: Any) -> None:
    """The summary kept says what an earlier session did: `update` says so, and whose it was,
    so that the next session does not read it as this one's; given, it says nothing."""
    written = started.git("log", "-1", "--format=%H %cs", "--", "handoff.json").split()
    started.write("src/refunds.py", "x = 1\n")
    started.commit("refunds")

    kept = run_cli(["update", "--next-action", "Run the concurrency test."], cwd=started.root)

    assert kept.code == 0, kept.err
    [note] = [line for line in kept.err.splitlines() if "summary kept" in line]
    assert note == (
        f"note: summary kept from the session of {written[1]} (commit {written[0][:7]}); pass "
        '--summary "…" to say what this session did'
    )
    started.commit("handoff: next action")
    said = run_cli(["update", "--summary", "Refunds rounded.", "--next-action", "Ship it."])
    assert said.code == 0 and "summary kept" not in said.err, said.err
    again = run_cli(["update", "--next-action", "Ship it today."])
    assert "summary kept" not in again.err, again.err  # this session's, not committed yet


def test_update_drops_files_a_revert_brought_back_to_the_base(started: Any, run_cli: Any) -> None:
    started.write("src/refunds.py", "x = 1\n")
    started.write("src/app.py", "print('changed')\n")
    started.commit("refunds and a bad change")
    fresh = ["update", "--summary", "Refunds added.", "--next-action", "Test them."]
    assert run_cli(fresh, cwd=started.root).code == 0
    assert packet_json(started)["changed_files"] == ["src/app.py", "src/refunds.py"]
    started.commit("packet")
    started.git("revert", "--no-edit", "HEAD~1")
    started.write("src/refunds.py", "x = 2\n")
    started.commit("refunds again")
    again = ["update", "--summary", "Refunds redone after the revert.", "--next-action", "Test."]
    result = run_cli(again, cwd=started.root)
    assert result.code == 0, result.err
    assert packet_json(started)["changed_files"] == ["src/refunds.py"]
    said = [line for line in result.err.splitlines() if "src/app.py" in line]
    assert len(said) == 1 and "no longer changes" in said[0] and "main" in said[0], result.err
