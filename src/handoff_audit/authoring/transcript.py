"""What a coding agent's session transcript says the session did: the commands it ran, the files
it edited, and what failed.

Two formats, both JSON lines, read as a stream so that a long session costs bounded memory:

- Claude Code (``~/.claude/projects/*/SESSION.jsonl``): ``assistant`` entries whose
  ``message.content`` holds ``tool_use`` blocks (``Bash`` with ``input.command``; ``Edit``,
  ``Write``, ``MultiEdit`` with ``input.file_path``; ``NotebookEdit`` with
  ``input.notebook_path``), and ``user`` entries whose ``tool_result`` blocks answer them by
  ``tool_use_id``, with ``is_error`` on a failure and the text ``Exit code N`` first when the
  command exited non-zero.
- Codex CLI (``~/.codex/sessions/**/rollout-*.jsonl``): ``response_item`` entries whose
  ``payload`` is a ``function_call`` (``name`` ``shell``/``shell_command``/``exec_command``,
  ``arguments`` a JSON text with ``command``) answered by a ``function_call_output`` with the
  same ``call_id``, and ``custom_tool_call`` ``apply_patch`` whose patch names the files.

A command still running when its call answered (Codex: ``Process running with session ID N``, its
exit in a later ``write_stdin`` poll of session N; Claude Code: ``Bash`` with
``run_in_background``, answered ``Command running in background with ID: X``, its status in a
later ``BashOutput``/``TaskOutput`` of X, ``<status>`` and ``<exit_code>``) is kept with the exit
the poll gives; one whose outcome the transcript never tells is left out, never taken as a pass.

Anything else (summaries, text, thinking, other tools, unknown entry types) is ignored; a line
that is not a JSON object is skipped and counted. Every command and note passes through the
secret rule before it is kept, so a credential typed into a command never reaches a packet.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from handoff_audit.authoring.session_facts import SessionFacts, TimedRun
from handoff_audit.credentials import redact
from handoff_audit.errors import InputError, not_regular
from handoff_audit.git_folder import GIT_FOLDER, in_git_folder
from handoff_audit.textcut import shorten

if TYPE_CHECKING:
    from handoff_audit.git.workbench import Workbench

MAX_LINE_BYTES = 16 * 1024 * 1024
"""A longer line (a huge file written in one tool call) is skipped and counted, not read whole."""
MAX_TRANSCRIPT_BYTES = 1024 * 1024 * 1024
"""A larger file is refused before it is read: a session's transcript stays far below it, and it
keeps a sparse or runaway file from being read for minutes."""
MAX_PENDING = 4096
"""Tool calls waiting for their result; the oldest are dropped beyond this (bounded memory)."""
MAX_FAILURES = 200
"""Failures kept (the most recent): a failing loop can neither fill memory nor push the packet
past ``max-file-bytes`` (200 at most ~2 kB each)."""
MAX_CMD_CHARS = 2000
"""A command longer than this is cut (a heredoc that writes a file is not worth keeping whole)."""
MAX_NOTE_CHARS = 160
"""A failure's note: the most telling line of its output, shortened."""
MAX_FOLDERS = 20
"""Working folders remembered (the first ones named)."""
MAX_FAILED_ATTEMPTS = 10
"""Failed attempts proposed at most (distinct commands, the most recent)."""

_EDIT_TOOLS = {"Edit": "file_path", "Write": "file_path", "MultiEdit": "file_path"}
_EDIT_TOOLS["NotebookEdit"] = "notebook_path"
_CODEX_SHELLS = frozenset(
    {"shell", "shell_command", "exec_command", "local_shell", "container.exec"}
)
_CODEX_READ = _CODEX_SHELLS | {"write_stdin"}
"""The Codex calls whose ``arguments`` (a JSON text) are read."""
_CLAUDE_EXIT = re.compile(r"\A\s*Exit code:? (-?\d+)")
_CODEX_EXIT = re.compile(r"(?:Exit code|Process exited with code):? (-?\d+)")
_CODEX_RUNNING = re.compile(r"^Process running with session ID (\d+)", re.MULTILINE)
_CLAUDE_BACKGROUND = re.compile(r"\A\s*Command running in background with ID: ([^\s.]+)")
_CLAUDE_POLLS = {"BashOutput": "bash_id", "TaskOutput": "task_id"}
_POLL_STATUS = re.compile(r"<status>\s*(\w+)\s*</status>")
_POLL_EXIT = re.compile(r"<exit_code>\s*(-?\d+)\s*</exit_code>")
_POLL_DONE = {"completed": 0, "failed": 1, "killed": 1}
"""A background command's status in a poll, and the exit it means when the poll gives none."""
_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$", re.MULTILINE)
_PATCH_MOVE = re.compile(r"^\*\*\* Move to: (.+)$", re.MULTILINE)
_APPLY_PATCH = re.compile(r"\A\s*(?:apply_patch|applypatch)(?:\s|$)")
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07?|[\x00-\x08\x0b-\x1f\x7f]")
_TALLY = re.compile(r"[=\s]*\d+ (?:failed|passed|errors?|skipped)\b")
_NOT_RUN = ("<tool_use_error>", "The user doesn't want to proceed", "Permission to use")
_TRACEBACK = "Traceback (most recent call last)"
_TELLING = re.compile(r"(?i)\b(error|failed|failure|fatal|exception|traceback|assert|denied)\b")


