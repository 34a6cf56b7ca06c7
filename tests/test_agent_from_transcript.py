"""`new --from-transcript` and `update --from-transcript`: the transcript's facts in the packet."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from agent_support import Session, feature_repo
from conftest import GitRepo, Result

Run = Callable[..., Result]
DATA = Path(__file__).parent / "data" / "transcripts"
FIELDS = ["--summary", "Refunds done.", "--next-action", "Ship it.", "--verdict-pointer", "ci"]


def packet(repo: GitRepo) -> Any:
    return json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))


def test_new_takes_commands_files_and_failures(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    session = Session(cwd=repo.root)
    session.bash("pytest -q", "E   assert 1 == 2\n1 failed", exit_code=1)
    session.edit(repo.root / "src/refunds.py", "return amount", "return round(amount, 2)")
    session.write(tmp_path / "outside.txt", "not in the repository\n")
    session.bash("pytest -q", "1 passed")
    repo.commit("rounding")
    transcript = session.save(tmp_path / "session.jsonl")
    result = run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root)
    assert result.code == 0, result.err
    data = packet(repo)
    assert data["commands_run"] == [
        {"cmd": "pytest -q", "exit": 1, "note": "E   assert 1 == 2"},
        {"cmd": "pytest -q", "exit": 0},
    ]
    assert data["changed_files"] == ["src/refunds.py"]
    assert data["failed_attempts"] == ["`pytest -q` exited 1: E   assert 1 == 2 (passed later)"]
    assert run_cli(["check"], cwd=repo.root).code == 0


def test_files_in_git_s_own_folder_stay_out_of_changed_files(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    session = Session(cwd=repo.root)
    session.write(repo.root / ".git/hooks/pre-push", "#!/bin/sh\nexec handoff-audit check\n")
    session.write(repo.root / "vendor/lib/.git/config", "[core]\n")  # a nested clone's
    separate = repo.root / "store"  # a nested clone whose .git file leads into the tree
    repo.write(".gitignore", "/store/\n/nested/\n")
    repo.commit("ignore the nested clone")
    subprocess.run(
        ["git", "init", "-q", f"--separate-git-dir={separate}", str(repo.root / "nested")],
        check=True,
    )
    session.write(separate / "description", "nested\n")
    session.edit(repo.root / "src/refunds.py", "return amount", "return round(amount, 2)")
    repo.git("commit", "-qm", "rounding", "--", "src/refunds.py")
    transcript = session.save(tmp_path / "session.jsonl")

    result = run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root)

    assert result.code == 0, result.err
    assert sorted(packet(repo)["changed_files"]) == [".gitignore", "src/refunds.py"]
    checked = run_cli(["check"], cwd=repo.root)
    assert checked.code == 0 and "git's own folder" not in checked.out, checked.out


def test_a_python_traceback_s_note_is_its_exception_line(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    # A real traceback, as the session's Bash tool got it: its telling line is the last one
    # (the header is the same for every failure), not indented, after the caret line.
    repo = feature_repo(git_repo)
    script = repo.root / "e.py"
    script.write_text("def f():\n    print(x)\n\nf()\n", encoding="utf-8")
    repo.commit("e")
    ran = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=repo.root, check=False
    )
    assert ran.returncode == 1 and ran.stderr.startswith("Traceback (most recent call last):")
    session = Session(cwd=repo.root)
    session.bash("python e.py", ran.stderr, exit_code=1)
    transcript = session.save(tmp_path / "session.jsonl")
    result = run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root)
    assert result.code == 0, result.err
    said = "NameError: name 'x' is not defined"
    assert packet(repo)["commands_run"] == [{"cmd": "python e.py", "exit": 1, "note": said}]
    assert packet(repo)["failed_attempts"] == [f"`python e.py` exited 1: {said}"]


def test_an_exception_group_s_note_is_its_exception_line(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    # An exception group's traceback (asyncio.TaskGroup, Python 3.11+) frames its lines with
    # "|" and "+": its note was the header "| Traceback (most recent call last):".
    repo = feature_repo(git_repo)
    script = repo.root / "eg.py"
    script.write_text(
        "import asyncio\n\nasync def bad(n):\n    raise ValueError(f'bad input {n}')\n\n"
        "async def main():\n    async with asyncio.TaskGroup() as tg:\n"
        "        tg.create_task(bad(1))\n        tg.create_task(bad(2))\n\n"
        "asyncio.run(main())\n",
        encoding="utf-8",
    )
    repo.commit("eg")
    ran = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=repo.root, check=False
    )
    assert ran.returncode == 1 and "| Traceback (most recent call last):" in ran.stderr
    session = Session(cwd=repo.root)
    session.bash("python eg.py", ran.stderr, exit_code=1)
    transcript = session.save(tmp_path / "session.jsonl")
    result = run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root)
    assert result.code == 0, result.err
    said = "ValueError: bad input 2"
    assert packet(repo)["commands_run"] == [{"cmd": "python eg.py", "exit": 1, "note": said}]
    assert packet(repo)["failed_attempts"] == [f"`python eg.py` exited 1: {said}"]


def test_update_appends_only_what_is_new(git_repo: GitRepo, run_cli: Run, tmp_path: Path) -> None:
    repo = feature_repo(git_repo)
    session = Session(cwd=repo.root)
    session.bash("make lint", "bad style", exit_code=2)
    transcript = session.save(tmp_path / "session.jsonl")
    assert run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root).code == 0
    repo.commit("handoff")
    session.bash("make test", "ok")
    session.save(transcript)
    result = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)
    assert result.code == 0, result.err
    assert packet(repo)["commands_run"] == [
        {"cmd": "make lint", "exit": 2, "note": "bad style"},
        {"cmd": "make test", "exit": 0},
    ]
    assert packet(repo)["failed_attempts"] == ["`make lint` exited 2: bad style"]


def test_update_keeps_the_newest_run_of_a_command(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    log = tmp_path / "log.jsonl"
    log.write_text(
        '{"cmd": "make lint", "exit": 0}\n'
        '{"cmd": "pytest -q", "exit": 0}\n'
        '{"cmd": "pytest -q", "exit": 1, "note": "1 failed"}\n',
        encoding="utf-8",
    )
    assert run_cli(["new", "--log", str(log), *FIELDS], cwd=repo.root).code == 0
    repo.commit("handoff")
    session = Session(cwd=repo.root)
    session.bash("pytest -q", "5 passed")
    transcript = session.save(tmp_path / "session.jsonl")
    result = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)
    assert result.code == 0, result.err
    newest = [{"cmd": "make lint", "exit": 0}, {"cmd": "pytest -q", "exit": 0}]
    assert packet(repo)["commands_run"] == newest
    shown = run_cli(["show"], cwd=repo.root)
    assert "- pytest -q → exit 0" in shown.out and "exit 1" not in shown.out
    again = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)
    assert again.code == 0, again.err
    assert "handoff.json: unchanged" in again.err
    assert packet(repo)["commands_run"] == newest


def test_reading_a_transcript_again_keeps_its_last_passing_run(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    session = Session(cwd=repo.root)
    session.bash("pytest -q", "FAILED test_a", exit_code=1)
    session.bash("ruff check", "ok")
    session.bash("pytest -q", "ok")
    transcript = session.save(tmp_path / "session.jsonl")
    assert run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root).code == 0
    repo.commit("handoff")
    written = packet(repo)["commands_run"]
    assert written == [
        {"cmd": "pytest -q", "exit": 1, "note": "FAILED test_a"},
        {"cmd": "ruff check", "exit": 0},
        {"cmd": "pytest -q", "exit": 0},
    ]

    again = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)

    assert again.code == 0, again.err
    assert packet(repo)["commands_run"] == written
    assert "- pytest -q → exit 0" in run_cli(["show"], cwd=repo.root).out
    session.bash("git status", "clean")
    session.save(transcript)
    grown = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)
    assert grown.code == 0, grown.err
    assert packet(repo)["commands_run"] == [*written, {"cmd": "git status", "exit": 0}]
    session.bash("pytest -q", "FAILED test_b", exit_code=1)
    session.save(transcript)
    failed = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)
    assert failed.code == 0, failed.err
    assert packet(repo)["commands_run"][-1] == {
        "cmd": "pytest -q",
        "exit": 1,
        "note": "FAILED test_b",
    }


def _verify_failure_after_a_transcript(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> tuple[GitRepo, Session, Path]:
    """A packet whose transcript ran `test -f ok.txt` (passing), then ok.txt deleted and a
    `--verify` of the same command failing: the repository, the session and its transcript."""
    repo = feature_repo(git_repo)
    repo.write("ok.txt", "")
    repo.commit("ok")
    assert run_cli(["new", *FIELDS], cwd=repo.root).code == 0
    repo.commit("handoff")
    session = Session(cwd=repo.root)
    session.bash("test -f ok.txt", "")
    transcript = session.save(tmp_path / "session.jsonl")
    assert run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root).code == 0
    repo.git("rm", "-q", "ok.txt")
    repo.commit("drop ok.txt")
    verified = run_cli(["update", "--verify", "test -f ok.txt"], cwd=repo.root)
    assert verified.code == 1, verified.err
    return repo, session, transcript


def test_reading_a_transcript_again_keeps_a_later_verify_failure(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo, _session, transcript = _verify_failure_after_a_transcript(git_repo, run_cli, tmp_path)
    after_verify = packet(repo)["commands_run"]
    assert [(c["cmd"], c["exit"]) for c in after_verify[-2:]] == [
        ("test -f ok.txt", 0),
        ("test -f ok.txt", 1),
    ]

    again = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)

    assert again.code == 0, again.err
    assert packet(repo)["commands_run"] == after_verify
    shown = run_cli(["show"], cwd=repo.root)
    assert "- test -f ok.txt → exit 1" in shown.out


def test_a_transcript_run_after_a_verify_failure_wins_by_its_time(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo, session, transcript = _verify_failure_after_a_transcript(git_repo, run_cli, tmp_path)
    repo.write("ok.txt", "")
    repo.commit("ok again")
    session.resume_at(datetime.now(UTC) + timedelta(minutes=1))
    session.bash("test -f ok.txt", "")  # the same text as the run before the failure
    session.save(transcript)

    result = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)

    assert result.code == 0, result.err
    runs = [c for c in packet(repo)["commands_run"] if c["cmd"] == "test -f ok.txt"]
    assert runs == [{"cmd": "test -f ok.txt", "exit": 0}]
    assert "- test -f ok.txt → exit 0" in run_cli(["show"], cwd=repo.root).out


def test_a_transcript_run_older_than_a_verify_run_never_replaces_it(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    assert run_cli(["new", *FIELDS], cwd=repo.root).code == 0
    repo.commit("handoff")
    assert run_cli(["update", "--verify", "true"], cwd=repo.root).code == 0
    verified = packet(repo)["commands_run"]
    assert re.fullmatch(r"--verify at \w+ on [-\d]+T[:\d]+Z: passed", verified[-1]["note"])
    repo.commit("verified")
    session = Session(cwd=repo.root)  # recorded days before the --verify run
    session.bash("true", "boom", exit_code=1)
    transcript = session.save(tmp_path / "session.jsonl")

    result = run_cli(["update", "--from-transcript", str(transcript)], cwd=repo.root)

    assert result.code == 0, result.err
    assert packet(repo)["commands_run"] == verified


def test_a_real_transcript_from_elsewhere_is_refused(git_repo: GitRepo, run_cli: Run) -> None:
    repo = feature_repo(git_repo)
    transcript = DATA / "simonw-sample_session.jsonl"
    result = run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root)
    assert result.code == 2
    (line,) = result.err.splitlines()
    assert "the session ran in /project, not in this repository" in line
    assert "--allow-foreign-transcript" in line
    assert not (repo.root / "handoff.json").exists()


def test_a_real_transcript_from_elsewhere_when_allowed(git_repo: GitRepo, run_cli: Run) -> None:
    repo = feature_repo(git_repo)
    transcript = DATA / "simonw-sample_session.jsonl"
    args = ["new", "--from-transcript", str(transcript), "--allow-foreign-transcript", *FIELDS]
    result = run_cli(args, cwd=repo.root)
    assert result.code == 0, result.err
    data = packet(repo)
    assert data["commands_run"] == [
        {"cmd": "git add . && git commit -m 'Add hello function'", "exit": 0}
    ]
    assert data["changed_files"] == ["src/refunds.py"]  # /project/hello.py is not in this repo


def test_a_file_of_no_known_agent_is_said(git_repo: GitRepo, run_cli: Run, tmp_path: Path) -> None:
    repo = feature_repo(git_repo)
    other = tmp_path / "notes.txt"
    other.write_text("just some notes\n{}\n", encoding="utf-8")
    result = run_cli(["new", "--from-transcript", str(other), *FIELDS], cwd=repo.root)
    assert result.code == 0, result.err
    assert "no Claude Code or Codex CLI entries in it; nothing taken" in result.err
    assert packet(repo)["commands_run"] == []


def test_a_missing_transcript_is_exit_2_and_writes_nothing(git_repo: GitRepo, run_cli: Run) -> None:
    repo = feature_repo(git_repo)
    result = run_cli(["new", "--from-transcript", "nope.jsonl", *FIELDS], cwd=repo.root)
    assert result.code == 2
    assert result.err == "handoff-audit: error: --from-transcript nope.jsonl: no such file\n"
    assert not (repo.root / "handoff.json").exists()


def test_another_topic_s_files_stay_out_of_a_topic_s_transcript_files(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    # The default topic lists src/refunds.py; the session of topic "keys" edited that file too
    # (and its own), so its transcript names both: the topic's packet claims only its own.
    repo = feature_repo(git_repo)
    assert run_cli(["new", *FIELDS], cwd=repo.root).code == 0
    repo.commit("handoff")
    session = Session(cwd=repo.root)
    session.edit(repo.root / "src/refunds.py", "return amount", "return round(amount, 2)")
    session.write(repo.root / "src/keys.py", "KEY = 1\n")
    repo.commit("keys")
    transcript = session.save(tmp_path / "session.jsonl")
    new = ["new", "--topic", "keys", "--from-transcript", str(transcript), *FIELDS]
    assert run_cli(new, cwd=repo.root).code == 0
    topic = repo.root / ".handoff" / "keys.json"
    assert json.loads(topic.read_text(encoding="utf-8"))["changed_files"] == ["src/keys.py"]
    repo.commit("handoff keys")
    session.edit(repo.root / "src/refunds.py", "round(amount, 2)", "round(amount, 3)")
    repo.commit("more")
    session.save(transcript)
    update = ["update", "--topic", "keys", "--from-transcript", str(transcript)]
    result = run_cli(update, cwd=repo.root)
    assert result.code == 0, result.err
    assert json.loads(topic.read_text(encoding="utf-8"))["changed_files"] == ["src/keys.py"]
    assert packet(repo)["changed_files"] == ["src/refunds.py"]


def _codex_rollout(root: Path, path: Path, calls: list[tuple[str, dict[str, Any], str]]) -> Path:
    """A Codex rollout: the session's start, then each function call and its output."""
    lines: list[dict[str, Any]] = [
        {"type": "session_meta", "payload": {"id": "s", "cwd": str(root)}}
    ]
    for number, (name, arguments, output) in enumerate(calls):
        call = {"type": "function_call", "name": name, "call_id": f"c{number}"}
        lines.append(
            {"type": "response_item", "payload": call | {"arguments": json.dumps(arguments)}}
        )
        answer = {"type": "function_call_output", "call_id": f"c{number}", "output": output}
        lines.append({"type": "response_item", "payload": answer})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def _chunk(status: str, output: str) -> str:
    head = "Chunk ID: a1\nWall time: 10.0 seconds\n"
    return f"{head}{status}\nOriginal token count: 3\nOutput:\n{output}"


