"""Playing a coding agent in the tests: its hook events, its session transcript, its repository.

The transcript lines follow what Claude Code 2.x writes (learned from public recorded sessions:
an ``assistant`` entry per tool call with ``message.content`` holding the ``tool_use`` block, a
``user`` entry with the ``tool_result`` that answers it by ``tool_use_id``, ``is_error`` and an
``Exit code N`` first line on a failing Bash command, ``toolUseResult`` beside it); the texts and
ids are made up here.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet


def hook_command() -> list[str]:
    """The installed ``handoff-audit`` console script, as an agent would run it."""
    script = Path(sys.executable).parent / "handoff-audit"
    if script.is_file():
        return [str(script), "hook"]
    code = "import sys; from handoff_audit.cli.main import main; sys.exit(main())"
    return [sys.executable, "-c", code, "hook"]


@dataclass
class HookRun:
    code: int
    err: str
    out: str

    @property
    def lines(self) -> list[str]:
        """What the agent or the user is shown: standard error, or on a stop let go with
        warnings the JSON answer's ``systemMessage`` (the hook prints them there alone)."""
        if self.err or not self.out.startswith('{"systemMessage"'):
            return self.err.splitlines()
        message: str = json.loads(self.out)["systemMessage"]
        return message.splitlines()

    @property
    def said(self) -> str:
        """`lines` as one text."""
        return "\n".join(self.lines)


def run_hook(stdin: bytes | str | dict[str, Any], cwd: Path | None = None) -> HookRun:
    """Run the real ``handoff-audit hook`` with ``stdin`` as its standard input."""
    data = json.dumps(stdin) if isinstance(stdin, dict) else stdin
    raw = data.encode("utf-8") if isinstance(data, str) else data
    done = subprocess.run(
        hook_command(), input=raw, capture_output=True, cwd=cwd, env=os.environ.copy(), check=False
    )
    return HookRun(done.returncode, done.stderr.decode("utf-8"), done.stdout.decode("utf-8"))


def stop_event(
    root: Path,
    transcript: Path | None = None,
    *,
    event: str = "Stop",
    active: bool = False,
) -> dict[str, Any]:
    """A hook event as Claude Code sends it."""
    data: dict[str, Any] = {
        "session_id": "9f1c2d3e-0000-4000-8000-000000000001",
        "transcript_path": str(transcript or root / "no-transcript.jsonl"),
        "cwd": str(root),
        "permission_mode": "default",
        "hook_event_name": event,
    }
    if event in ("Stop", "SubagentStop"):
        data["stop_hook_active"] = active
    if event == "PreCompact":
        data |= {"trigger": "auto", "custom_instructions": ""}
    return data