@dataclass(frozen=True, slots=True)
class Command:
    """One command the session ran."""

    cmd: str
    """The command line, credentials redacted, cut at `MAX_CMD_CHARS`."""
    exit: int
    """Its exit status (1 when the transcript says it failed without saying how)."""
    note: str | None = None
    """For a failure: the most telling line of its output."""
    at: datetime | None = None
    """When its result was recorded (the entry's ``timestamp``), when the transcript says."""

    def as_entry(self) -> dict[str, Any]:
        """The packet's ``commands_run`` entry."""
        entry: dict[str, Any] = {"cmd": self.cmd, "exit": self.exit}
        if self.note:
            entry["note"] = self.note
        return entry


@dataclass(slots=True)
class Transcript:
    """What one transcript says, already trimmed for a packet."""

    path: Path
    """The file read."""
    kind: str = "unknown"
    """``claude-code``, ``codex`` or ``unknown`` (no entry of either format seen)."""
    commands: list[Command] = field(default_factory=list)
    """The last ``keep_last`` passing commands plus every failure (the latest `MAX_FAILURES`),
    in the order they ran."""
    commands_seen: int = 0
    """Every command that got a result, before trimming."""
    edited_files: list[str] = field(default_factory=list)
    """Files the session edited, relative to the repository root, sorted; files outside the
    repository and in git's own folder (``.git/hooks/pre-push``) left out."""
    failed_attempts: list[str] = field(default_factory=list)
    """Proposed ``failed_attempts``: one per distinct failing command, the most recent last."""
    skipped_lines: int = 0
    """Lines that were not a JSON object, too long to read, or a shell call whose ``arguments``
    are not a readable JSON text (too deeply nested, say)."""
    first_skipped: int | None = None
    """The number (from 1) of the first skipped line."""
    working_folders: list[str] = field(default_factory=list)
    """The working folders the transcript names (``cwd``), in order of first mention."""
    in_repository: bool = False
    """Whether one of them is the repository or a folder inside it."""

    def commands_run(self) -> list[dict[str, Any]]:
        """``commands_run`` entries for a packet."""
        return [command.as_entry() for command in self.commands]


def read_transcript(
    path: Path, root: Path, keep_last: int, *, allow_foreign: bool = False
) -> Transcript:
    """Read the transcript at ``path`` for the repository at ``root``; `InputError` when the
    file cannot be opened, or when it was recorded in another folder than this repository
    (unless ``allow_foreign``). Malformed lines are skipped and counted, never fatal."""
    try:
        _refuse_unreadable(path)
        stream = path.open("rb")
    except FileNotFoundError:
        raise InputError(f"--from-transcript {path}: no such file") from None
    except OSError as error:
        raise InputError(f"--from-transcript {path}: cannot be read ({error.strerror})") from None
    reader = _Reader(Transcript(path), root, keep_last)
    with stream:
        reader.read(stream)
    found = reader.finish()
    if found.working_folders and not found.in_repository and not allow_foreign:
        raise InputError(
            f"--from-transcript {path}: the session ran in {found.working_folders[0]}, not in "
            f"this repository ({reader.root}); pass --allow-foreign-transcript to take it anyway"
        )
    return found