def test_a_background_command_gets_the_exit_its_later_poll_gives(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    # Codex answers a command that outlives its yield time "Process running with session ID N";
    # its exit comes in a later write_stdin poll. Claude Code's Bash with run_in_background
    # answers "Command running in background with ID: X"; BashOutput tells its status later.
    repo = feature_repo(git_repo)
    repo.commit("rounding")
    rollout = _codex_rollout(
        repo.root,
        tmp_path / "rollout.jsonl",
        [
            (
                "exec_command",
                {"cmd": "pytest -q"},
                _chunk("Process running with session ID 42", ""),
            ),
            (
                "exec_command",
                {"cmd": "npm run serve"},
                _chunk("Process running with session ID 7", ""),
            ),
            (
                "write_stdin",
                {"session_id": 42, "chars": ""},
                _chunk("Process running with session ID 42", "."),
            ),
            (
                "write_stdin",
                {"session_id": 42, "chars": ""},
                _chunk("Process exited with code 1", "FAILED t.py::test_c\n1 failed"),
            ),
        ],
    )
    session = Session(cwd=repo.root)
    session.bash_in_background("make build", "bash_1")
    session.bash_in_background("make serve", "bash_2")  # never polled: its outcome is unknown
    session.poll("bash_1", "running")
    session.poll("bash_1", "failed", "cc: error: no input files", exit_code=2)
    session.poll("bash_2", "running")
    claude = session.save(tmp_path / "session.jsonl")

    for transcript, failed in [(rollout, ("pytest -q", 1)), (claude, ("make build", 2))]:
        (repo.root / "handoff.json").unlink(missing_ok=True)
        (repo.root / "handoff.md").unlink(missing_ok=True)
        result = run_cli(["new", "--from-transcript", str(transcript), *FIELDS], cwd=repo.root)
        assert result.code == 0, result.err
        data = packet(repo)
        assert [(run["cmd"], run["exit"]) for run in data["commands_run"]] == [failed]
        assert data["failed_attempts"] == [
            f"`{failed[0]}` exited {failed[1]}: {data['commands_run'][0]['note']}"
        ]
        assert data["commands_run"][0]["note"] in (
            "FAILED t.py::test_c",
            "cc: error: no input files",
        )
