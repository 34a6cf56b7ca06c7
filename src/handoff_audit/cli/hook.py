"""`handoff-audit hook`: a coding agent's hook that keeps a session from ending without a
current, valid handoff packet.

The agent's protocol (Claude Code's): one event as JSON on standard input; exit 2 blocks the
stop and shows standard error to the agent; exit 0 lets it stop. Anything the hook cannot read
is exit 0 with a one-line note: a broken hook must not trap a session.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from handoff_audit.authoring.agent_gate import Gate

EXIT_ALLOW = 0
EXIT_BLOCK = 2
MAX_EVENT_BYTES = 1024 * 1024
"""A hook event is a few hundred bytes; more is not an event."""
MAX_LINES = 12
"""The most lines the agent is shown when blocked."""
_PROMPT = "handoff-audit hook"


@dataclass(frozen=True, slots=True)
class HookEvent:
    """The fields of a hook event that matter here."""

    name: str
    """``hook_event_name``: ``Stop``, ``SubagentStop``, ``PreCompact``..."""
    cwd: Path
    """The folder the agent works in."""
    transcript_path: str | None = None
    """The session's transcript (JSON lines)."""
    stop_hook_active: bool = False
    """True while the agent already continues because a stop hook blocked it."""


class _Note(Exception):
    """Let the session go, with this one-line note."""


def run_hook(stdin: IO[bytes], err: IO[str], out: IO[str] | None = None) -> int:
    """Read one event from ``stdin``, judge, write the reasons to ``err``; 0 or 2. A
    ``SessionStart`` event gets the branch's brief on ``out`` instead, and exit 0."""
    try:
        if stdin.isatty():
            raise _Note(
                "reads one hook event as JSON on standard input (the agent sends it); "
                "see `handoff-audit hook --help`, or install it with `handoff-audit hook --install`"
            )
        event = parse_event(stdin.read(MAX_EVENT_BYTES + 1))
        if event.name == "SessionStart":
            return _session_start(event, out)
        if event.stop_hook_active:
            raise _Note(
                "stop_hook_active: the agent is already continuing after a blocked stop; "
                "not blocking again (no loop)"
            )
        return _judge(event, err)
    except _Note as note:
        said = f"{_PROMPT}: {note}"
    except Exception as error:  # a broken hook must not trap a session
        said = (
            f"{_PROMPT}: internal error ({type(error).__name__}: {error}); letting the session "
            "end. This is a bug; please report it."
        )
    from handoff_audit.credentials import redact

    err.write(redact(" ".join(said.split())) + "\n")  # one line, no credential
    return EXIT_ALLOW


def parse_event(raw: bytes) -> HookEvent:
    """The event in ``raw``; `_Note` when it is not one."""
    if len(raw) > MAX_EVENT_BYTES:
        raise _Note(f"standard input is larger than {MAX_EVENT_BYTES} bytes: not a hook event")
    try:
        data: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _Note("standard input is not a JSON hook event; nothing to judge") from None
    if not isinstance(data, dict):
        raise _Note("the hook event is not a JSON object; nothing to judge")
    name = data.get("hook_event_name")
    if not isinstance(name, str) or not name:
        raise _Note("the event has no hook_event_name; nothing to judge")
    cwd = data.get("cwd")
    if not isinstance(cwd, str) or not cwd:
        cwd = os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd()
    folder = Path(cwd)
    if not folder.is_dir():
        raise _Note(f"cwd {cwd!r} is not a folder; nothing to judge")
    transcript = data.get("transcript_path")
    return HookEvent(
        name=name,
        cwd=folder,
        transcript_path=transcript if isinstance(transcript, str) and transcript else None,
        stop_hook_active=data.get("stop_hook_active") is True,
    )


def _session_start(event: HookEvent, out: IO[str] | None) -> int:
    """Hand the branch's brief to the new session as additional context; nothing when the
    branch has no handoff. Never blocks."""
    # start-up: the brief's modules load only for this event
    from handoff_audit.cli.show import brief_text
    from handoff_audit.controls import json_text
    from handoff_audit.engine.brief import NoHandoff
    from handoff_audit.errors import InputError

    try:
        text = brief_text(event.cwd)
    except NoHandoff:
        return EXIT_ALLOW
    except InputError as error:
        raise _Note(f"no brief for this session: {error}") from None
    answer = {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}
    if out is not None:
        out.write(json_text(json.dumps(answer, ensure_ascii=False)) + "\n")
    return EXIT_ALLOW


def _judge(event: HookEvent, err: IO[str]) -> int:
    from handoff_audit.authoring.agent_gate import Unreadable, judge

    try:
        gate = judge(event.cwd)
    except Unreadable as problem:
        raise _Note(f"{problem}; not judging") from None
    if not gate.problems:
        if gate.note:
            err.write(f"{_PROMPT}: {gate.note}\n")
        return EXIT_ALLOW
    from handoff_audit.credentials import redact

    blocks = event.name in gate.config.agent_hook.events
    for line in block_message(gate, event, blocks):
        err.write(redact(line) + "\n")  # a credential in `verify` or a path is not echoed
    return EXIT_BLOCK if blocks else EXIT_ALLOW


def block_message(gate: Gate, event: HookEvent, blocks: bool) -> list[str]:
    """At most `MAX_LINES` lines: a header, each reason with the command that fixes it (and
    the alternative, when there is one), and what to do next."""
    from handoff_audit.authoring.agent_fixes import Fixes

    if blocks:
        head = f"handoff-audit: do not stop yet: the handoff of branch {gate.branch} is not ready."
    else:
        head = (
            f"handoff-audit ({event.name}, advisory): the handoff of branch {gate.branch} "
            "is not ready."
        )
    lines = [head]
    advice = Fixes(gate, event.cwd, event.transcript_path).advice()
    room = MAX_LINES - 2
    for number, entry in enumerate(advice):
        block = [f"- {entry.reason}", f"  fix: {entry.command}"]
        if entry.also:
            block.append(f"  {entry.also}")
        left = len(advice) - number - 1
        if len(lines) - 1 + len(block) + (1 if left else 0) > room:
            lines.append(f"- and {len(advice) - number} more: run `handoff-audit check`")
            break
        lines.extend(block)
    fill = " (fill in the <...> parts)" if any('"<' in line for line in lines) else ""
    lines.append(
        f"Run each fix{fill}, commit, then stop again."
        if blocks
        else "Refresh the handoff before the session ends."
    )
    return lines
