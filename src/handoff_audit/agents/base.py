"""One coding agent's hook protocol, behind one interface: read its event, answer it, and say
where its project settings live. `handoff-audit hook` talks to agents only through `Agent`.

Claude Code and Codex speak the same command-hook protocol (an event as JSON on standard input;
exit 2 with the reasons on standard error blocks a stop; exit 0 lets it end, and the JSON
answer's ``systemMessage`` on standard output is shown to the user, as its warnings; a
``SessionStart`` answer is ``hookSpecificOutput.additionalContext`` there), so both are instances
of this class; an agent that speaks otherwise subclasses it and overrides what differs.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_EVENT_BYTES = 1024 * 1024
"""A hook event is a few hundred bytes; more is not an event."""
EXIT_ALLOW = 0
EXIT_BLOCK = 2


class NotAnEvent(Exception):
    """What came in is no hook event: let the session go, with this one-line note."""


@dataclass(frozen=True, slots=True)
class HookEvent:
    """The fields of a hook event that matter here."""

    name: str
    """``hook_event_name``: ``Stop``, ``SubagentStop``, ``PreCompact``, ``SessionStart``..."""
    cwd: Path
    """The folder the agent works in."""
    transcript_path: str | None = None
    """The session's transcript (JSON lines)."""
    stop_hook_active: bool = False
    """True while the agent already continues because a stop hook blocked it."""
    session_id: str | None = None
    """The session's id, which the hook counts its blocks of one session's stops by."""
    agent_id: str | None = None
    """``agent_id`` of a subagent's event (Claude Code's ``SubagentStop``): parallel subagents
    share the session id, and each one's stops are counted apart by it."""
    gone: str | None = None
    """The event's ``cwd`` when it no longer exists (the agent removed the folder it was in, a
    `git rm -r` of it): ``cwd`` is then the nearest folder above it that does."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What the hook process does: its exit code and what it writes."""

    exit: int
    """The exit code the agent reads."""
    stdout: str = ""
    """Standard output (a JSON answer, for ``SessionStart``)."""
    stderr: tuple[str, ...] = ()
    """Lines for standard error (the reasons of a block, or a note)."""
    file_names: frozenset[str] = frozenset()
    """The repository's files the lines name, as they name them: a credential-shaped part of
    one is shown as the tree has it (`credentials.redact`), so that a printed command works."""
    shown: bool = False
    """The lines are warnings on an event let go: the JSON answer's ``systemMessage`` on
    standard output, which the agent shows the user, instead of standard error; on exit 0 it
    reads standard output only (standard error only in its debug output)."""


@dataclass(frozen=True, slots=True)
class Agent:
    """A coding agent: how it sends events, how it reads answers, where its settings live."""

    name: str
    """The name `hook --agent` takes (``claude``, ``codex``)."""
    title: str
    """The agent's name, for messages."""
    settings: Path
    """Its project hook settings file, from the repository top."""
    session_matcher: str
    """The ``SessionStart`` sources it documents, as the matcher `hook --install` writes."""
    project_dir_env: str | None = None
    """The environment variable naming the project folder, when the event has no ``cwd``."""

    def parse(self, raw: bytes) -> HookEvent:
        """The event in ``raw``; `NotAnEvent` when it is not one."""
        if len(raw) > MAX_EVENT_BYTES:
            raise NotAnEvent(
                f"standard input is larger than {MAX_EVENT_BYTES} bytes: not a hook event"
            )
        try:
            data: Any = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise NotAnEvent("standard input is not a JSON hook event; nothing to judge") from None
        if not isinstance(data, dict):
            raise NotAnEvent("the hook event is not a JSON object; nothing to judge")
        name = data.get("hook_event_name")
        if not isinstance(name, str) or not name:
            raise NotAnEvent("the event has no hook_event_name; nothing to judge")
        cwd = data.get("cwd")
        if not isinstance(cwd, str) or not cwd:
            cwd = (self.project_dir_env and os.environ.get(self.project_dir_env)) or os.getcwd()
        folder, gone = Path(cwd), None
        if not folder.exists() and folder.is_absolute():
            # Removed by the session itself: the repository is still there, a folder up.
            folder, gone = next((p for p in folder.parents if p.is_dir()), folder), cwd
        if not folder.is_dir():
            raise NotAnEvent(f"cwd {cwd!r} is not a folder; nothing to judge")
        transcript = data.get("transcript_path")
        session = data.get("session_id")
        agent_id = data.get("agent_id")
        return HookEvent(
            name=name,
            cwd=folder,
            transcript_path=transcript if isinstance(transcript, str) and transcript else None,
            stop_hook_active=data.get("stop_hook_active") is True,
            session_id=session if isinstance(session, str) and session else None,
            agent_id=agent_id if isinstance(agent_id, str) and agent_id else None,
            gone=gone,
        )

    def allow(self, note: str | None = None) -> Answer:
        """Let the session go on (or end), with an optional one-line note."""
        return Answer(EXIT_ALLOW, stderr=(note,) if note else ())

    def block(self, lines: list[str]) -> Answer:
        """Hold the stop: the reasons go to the agent."""
        return Answer(EXIT_BLOCK, stderr=tuple(lines))

    def report(self, lines: list[str]) -> Answer:
        """An event that may not block, or a stop let go with warnings: the reasons are shown
        (`Answer.shown`), the session goes on."""
        return Answer(EXIT_ALLOW, stderr=tuple(lines), shown=True)

    def add_context(self, event: HookEvent, text: str) -> Answer:
        """Hand ``text`` to the session as additional context (``SessionStart``)."""
        answer = {"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": text}}
        return Answer(EXIT_ALLOW, stdout=json.dumps(answer, ensure_ascii=False))
