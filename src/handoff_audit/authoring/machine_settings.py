"""A new `.claude/settings.json` whose handoff-audit hook runs by this machine's path (`hook
--install` writes the path when handoff-audit is not on PATH, and warns not to commit it so:
the path fails on other machines). The Stop hook's fix for it agrees: it moves the file to
`.claude/settings.local.json`, Claude Code's settings of this machine, which is never asked to
be committed (`agent_files.is_personal`), instead of committing it."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit import jsonpos
from handoff_audit.git.agent_files import PERSONAL_SETTINGS
from handoff_audit.git.setup_change import same_command
from handoff_audit.git.tracked import is_tracked
from handoff_audit.program import PROGRAM

SHARED = ".claude/settings.json"


@dataclass(frozen=True, slots=True)
class Move:
    """The settings file to move, and the rest of the files to commit."""

    path: str
    """The hook's command as the file has it."""
    rest: tuple[str, ...]

    def reason(self) -> str:
        return (
            f"{SHARED} runs the handoff-audit hook by this machine's path ({self.path}), which "
            f"fails on other machines: keep it in {PERSONAL_SETTINGS} (this machine's settings, "
            "not committed)"
        )

    def command(self, where: Callable[[str], str]) -> str:
        """The move, each file as ``where`` names it for the agent's folder."""
        return f"mv -- {where(SHARED)} {where(PERSONAL_SETTINGS)}"

    def also(self) -> str:
        return (
            f"or put {PROGRAM} on PATH, make the command `{PROGRAM} hook` in {SHARED} and commit it"
        )


def machine_move(root: Path, files: Sequence[str]) -> Move | None:
    """The `Move` when ``files`` (uncommitted, from the top folder) hold a `.claude/settings.json`
    git does not track, whose handoff-audit hook runs by a path, and no personal settings
    file is there to take it; ``None`` otherwise."""
    if SHARED not in files or os.path.lexists(root / PERSONAL_SETTINGS):
        return None
    shared = root / SHARED
    if shared.is_symlink() or is_tracked(os.path.realpath(root), str(shared)) is not False:
        return None
    try:
        settings = jsonpos.loads(shared.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return None
    by_path = next((c for c in _commands(settings) if _by_path(c)), None)
    if by_path is None:
        return None
    return Move(shlex.split(by_path)[0], tuple(f for f in files if f != SHARED))


def _by_path(command: str) -> bool:
    return same_command(command, f"{PROGRAM} hook") and shlex.split(command)[0] != PROGRAM


def _commands(settings: Any) -> Iterator[str]:
    hooks = settings.get("hooks") if isinstance(settings, dict) else None
    for groups in hooks.values() if isinstance(hooks, dict) else ():
        for group in groups if isinstance(groups, list) else ():
            inner = group.get("hooks") if isinstance(group, dict) else None
            for hook in inner if isinstance(inner, list) else ():
                if isinstance(hook, dict) and isinstance(hook.get("command"), str):
                    yield hook["command"]


__all__ = ["SHARED", "Move", "machine_move"]