@dataclass
class Session:
    """A Claude Code session being recorded, one tool call at a time."""

    cwd: Path
    lines: list[dict[str, Any]] = field(default_factory=list)
    calls: int = 0
    parent: str | None = None
    clock: datetime = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
    """The time of the first entry; each entry is a second after the one before."""

    def resume_at(self, when: datetime) -> None:
        """Record the next entry at ``when`` (the session went on later)."""
        self.clock = when - timedelta(seconds=len(self.lines))

    def _entry(self, kind: str, message: dict[str, Any], **extra: Any) -> None:
        number = len(self.lines)
        uuid = f"00000000-0000-4000-8000-{number:012d}"
        entry = {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": str(self.cwd),
            "sessionId": "9f1c2d3e-0000-4000-8000-000000000001",
            "version": "2.1.14",
            "gitBranch": "feat/refunds",
            "type": kind,
            "message": message,
            "uuid": uuid,
            "timestamp": (self.clock + timedelta(seconds=number)).strftime(
                "%Y-%m-%dT%H:%M:%S.000Z"
            ),
            **extra,
        }
        self.parent = uuid
        self.lines.append(entry)

    def prompt(self, text: str) -> None:
        self._entry("user", {"role": "user", "content": text})

    def _call(self, name: str, given: dict[str, Any]) -> str:
        self.calls += 1
        call_id = f"toolu_01Test{self.calls:020d}"
        block = {"type": "tool_use", "id": call_id, "name": name, "input": given}
        self._entry("assistant", {"role": "assistant", "type": "message", "content": [block]})
        return call_id

    def _result(self, call_id: str, text: str, error: bool, result: Any) -> None:
        block: dict[str, Any] = {"tool_use_id": call_id, "type": "tool_result", "content": text}
        if error:
            block["is_error"] = True
        self._entry("user", {"role": "user", "content": [block]}, toolUseResult=result)

    def bash(self, command: str, output: str = "", exit_code: int = 0) -> None:
        call_id = self._call("Bash", {"command": command, "description": "run it"})
        if exit_code:
            text = f"Exit code {exit_code}\n{output}"
            self._result(call_id, text, True, f"Error: {text}")
        else:
            result = {"stdout": output, "stderr": "", "interrupted": False, "isImage": False}
            self._result(call_id, output, False, result)

    def bash_in_background(self, command: str, shell: str) -> None:
        """A ``Bash`` call with ``run_in_background``: its answer says only that it started."""
        call_id = self._call("Bash", {"command": command, "run_in_background": True})
        text = f"Command running in background with ID: {shell}. Output is being written to: x"
        self._result(call_id, text, False, {"backgroundTaskId": shell})

    def poll(self, shell: str, status: str, output: str = "", exit_code: int | None = None) -> None:
        """A ``BashOutput`` call for background shell ``shell``, answered with its status."""
        call_id = self._call("BashOutput", {"bash_id": shell})
        text = f"<status>{status}</status>\n\n"
        if exit_code is not None:
            text += f"<exit_code>{exit_code}</exit_code>\n\n"
        self._result(call_id, text + f"<stdout>\n{output}\n</stdout>", False, {"shellId": shell})

    def write(self, path: Path, content: str) -> None:
        """Write the file for real, as the agent's Write tool would, and record it."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        call_id = self._call("Write", {"file_path": str(path), "content": content})
        self._result(call_id, f"File created successfully at: {path}", False, {"type": "create"})

    def edit(self, path: Path, old: str, new: str) -> None:
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        call_id = self._call("Edit", {"file_path": str(path), "old_string": old, "new_string": new})
        self._result(call_id, f"The file {path} has been updated.", False, {"filePath": str(path)})

    def say(self, text: str) -> None:
        self._entry("assistant", {"role": "assistant", "content": [{"type": "text", "text": text}]})

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as out:
            for line in self.lines:
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
        return path


ANSWERS = {
    "<what this session did>": "Refunds round to cents.",
    "<the first thing the next session should do>": "Round GBP refunds too.",
    "<the next step now, after those commits>": "Round GBP refunds too.",
    "<path or URL of the test report>": "https://ci.example.com/run/2",
    "<the task's name>": "Refunds",
    "<what the change does>": "refunds: work in progress",
    "<where the work stands: what works, what does not>": "EUR refunds round; `pytest -q` passes.",
    "<a choice that would surprise someone>, because <why>": "Integer cents, because floats drift.",
    "<what was tried or rejected>: <why it did not work>": "Decimal in the API: webhooks re-round.",
    "<path/to/file.py:line or URL the next session needs>": "src/refunds.py:2",
}


def the_command(hook_err: str, after: str) -> str:
    """The command the hook printed after ``after``, on its line."""
    line = next(line for line in hook_err.splitlines() if after in line)
    return line.split(after, 1)[1].strip()


def fill_in(command: str, answers: dict[str, str] | None = None) -> str:
    """``command`` with its ``"<...>"`` placeholders replaced, as an agent would."""
    import shlex

    for placeholder, text in (answers or ANSWERS).items():
        command = command.replace(f'"{placeholder}"', shlex.quote(text))
    assert '"<' not in command, command
    return command


def run_fix(root: Path, command: str) -> subprocess.CompletedProcess[str]:
    """Run a command the hook printed, in ``root``, with this environment's console scripts."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        ["sh", "-c", fill_in(command)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