def _refuse_unreadable(path: Path) -> None:
    """`InputError` for a folder, for a FIFO or a device (which would block or never end) and for
    a file over `MAX_TRANSCRIPT_BYTES`; `OSError` when ``path`` cannot be looked at."""
    info = path.stat()
    if path.is_dir():
        raise InputError(f"--from-transcript {path}: is a folder, not a transcript")
    if (problem := not_regular(info.st_mode)) is not None:
        raise InputError(f"--from-transcript {path}: {problem}")
    if info.st_size > MAX_TRANSCRIPT_BYTES:
        raise InputError(
            f"--from-transcript {path}: {info.st_size} bytes, larger than the "
            f"{MAX_TRANSCRIPT_BYTES // (1024 * 1024 * 1024)} GiB that is read; give its end "
            "instead: tail -c 500M TRANSCRIPT > recent.jsonl, then --from-transcript recent.jsonl"
        )


def session_facts(
    found: Transcript, bench: Workbench, packet_file: Callable[[str], bool]
) -> SessionFacts:
    """The transcript's facts for a packet: its trimmed commands, each of which, unless its runs
    are in the packet's log already, replaces the log's entries of the same command (the newest
    run wins, and reading the same transcript again changes nothing, a later `--verify` run
    kept), its proposed failed attempts, and the files it edited that are still there (or that
    git shows changed), packets left out."""
    changed = set(bench.changed_files)
    files = tuple(
        path
        for path in found.edited_files
        if not packet_file(path) and (path in changed or (bench.root / path).exists())
    )
    commands = tuple(found.commands_run())
    return SessionFacts(
        commands_run=commands,
        changed_files=files,
        failed_attempts=tuple(found.failed_attempts),
        rerun=tuple(TimedRun(c.as_entry(), c.at) for c in found.commands),
    )


