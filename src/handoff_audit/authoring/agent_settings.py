"""Installing `handoff-audit hook` into Claude Code's project settings (.claude/settings.json).

The merge adds one command hook per event and touches nothing else: other hooks, permissions
and unknown keys stay as they were, in their order. Running it again changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from handoff_audit.authoring.packet_files import refuse_outside, write_atomic
from handoff_audit.errors import InputError

HOOK_COMMAND = "handoff-audit hook"
"""The command Claude Code runs (it must be on the agent's PATH)."""
HOOK_TIMEOUT = 30
"""Seconds Claude Code waits for the hook (it takes well under one)."""
SETTINGS = Path(".claude/settings.json")
"""Where the project's shared settings live, from the repository top."""


def snippet(events: tuple[str, ...], command: str = HOOK_COMMAND) -> dict[str, Any]:
    """The settings that run ``command`` on each of ``events``."""
    return {"hooks": {event: [_group(command)] for event in events}}


def _group(command: str) -> dict[str, Any]:
    return {"hooks": [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT}]}


def merge(settings: dict[str, Any], events: tuple[str, ...], command: str) -> list[str]:
    """Add ``command`` to ``settings`` for each event that does not run it yet; the events
    added. `InputError` when the file's ``hooks`` have a shape Claude Code would not read."""
    hooks = settings.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InputError('"hooks" is not an object; fix it by hand, then run --install again')
    added = []
    for event in events:
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise InputError(f'"hooks.{event}" is not a list; fix it by hand, then try again')
        if any(_runs(group, command) for group in groups):
            continue
        groups.append(_group(command))
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
    words = value.split()
    if words == command.split():
        return True
    return len(words) == 2 and words[0].endswith("handoff-audit") and words[1] == "hook"


def install(
    top: Path, events: tuple[str, ...], command: str = HOOK_COMMAND
) -> tuple[Path, list[str]]:
    """Merge the hook into ``top/.claude/settings.json`` (created when missing); the file and
    the events added (none when it was already there: the file is then left untouched)."""
    path = top / SETTINGS
    refuse_outside(path)
    settings: Any = {}
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise InputError(f"{SETTINGS}: not a regular file; not touching it")
    if path.exists():
        try:
            text = path.read_text(encoding="utf-8")
            settings = json.loads(text) if text.strip() else {}
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"{SETTINGS}: cannot be read ({error})") from None
        except ValueError as error:
            raise InputError(
                f"{SETTINGS}: not valid JSON ({error}); fix it, then run --install again"
            ) from None
        if not isinstance(settings, dict):
            raise InputError(f"{SETTINGS}: not a JSON object; not touching it")
    try:
        added = merge(settings, events, command)
    except InputError as error:
        raise InputError(f"{SETTINGS}: {error}") from None
    if added:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
    return path, added
