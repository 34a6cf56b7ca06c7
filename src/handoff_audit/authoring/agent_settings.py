"""Installing `handoff-audit hook` into a coding agent's project settings: Claude Code's
``.claude/settings.json`` or Codex's ``.codex/hooks.json`` (the same ``hooks`` shape).

The merge adds one command hook per event: other hooks, permissions and unknown keys keep their
values, in their order, and the file is written back as JSON in its own layout: the indentation
of its first indented line (2 spaces when none: a new or one-line file), its line endings (CRLF
when its first line ends so) and its trailing newline or lack of one (a file that would not
read back the same, with a duplicate key or a number too large for a float, is refused).
Running it again changes nothing: the file's bytes are left as they are. Beside the stop
events, ``SessionStart`` runs the hook with the start sources the agent documents, so that a
new session starts from the branch's brief.
"""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path
from typing import Any

from handoff_audit import jsonpos
from handoff_audit.agents import BY_NAME
from handoff_audit.authoring.packet_files import refuse_outside, write_atomic
from handoff_audit.errors import InputError
from handoff_audit.git.setup_change import same_command
from handoff_audit.git_folder import in_git_folder

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
        isinstance(hook, dict) and same_command(hook.get("command"), command)
        for hook in group["hooks"]
    )


def install(
    top: Path, events: tuple[str, ...], command: str = HOOK_COMMAND, agent: str = "claude"
) -> tuple[Path, list[str]]:
    """Merge the hook into the agent's settings file under ``top`` (created when missing); the
    file and the events added (none when it was already there: the file is then untouched).
    A settings file that is a symbolic link to a regular file inside the repository is written
    through the link (its target replaced, the link kept)."""
    relative = AGENTS[agent].settings
    path = top / relative
    named = Path(relative).as_posix()
    printed = f"`handoff-audit hook --print{_agent_option(agent)}`"
    by_hand = f"add the snippet {printed} prints to it by hand"
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise InputError(
            f"{folder.relative_to(top).as_posix()}: not a folder, so {named} cannot be written "
            f"in it; rename that file, or merge the snippet {printed} prints into the agent's "
            "settings by hand"
        )
    refuse_outside(path)
    target = _written_through(top, path, named, by_hand)
    text = _read_text(target, named, by_hand) if target.exists() else ""
    settings = _read_settings(text, named, by_hand)
    try:
        added = merge(settings, events, command, agent)
    except InputError as error:
        raise InputError(f"{named}: {error}") from None
    if added:
        indent, newline, end = _layout(text)
        written = json.dumps(settings, indent=indent, ensure_ascii=False, allow_nan=False)
        # json.dumps escapes the newlines inside strings: each "\n" it writes ends a line
        write_atomic(target, (written + end).replace("\n", newline))
    return path, added


_INDENTED = re.compile(r"\n([ \t]+)\S")


def _layout(text: str) -> tuple[str, str, str]:
    """The indentation of the settings file's first indented line (two spaces when no line is
    indented: a new file, or all on one line), its line ending (that of its first line: CRLF
    or LF) and its end: a newline, unless the file had text and did not end with one."""
    found = _INDENTED.search(text)
    indent = found.group(1) if found else "  "
    first = text.find("\n")
    newline = "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"
    end = "" if text.strip() and not text.endswith("\n") else "\n"
    return indent, newline, end


def _agent_option(agent: str) -> str:
    return "" if agent == "claude" else f" --agent {agent}"


def _written_through(top: Path, path: Path, relative: str, by_hand: str) -> Path:
    """The file to write for ``path``: itself, or the regular file inside the repository that
    it links to. `InputError` for anything else (a folder, a link that leads out of the
    repository, into git's own folder, or to nothing)."""
    if not path.is_symlink():
        if path.exists() and not path.is_file():
            raise InputError(
                f"{relative}: not a regular file; not touching it: move it away and run "
                f"--install again, or {by_hand}"
            )
        return path
    real_top = os.path.realpath(top)
    target = Path(os.path.realpath(path))
    shown = os.path.relpath(target, real_top) if target.is_relative_to(real_top) else str(target)
    said = f"{relative}: a symbolic link to {shown}"
    if not target.is_relative_to(real_top):
        raise InputError(f"{said}, outside the repository; not touching it: {by_hand}")
    if in_git_folder(str(target), real_top):
        raise InputError(f"{said}, in git's own folder; not touching it: {by_hand}")
    if _loops(path):
        raise InputError(
            f"{relative}: a symbolic link that loops; not touching it: point it at the "
            "settings file (or put the file in its place) and run --install again"
        )
    if not target.is_file():
        what = "not a regular file" if target.exists() else "missing"
        raise InputError(f"{said}, which is {what}; not touching it: {by_hand}")
    return target


def _loops(path: Path) -> bool:
    """Whether the link ``path`` leads back to itself (no file at its end)."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    return False


def _read_text(path: Path, relative: str, by_hand: str) -> str:
    """The settings file's text; `InputError` naming the fix when it cannot be read."""
    try:
        return path.read_bytes().decode("utf-8")  # as it is: its CRLF line endings kept
    except UnicodeDecodeError as error:
        raise InputError(
            f"{relative}: not UTF-8 text (byte {error.start}); save it as UTF-8 and run "
            f"--install again, or {by_hand}"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise InputError(
            f"{relative}: cannot be read ({reason}); make it readable (`chmod u+rw "
            f"{relative}`) and run --install again, or {by_hand}"
        ) from None


def _read_settings(text: str, relative: str, by_hand: str) -> dict[str, Any]:
    """The JSON object in the settings file's ``text``, read strictly: a value that would not be
    written back as it was (a duplicate key, a number too large for a float) is refused with its
    place."""
    if text.startswith("\ufeff"):  # Notepad's and PowerShell 5's UTF-8 mark, which JSON has not
        raise InputError(
            f"{relative}: starts with a byte order mark (U+FEFF), which JSON does not allow; save "
            "it as UTF-8 without a BOM, then run --install again"
        )
    if not text.strip():
        return {}
    try:
        settings = jsonpos.parse(text).value
    except jsonpos.JsonPositionError as error:
        try:
            jsonpos.loads(text)
        except ValueError:
            pass
        else:  # JSON the standard reader takes, which writing it back would change or drop
            raise InputError(
                f"{relative}:{error.line}:{error.column}: {error.reason}: writing the file back "
                f"would change it, so --install leaves it alone; correct it, or {by_hand}"
            ) from None
        raise InputError(
            f"{relative}: not valid JSON ({error}); fix it, then run --install again"
        ) from None
    if not isinstance(settings, dict):
        raise InputError(f"{relative}: not a JSON object; not touching it")
    return settings