class _Reader:
    """One pass over a transcript; holds only what is still needed."""

    def __init__(self, result: Transcript, root: Path, keep_last: int) -> None:
        self.result = result
        self.root = root.resolve()
        self.keep_last = keep_last
        self.cwd: Path = self.root
        self.pending: OrderedDict[str, tuple[str, str]] = OrderedDict()
        """tool call id -> ("cmd", command), ("background", command), ("poll", background id)
        or ("file", path)."""
        self.running: OrderedDict[str, str] = OrderedDict()
        """background id (a Codex session, a Claude Code shell) -> its command, still running."""
        self.order = 0
        self.passing: deque[tuple[int, Command]] = deque(maxlen=max(keep_last, 1))
        self.failures: deque[tuple[int, Command]] = deque(maxlen=MAX_FAILURES)
        self.passed_later: OrderedDict[str, int] = OrderedDict()
        """failing command -> order of its last pass (bounded like the failures)."""
        self.files: set[str] = set()
        self.now: datetime | None = None
        """The ``timestamp`` of the entry being read."""
        self.line = 0
        """The number of the line being read."""

    def read(self, stream: IO[bytes]) -> None:
        while True:
            line = stream.readline(MAX_LINE_BYTES)
            if not line:
                return
            self.line += 1
            if not line.endswith(b"\n") and len(line) >= MAX_LINE_BYTES:
                self._skip()
                _skip_rest_of_line(stream)
                continue
            if not line.strip():
                continue
            entry = _json(line)
            if not isinstance(entry, dict):
                self._skip()
                continue
            self._entry(entry)

    def _skip(self) -> None:
        """Count the line being read as skipped."""
        self.result.skipped_lines += 1
        if self.result.first_skipped is None:
            self.result.first_skipped = self.line

    def _entry(self, entry: dict[str, Any]) -> None:
        kind = entry.get("type")
        self.now = _timestamp(entry.get("timestamp"))
        if kind in ("assistant", "user"):
            self._mark("claude-code")
            self._working_folder(entry.get("cwd"))
            message = entry.get("message")
            content = message.get("content") if isinstance(message, dict) else None
            if not isinstance(content, list):
                return
            for block in content:
                if not isinstance(block, dict):
                    continue
                if kind == "assistant" and block.get("type") == "tool_use":
                    self._claude_call(block)
                elif kind == "user" and block.get("type") == "tool_result":
                    self._claude_result(block)
        elif kind in ("response_item", "session_meta", "turn_context", "event_msg"):
            self._mark("codex")
            payload = entry.get("payload")
            if isinstance(payload, dict):
                self._codex(kind, payload)

    def _mark(self, kind: str) -> None:
        if self.result.kind == "unknown":
            self.result.kind = kind

    # Claude Code

    def _claude_call(self, block: dict[str, Any]) -> None:
        call_id, name, given = block.get("id"), block.get("name"), block.get("input")
        if not isinstance(call_id, str) or not isinstance(given, dict):
            return
        if name == "Bash":
            command = given.get("command")
            if isinstance(command, str) and command.strip():
                background = given.get("run_in_background") is True
                self._wait(call_id, "background" if background else "cmd", command)
        elif isinstance(name, str) and name in _CLAUDE_POLLS:
            shell = given.get(_CLAUDE_POLLS[name], given.get("shell_id"))
            if isinstance(shell, str) and shell:
                self._wait(call_id, "poll", shell)
        elif isinstance(name, str) and name in _EDIT_TOOLS:
            target = given.get(_EDIT_TOOLS[name])
            if isinstance(target, str) and target:
                self._wait(call_id, "file", target)

    def _claude_result(self, block: dict[str, Any]) -> None:
        call_id = block.get("tool_use_id")
        waiting = self.pending.pop(call_id, None) if isinstance(call_id, str) else None
        if waiting is None:
            return
        what, value = waiting
        text = _text_of(block.get("content"))
        failed = block.get("is_error") is True
        if what == "file":
            if not failed:
                self._edited(value)
            return
        if failed and text.lstrip().startswith(_NOT_RUN):
            return  # refused or unknown tool: the command never ran
        if what == "poll":
            if not failed:
                self._claude_poll(value, text)
            return
        started = _CLAUDE_BACKGROUND.match(text) if what == "background" else None
        if started is not None and not failed:
            self._started(started.group(1), value)
            return
        found = _CLAUDE_EXIT.match(text)
        code = int(found.group(1)) if found else (1 if failed else 0)
        body = text[found.end() :] if found else text
        self._command(value, code, body)

    def _claude_poll(self, shell: str, text: str) -> None:
        """A ``BashOutput``/``TaskOutput`` answer for background shell ``shell``: its command's
        exit once the status says it ended; nothing while it runs."""
        status = _POLL_STATUS.search(text)
        code = _POLL_EXIT.search(text)
        if code is not None:
            exit_code = int(code.group(1))
        elif status is not None and status.group(1) in _POLL_DONE:
            exit_code = _POLL_DONE[status.group(1)]
        else:
            return  # still running, or a status the poll does not give
        command = self.running.pop(shell, None)
        if command is not None:
            self._command(command, exit_code, _POLL_EXIT.sub("", _POLL_STATUS.sub("", text)))

    # Codex CLI

    def _codex(self, kind: str, payload: dict[str, Any]) -> None:
        if kind == "session_meta" or kind == "turn_context":
            self._working_folder(payload.get("cwd"))
            return
        if kind != "response_item":
            return
        item = payload.get("type")
        call_id = payload.get("call_id")
        if not isinstance(call_id, str):
            return
        arguments = payload.get("arguments")
        if isinstance(arguments, str) and payload.get("name") in _CODEX_READ:
            arguments = _json(arguments)  # a JSON text
        if arguments is _UNREADABLE:
            self._skip()  # a malformed call: skipped like a line that is not JSON
        elif item == "function_call" and payload.get("name") in _CODEX_SHELLS:
            command = _codex_command(arguments)
            patched = _patched_files(command) if command else None
            if patched is not None:  # the patch itself is in the edited files, not in the log
                for file in patched:
                    self._edited(file)
                command = shlex.join(["apply_patch", *patched])
            if command:
                self._wait(call_id, "cmd", command)
        elif item == "custom_tool_call" and payload.get("name") == "apply_patch":
            patch = payload.get("input")
            if isinstance(patch, str):
                for name in (*_PATCH_FILE.findall(patch), *_PATCH_MOVE.findall(patch)):
                    self._edited(name.strip())
        elif item == "function_call" and payload.get("name") == "write_stdin":
            session = _codex_session(arguments)
            if session is not None:
                self._wait(call_id, "poll", session)
        elif item == "function_call_output":
            waiting = self.pending.pop(call_id, None)
            if waiting is not None and waiting[0] in ("cmd", "poll"):
                self._codex_output(waiting, payload.get("output"))

    def _codex_output(self, waiting: tuple[str, str], output: Any) -> None:
        """A Codex shell call's or ``write_stdin`` poll's output: the command's exit, or, while
        it runs (``Process running with session ID N`` and no exit), a wait for a later poll."""
        what, value = waiting
        text = output if isinstance(output, str) else ""
        running = _CODEX_RUNNING.search(text[:500])
        if running is not None and _CODEX_EXIT.search(text[:500]) is None:
            if what == "cmd":
                self._started(running.group(1), value)
            return
        command = value if what == "cmd" else self.running.pop(value, None)
        if command is not None:
            code, body = _codex_output(output)
            self._command(command, code, body)

    # Shared

    def _working_folder(self, cwd: Any) -> None:
        if not isinstance(cwd, str) or not cwd:
            return
        self.cwd = Path(cwd)
        folders = self.result.working_folders
        if cwd not in folders and len(folders) < MAX_FOLDERS:
            folders.append(cwd)
        if not self.result.in_repository and _inside(self.cwd, self.root):
            self.result.in_repository = True

    def _wait(self, call_id: str, what: str, value: str) -> None:
        self.pending[call_id] = (what, value)
        if len(self.pending) > MAX_PENDING:
            self.pending.popitem(last=False)

    def _started(self, background: str, command: str) -> None:
        """``command`` runs on in the background as ``background``; a later poll tells its exit."""
        self.running[background] = command
        self.running.move_to_end(background)
        if len(self.running) > MAX_PENDING:
            self.running.popitem(last=False)

    def _edited(self, name: str) -> None:
        path = Path(name)
        full = path if path.is_absolute() else self.cwd / path
        try:
            relative = Path(os.path.normpath(full)).relative_to(self.root)
        except ValueError:
            try:
                relative = full.resolve().relative_to(self.root)
            except (ValueError, OSError):
                return  # outside the repository: not this packet's business
        text = relative.as_posix()
        if text and text != "." and not text.startswith("../"):
            self.files.add(text)

    def _command(self, raw: str, code: int, output: str) -> None:
        cmd = shorten(redact(raw.strip()), MAX_CMD_CHARS)
        self.order += 1
        self.result.commands_seen += 1
        if code == 0:
            if self.keep_last > 0:
                self.passing.append((self.order, Command(cmd, 0, at=self.now)))
            if cmd in self.passed_later:
                self.passed_later[cmd] = self.order
            return
        self.failures.append((self.order, Command(cmd, code, _note(output), self.now)))
        self.passed_later[cmd] = 0
        self.passed_later.move_to_end(cmd)
        if len(self.passed_later) > MAX_FAILURES:
            self.passed_later.popitem(last=False)

    def _in_git_folder(self, relative: str) -> bool:
        """Whether the edited file ``relative`` (to the root) lies in git's own folder (a hook in
        ``.git/hooks``, a submodule's ``.git``, where the root's ``.git`` file leads): not one
        of the repository's files. No git process: the root is known."""
        if any(part.casefold() == GIT_FOLDER for part in relative.split("/")):
            return True
        return in_git_folder(os.path.realpath(self.root / relative), str(self.root))

    def finish(self) -> Transcript:
        result = self.result
        merged = sorted([*self.passing, *self.failures], key=lambda pair: pair[0])
        result.commands = [command for _, command in merged]
        result.edited_files = sorted(path for path in self.files if not self._in_git_folder(path))
        result.failed_attempts = _failed_attempts(list(self.failures), self.passed_later)
        return result