PRE_COMMIT = """#!/bin/sh
# The two pre-commit hooks as the pre-commit framework runs them: unstaged changes set aside,
# handoff-render on the staged packets, then handoff-audit-staged on the staged files.
patch="$(git rev-parse --git-dir)/unstaged.patch"
git diff --binary --no-color > "$patch"
[ -s "$patch" ] && git apply -R "$patch"
staged=$(git diff --cached --name-only --diff-filter=ACMR)
handoff-render $(printf '%s\\n' $staged | grep '[.]json$')
rc=$?
if [ $rc -eq 0 ]; then handoff-audit-staged $staged; rc=$?; fi
[ -s "$patch" ] && git apply "$patch"
exit $rc
"""


def with_pre_commit(root: Path) -> None:
    """Install `PRE_COMMIT` as the repository's pre-commit hook."""
    hook = root / ".git" / "hooks" / "pre-commit"
    hook.write_text(PRE_COMMIT, encoding="utf-8")
    hook.chmod(0o755)


def refunds_packet(
    repo: GitRepo,
    run_cli: Callable[..., Result],
    summary: str = "refunds added",
    next_action: str = "Round GBP in src/refunds.py",
) -> Result:
    """`new` for the refunds work of `feature_repo`, succeeded: its run (for its notes)."""
    made = run_cli(
        ["new", "--summary", summary, "--next-action", next_action,
         "--verdict-pointer", "src/refunds.py"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    return made


def feature_repo(repo: GitRepo, branch: str = "feat/refunds") -> GitRepo:
    """``main`` with one commit, and ``branch`` checked out from it with one commit of its own."""
    repo.write("README.md", "# shop\n")
    repo.commit("init")
    repo.git("checkout", "-q", "-b", branch)
    repo.write("src/refunds.py", "def refund(amount):\n    return amount\n")
    repo.commit("refunds: first cut")
    return repo


def a_is_2_branch(repo: GitRepo, branch: str, *, with_packet: bool = True) -> None:
    """``main`` with one commit (``a.py``: ``a = 1``), and ``branch`` checked out from it with
    one commit of its own (``a = 2``), then, when ``with_packet``, its packet written by `new`
    (next action "Make a 3 in a.py.") and committed."""
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", branch)
    repo.write("a.py", "a = 2\n")
    repo.commit("work")
    if with_packet:
        made = run_fix(
            repo.root,
            "handoff-audit new --summary 'a is 2' --next-action 'Make a 3 in a.py.' "
            "--verdict-pointer https://ci.example/1",
        )
        assert made.returncode == 0, made.stderr
        repo.commit("handoff")


def diverged(repo: GitRepo, *, with_packet: bool, subfolder: bool = False) -> None:
    """main: a.py, c.py, d.py (and sub/notes.txt with ``subfolder``); `other` changes c.py (A),
    a.py (B), d.py (C); `feat` changes a.py (committed, with its packet when ``with_packet``),
    so B conflicts with it."""
    for name in ("a", "c", "d"):
        repo.write(f"{name}.py", f"{name} = 1\n")
    if subfolder:
        repo.write("sub/notes.txt", "notes\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "other")
    for name, message in (("c", "A"), ("a", "B"), ("d", "C")):
        repo.write(f"{name}.py", f"{name} = 2\n")
        repo.commit(message)
    repo.git("switch", "-q", "-c", "feat", "main")
    repo.write("a.py", "a = 3\n")
    head = repo.commit("feat a")
    if with_packet:
        data = packet("feat", head, summary="a is 3", changed_files=["a.py"])
        repo.write("handoff.json", data)
        repo.write("handoff.md", render_packet(data))
        repo.commit("handoff")


def since_then_brief(repo: GitRepo, command: str, next_step: str, summary: str) -> str:
    """Follow the hook's since-then ``command`` with its ``"<...>"`` filled as an agent fills
    them (the next step's with ``next_step``, the others with ``summary``), commit, check that
    the hook then lets the session stop, and return the next session's brief."""
    filled = re.sub(
        r'"<[^">]*>"',
        lambda m: shlex.quote(next_step if "next" in m[0] else summary),
        command,
    )
    done = run_fix(repo.root, filled)
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: since then")
    assert run_hook(stop_event(repo.root)).code == 0
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(repo.root)}
    started = run_hook({**event, "source": "startup"})
    context: str = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    return context
