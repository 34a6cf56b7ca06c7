"""Installing `handoff-audit hook` into a coding agent's project settings: Claude Code's
``.claude/settings.json`` or Codex's ``.codex/hooks.json`` (the same ``hooks`` shape).

The merge adds one command hook per event and touches nothing else: other hooks, permissions
and unknown keys stay as they were, in their order. Running it again changes nothing. Beside
the stop events, ``SessionStart`` runs the hook with the start sources the agent documents, so
that a new session starts from the branch's brief.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from handoff_audit.agents import BY_NAME
from handoff_audit.authoring.packet_files import refuse_outside, write_atomic
from handoff_audit.errors import InputError

HOOK_COMMAND = "handoff-audit hook"
"""The command Claude Code runs (it must be on the agent's PATH)."""
HOOK_TIMEOUT = 30
"""Seconds Claude Code waits for the hook (it takes well under one)."""
SESSION_START = "SessionStart"
"""The event that hands the brief to a new session."""


AGENTS = BY_NAME
"""The agents `hook --install --agent` knows, by name (`agents.AGENTS`)."""


def snippet(
    events: tuple[str, ...], command: str = HOOK_COMMAND, agent: str = "claude"
) -> dict[str, Any]:
    """The settings that run ``command`` on each of ``events`` and on ``SessionStart``."""
    matcher = AGENTS[agent].session_matcher
    groups = {event: [_group(command)] for event in events if event != SESSION_START}
    return {"hooks": {**groups, SESSION_START: [_group(command, matcher)]}}


def _group(command: str, matcher: str | None = None) -> dict[str, Any]:
    hooks = {"hooks": [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT}]}
    return {"matcher": matcher, **hooks} if matcher else hooks


def merge(
    settings: dict[str, Any], events: tuple[str, ...], command: str, agent: str = "claude"
) -> list[str]:
    """Add ``command`` to ``settings`` for each event that does not run it yet; the events
    added. `InputError` when the file's ``hooks`` have a shape Claude Code would not read."""
    hooks = settings.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InputError('"hooks" is not an object; fix it by hand, then run --install again')
    added = []
    for event, group in snippet(events, command, agent)["hooks"].items():
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise InputError(f'"hooks.{event}" is not a list; fix it by hand, then try again')
        if any(_runs(existing, command) for existing in groups):
            continue
        groups.extend(group)
        added.append(event)
    return added


def _runs(group: Any, command: str) -> bool:
    if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
        return False
    return any(
        isinstance(hook, dict) and _same_command(hook.get("command"), command)
        for hook in group["hooks"]
    )


def _same_command(value: Any, command: str) -> bool:
    """The same command, or this hook run by another path (``/venv/bin/handoff-audit hook``)."""
    if not isinstance(value, str):
        return False
    try:
        words = shlex.split(value)
    except ValueError:
        return False
    if words == shlex.split(command):
        return True
    return len(words) == 2 and words[0].endswith("handoff-audit") and words[1] == "hook"


def install(
    top: Path, events: tuple[str, ...], command: str = HOOK_COMMAND, agent: str = "claude"
) -> tuple[Path, list[str]]:
    """Merge the hook into the agent's settings file under ``top`` (created when missing); the
    file and the events added (none when it was already there: the file is then untouched)."""
    relative = AGENTS[agent].settings
    path = top / relative
    refuse_outside(path)
    settings: Any = {}
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise InputError(f"{relative}: not a regular file; not touching it")
    if path.exists():
        try:
            text = path.read_text(encoding="utf-8")
            settings = json.loads(text) if text.strip() else {}
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"{relative}: cannot be read ({error})") from None
        except ValueError as error:
            raise InputError(
                f"{relative}: not valid JSON ({error}); fix it, then run --install again"
            ) from None
        if not isinstance(settings, dict):
            raise InputError(f"{relative}: not a JSON object; not touching it")
    try:
        added = merge(settings, events, command, agent)
    except InputError as error:
        raise InputError(f"{relative}: {error}") from None
    if added:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
    return path, added
