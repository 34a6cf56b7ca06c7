"""The transcript reader: real transcripts (tests/data/transcripts) and sessions recorded here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_support import Session
from handoff_audit.authoring import transcript as reader
from handoff_audit.authoring.transcript import read_transcript
from handoff_audit.errors import InputError

DATA = Path(__file__).parent / "data" / "transcripts"
TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
AWS = "AKIA" + "IOSFODNN7EXAMPLE"


def test_reads_a_real_claude_code_session() -> None:
    found = read_transcript(DATA / "simonw-sample_session.jsonl", Path("/project"), keep_last=5)
    assert found.kind == "claude-code"
    assert found.edited_files == ["hello.py"]
    assert found.commands_run() == [
        {"cmd": "git add . && git commit -m 'Add hello function'", "exit": 0}
    ]
    assert found.failed_attempts == []
    assert found.skipped_lines == 0


def test_reads_a_real_codex_session_start() -> None:
    path = DATA / "simonw-sample_codex_session.jsonl"
    with pytest.raises(InputError, match="the session ran in /Users/macmini/Code/homelab-migr"):
        read_transcript(path, Path("/x"), keep_last=5)
    found = read_transcript(path, Path("/x"), keep_last=5, allow_foreign=True)
    assert found.kind == "codex"
    assert found.commands == []
    assert found.edited_files == []
    assert found.skipped_lines == 0


def session(root: Path) -> Session:
    recorded = Session(cwd=root)
    recorded.prompt("Round refunds to cents.")
    return recorded


def test_keeps_the_last_passing_commands_and_every_failure_in_order(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    recorded = session(root)
    for number in range(7):
        recorded.bash(f"echo {number}", f"{number}\n")
    recorded.bash(
        "pytest -q tests/test_refunds.py",
        "..F\nFAILED tests/test_refunds.py::test_gbp - AssertionError: 1.0 != 1.01\n1 failed",
        exit_code=1,
    )
    recorded.bash("echo 7", "7\n")
    recorded.bash("pytest -q tests/test_refunds.py", "3 passed")
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), root, keep_last=5)
    assert found.commands_seen == 10
    assert found.commands_run() == [
        {"cmd": "echo 4", "exit": 0},
        {"cmd": "echo 5", "exit": 0},
        {"cmd": "echo 6", "exit": 0},
        {
            "cmd": "pytest -q tests/test_refunds.py",
            "exit": 1,
            "note": "FAILED tests/test_refunds.py::test_gbp - AssertionError: 1.0 != 1.01",
        },
        {"cmd": "echo 7", "exit": 0},
        {"cmd": "pytest -q tests/test_refunds.py", "exit": 0},
    ]
    assert found.failed_attempts == [
        "`pytest -q tests/test_refunds.py` exited 1: FAILED tests/test_refunds.py::test_gbp - "
        "AssertionError: 1.0 != 1.01 (passed later)"
    ]


def test_keep_last_zero_keeps_only_failures(tmp_path: Path) -> None:
    recorded = session(tmp_path)
    recorded.bash("make", "ok")
    recorded.bash("make test", "boom", exit_code=2)
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), tmp_path, keep_last=0)
    assert found.commands_run() == [{"cmd": "make test", "exit": 2, "note": "boom"}]


def test_edited_files_inside_the_repository_only_relative_and_sorted(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    recorded = session(root)
    recorded.write(root / "src" / "refunds.py", "x = 1\n")
    recorded.write(root / "tests" / "test_refunds.py", "def test(): pass\n")
    recorded.edit(root / "src" / "refunds.py", "x = 1", "x = 2")
    recorded.write(tmp_path / "elsewhere" / "notes.md", "outside\n")
    call = recorded._call("NotebookEdit", {"notebook_path": "analysis.ipynb", "new_source": "1"})
    recorded._result(call, "Updated cell", False, {})
    call = recorded._call("MultiEdit", {"file_path": str(root / "src/a.py"), "edits": []})
    recorded._result(call, "<tool_use_error>String not found</tool_use_error>", True, "Error")
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), root, keep_last=5)
    assert found.edited_files == ["analysis.ipynb", "src/refunds.py", "tests/test_refunds.py"]


def test_credentials_in_commands_and_output_are_redacted(tmp_path: Path) -> None:
    recorded = session(tmp_path)
    recorded.bash(f"curl -H 'Authorization: token {TOKEN}' https://api.github.com/user", "{}")
    recorded.bash(
        f"aws s3 ls --access-key {AWS}",
        f"error: key {AWS} is not valid",
        exit_code=255,
    )
    path = recorded.save(tmp_path / "t.jsonl")
    found = read_transcript(path, tmp_path, keep_last=5)
    written = json.dumps([found.commands_run(), found.failed_attempts])
    assert TOKEN not in written
    assert AWS not in written
    assert "[redacted" in written
    assert found.commands_run()[1]["exit"] == 255


def test_refused_tool_calls_are_not_commands(tmp_path: Path) -> None:
    recorded = session(tmp_path)
    call = recorded._call("Bash", {"command": "rm -rf build"})
    recorded._result(
        call,
        "The user doesn't want to proceed with this tool use. The tool use was rejected.",
        True,
        "User rejected tool use",
    )
    call = recorded._call("Bash", {"command": "npm test"})
    recorded._result(call, "Command timed out after 2m 0.0s", True, "Error")
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), tmp_path, keep_last=5)
    assert found.commands_run() == [
        {"cmd": "npm test", "exit": 1, "note": "Command timed out after 2m 0.0s"}
    ]


def test_result_content_as_text_blocks_and_colour_codes(tmp_path: Path) -> None:
    recorded = session(tmp_path)
    call = recorded._call("Bash", {"command": "cargo test"})
    text = "Exit code 101\n\x1b[31merror\x1b[0m: test failed, to rerun pass `--lib`"
    recorded._result(call, [{"type": "text", "text": text}], True, "Error")  # type: ignore[arg-type]
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), tmp_path, keep_last=5)
    assert found.commands_run() == [
        {"cmd": "cargo test", "exit": 101, "note": "error: test failed, to rerun pass `--lib`"}
    ]


def test_malformed_lines_are_skipped_and_counted_unknown_entries_ignored(tmp_path: Path) -> None:
    recorded = session(tmp_path)
    recorded.bash("make", "ok")
    path = recorded.save(tmp_path / "t.jsonl")
    with path.open("a", encoding="utf-8") as out:
        out.write("not json\n")
        out.write("[1, 2]\n")
        out.write('{"type": "assistant", "message": {"content": [{"type": "tool_use"\n')
        out.write("\n")
        out.write('{"type": "queue-operation", "operation": "dequeue"}\n')
        out.write('{"type": "file-history-snapshot", "snapshot": {}}\n')
        out.write('{"type": "assistant", "message": "not an object"}\n')
        out.write('{"type": "user", "message": {"content": [1, null, {"type": "tool_result"}]}}\n')
    path.open("ab").write(b"\xff\xfe broken bytes\n")
    recorded2 = Session(cwd=tmp_path)
    recorded2.bash("make check", "fine")
    with path.open("a", encoding="utf-8") as out:
        for line in recorded2.lines:
            out.write(json.dumps(line) + "\n")
    found = read_transcript(path, tmp_path, keep_last=5)
    assert found.skipped_lines == 4
    assert [c["cmd"] for c in found.commands_run()] == ["make", "make check"]


def test_an_oversized_line_is_skipped_without_reading_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 1024)
    recorded = session(tmp_path)
    recorded.write(tmp_path / "big.txt", "x" * 5000)
    recorded.bash("make", "ok")
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), tmp_path, keep_last=5)
    assert found.skipped_lines == 1
    assert found.commands_run() == [{"cmd": "make", "exit": 0}]


def test_codex_shell_calls_and_patches(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    lines = [
        {"type": "session_meta", "payload": {"id": "s", "cwd": str(root), "cli_version": "0.77.0"}},
        {
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "shell",
                "arguments": json.dumps({"command": ["bash", "-lc", "pytest -q"], "workdir": "."}),
                "call_id": "call_1",
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "function_call_output",
                "call_id": "call_1",
                "output": json.dumps(
                    {"output": "E   assert 1 == 2\n1 failed", "metadata": {"exit_code": 1}}
                ),
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "custom_tool_call",
                "name": "apply_patch",
                "call_id": "call_2",
                "input": "*** Begin Patch\n*** Update File: src/refunds.py\n@@\n-a\n+b\n"
                "*** Add File: tests/test_new.py\n+x\n*** End Patch",
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "exec_command",
                "arguments": json.dumps({"cmd": "ruff check ."}),
                "call_id": "call_3",
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "function_call_output",
                "call_id": "call_3",
                "output": "Process exited with code 0\nAll checks passed!",
            },
        },
        {"type": "event_msg", "payload": {"type": "agent_message", "message": "done"}},
    ]
    path = tmp_path / "rollout.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    found = read_transcript(path, root, keep_last=5)
    assert found.kind == "codex"
    assert found.commands_run() == [
        {"cmd": "pytest -q", "exit": 1, "note": "E   assert 1 == 2"},
        {"cmd": "ruff check .", "exit": 0},
    ]
    assert found.edited_files == ["src/refunds.py", "tests/test_new.py"]


@pytest.mark.parametrize("make", ["missing", "folder"])
def test_a_file_that_cannot_be_read_is_a_one_line_input_error(tmp_path: Path, make: str) -> None:
    path = tmp_path / "t.jsonl"
    if make == "folder":
        path.mkdir()
    with pytest.raises(InputError, match=r"--from-transcript .*t\.jsonl: "):
        read_transcript(path, tmp_path, keep_last=5)


def test_past_the_failure_cap_the_latest_failures_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "MAX_FAILURES", 3)
    recorded = session(tmp_path)
    for number in range(6):
        recorded.bash(f"make step{number}", "boom", exit_code=1)
    recorded.bash("make", "ok")
    found = read_transcript(recorded.save(tmp_path / "t.jsonl"), tmp_path, keep_last=5)
    assert [c["cmd"] for c in found.commands_run()] == [
        "make step3",
        "make step4",
        "make step5",
        "make",
    ]
    assert found.commands_seen == 7


PATCH = (
    "*** Begin Patch\n*** Update File: src/refunds.py\n@@\n-a\n+b\n"
    "*** Add File: docs/refunds.md\n+x\n*** Update File: old.py\n*** Move to: new.py\n*** End Patch"
)


@pytest.mark.parametrize(
    "command",
    [
        ["apply_patch", PATCH],  # Codex's own form
        ["bash", "-lc", f"apply_patch <<'EOF'\n{PATCH}\nEOF"],  # a heredoc through the shell
    ],
    ids=["argv", "heredoc"],
)
def test_a_codex_apply_patch_is_logged_by_its_files(tmp_path: Path, command: list[str]) -> None:
    root = tmp_path / "repo"
    lines = [
        {"type": "session_meta", "payload": {"id": "s", "cwd": str(root)}},
        {
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "shell",
                "arguments": json.dumps({"command": command}),
                "call_id": "c1",
            },
        },
        {
            "type": "response_item",
            "payload": {
                "type": "function_call_output",
                "call_id": "c1",
                "output": json.dumps({"output": "Done!", "metadata": {"exit_code": 0}}),
            },
        },
    ]
    path = tmp_path / "rollout.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    found = read_transcript(path, root, keep_last=5)
    assert found.commands_run() == [
        {"cmd": "apply_patch src/refunds.py docs/refunds.md old.py new.py", "exit": 0}
    ]
    assert found.edited_files == ["docs/refunds.md", "new.py", "old.py", "src/refunds.py"]


def test_a_transcript_in_a_subfolder_of_the_repository_is_not_foreign(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    lines = [{"type": "session_meta", "payload": {"id": "s", "cwd": str(root / "src")}}]
    path = tmp_path / "rollout.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    found = read_transcript(path, root, keep_last=5)
    assert found.in_repository and found.working_folders == [str(root / "src")]