def _failed_attempts(failures: list[tuple[int, Command]], passed: dict[str, int]) -> list[str]:
    """One line per distinct failing command, its last failure, the most recent last."""
    last: dict[str, tuple[int, Command]] = {}
    for order, command in failures:
        last[command.cmd] = (order, command)
    lines = []
    for order, command in sorted(last.values(), key=lambda pair: pair[0]):
        line = f"`{shorten(command.cmd, 200)}` exited {command.exit}"
        if command.note:
            line += f": {command.note}"
        if passed.get(command.cmd, 0) > order:
            line += " (passed later)"
        lines.append(line)
    return lines[-MAX_FAILED_ATTEMPTS:]


def _timestamp(value: Any) -> datetime | None:
    """An entry's ``timestamp`` (ISO 8601, UTC when it names no zone), or ``None``."""
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _text_of(content: Any) -> str:
    """A tool result's text: a string, or the text blocks of a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            block["text"]
            for block in content
            if isinstance(block, dict) and isinstance(block.get("text"), str)
        ]
        return "\n".join(parts)
    return ""


def _codex_command(arguments: Any) -> str | None:
    """The command line of a Codex shell call (``arguments``, its JSON text read)."""
    if not isinstance(arguments, dict):
        return None
    command = arguments.get("command", arguments.get("cmd"))
    if isinstance(command, list) and all(isinstance(part, str) for part in command):
        if len(command) >= 3 and command[-2] in ("-lc", "-c"):
            return str(command[-1])
        return shlex.join(command)
    if isinstance(command, str) and command.strip():
        return command
    return None


def _codex_session(arguments: Any) -> str | None:
    """The session a Codex ``write_stdin`` call polls (``arguments``, its JSON text read)."""
    session = arguments.get("session_id") if isinstance(arguments, dict) else None
    if isinstance(session, bool) or not isinstance(session, int | str):
        return None
    return str(session).strip() or None


_UNREADABLE = object()
"""What `_json` returns for a text that is not JSON."""


def _json(text: str | bytes) -> Any:
    """The value of the JSON ``text``, or `_UNREADABLE` when it is not JSON or is nested too
    deeply to read (``[`` five thousand times: `RecursionError`)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _UNREADABLE


def _patched_files(command: str) -> list[str] | None:
    """The files a Codex ``apply_patch`` command names (``apply_patch '*** Begin Patch ...'``
    or a heredoc), or ``None`` when the command is not one."""
    if _APPLY_PATCH.match(command) is None:
        return None
    return [name.strip() for name in (*_PATCH_FILE.findall(command), *_PATCH_MOVE.findall(command))]


def _inside(folder: Path, root: Path) -> bool:
    """Whether ``folder`` is ``root`` or under it, as written or where it resolves."""
    if Path(os.path.normpath(folder)).is_relative_to(root):
        return True
    try:
        return folder.resolve().is_relative_to(root)
    except OSError:
        return False


def _codex_output(output: Any) -> tuple[int, str]:
    """Exit status and text of a Codex shell call's output (a JSON text with ``metadata``, or
    plain text that starts with ``Exit code: N`` / ``Process exited with code N``)."""
    if isinstance(output, str):
        parsed = _json(output)
        if isinstance(parsed, dict):
            metadata = parsed.get("metadata")
            code = metadata.get("exit_code") if isinstance(metadata, dict) else None
            text = parsed.get("output")
            if isinstance(code, int) and not isinstance(code, bool):
                return code, text if isinstance(text, str) else ""
        found = _CODEX_EXIT.search(output[:500])
        if found:
            return int(found.group(1)), output[found.end() :]
        return 0, output
    return 0, ""


def _note(output: str) -> str | None:
    """The most telling line of a failure's output: the last one that names an error, else the
    last non-blank one; for a Python traceback, its exception line; credentials redacted."""
    raw = [_CONTROL.sub("", line).rstrip() for line in output[-20000:].splitlines()[-200:]]
    raw = [x for x in raw if x.strip() and not x.strip().startswith("<system-reminder>")]
    if any(_GROUP_HEADER.match(line) for line in raw):
        raw = _unframed(raw)
    if not raw:
        return None
    lines = [line.strip() for line in raw]
    telling = [line for line in lines if _TELLING.search(line) and not _TALLY.match(line)]
    chosen = (telling or lines)[-1]
    if _TRACEBACK in chosen:
        chosen = _exception_line(raw) or chosen
    return shorten(redact(chosen), MAX_NOTE_CHARS)


_GROUP_HEADER = re.compile(r"^\s*[|+] (?:Exception Group )?Traceback \(most recent call last\)")
"""An exception group's traceback (Python 3.11+, ``asyncio.TaskGroup``), or one of its
sub-exceptions', framed by ``|`` and ``+`` down its left side."""
_GROUP_RULE = re.compile(r"^\s*\+[-+]*(?:-.*-)?\s*$")
"""The rule between an exception group's sub-exceptions (``+-+---- 1 ----``)."""
_GROUP_BAR = re.compile(r"^\s*[|+](?: |$)")


def _unframed(lines: list[str]) -> list[str]:
    """The lines of an exception group's traceback with its ``|`` / ``+`` frame taken off
    (``  | ValueError: boom`` -> ``ValueError: boom``) and its rules left out."""
    kept = [line for line in lines if not _GROUP_RULE.match(line)]
    return [_GROUP_BAR.sub("", line, count=1) for line in kept if _GROUP_BAR.sub("", line).strip()]


def _exception_line(lines: list[str]) -> str | None:
    """The exception a Python traceback ends with (``ValueError: ...``): the last line not
    indented after the last ``Traceback (most recent call last):``; ``None`` when none is."""
    start = max(i for i, line in enumerate(lines) if _TRACEBACK in line)
    ends = [line.strip() for line in lines[start + 1 :] if not line[:1].isspace()]
    return ends[-1] if ends else None


def _skip_rest_of_line(stream: IO[bytes]) -> None:
    while True:
        chunk = stream.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return
