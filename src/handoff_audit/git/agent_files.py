"""The agent settings files among the tool's setup files (`later_work.SETUP_FILES`): setup
only as far as handoff-audit's own hook entries go (`setup_change`); and the personal ones
among them, this machine's and never committed, which are never work (`is_personal`)."""

from __future__ import annotations

import os
from pathlib import Path

AGENT_SETTINGS = frozenset(
    {".claude/settings.json", ".claude/settings.local.json", ".codex/hooks.json"}
)
"""The agent settings files, from the audited root."""

PERSONAL_SETTINGS = ".claude/settings.local.json"
"""Claude Code's project settings of this machine, not committed (the README's place for a hook
installed with this machine's path; Claude Code writes approved permissions there itself)."""


def is_personal(path: str) -> bool:
    """Whether ``path`` (from the top folder) is a personal settings file (`PERSONAL_SETTINGS`)
    in any folder, as Claude Code started there keeps one: never asked to be committed, and no
    change to it is work."""
    return path == PERSONAL_SETTINGS or path.endswith("/" + PERSONAL_SETTINGS)


OUTSIDE = "\0outside"
"""Where a settings link leads that is out of the repository (or of the root): work, unread."""


def disk_link(root: Path, name: str) -> str | None:
    """Where the work tree's ``name`` leads when a link on its way makes it another file than
    itself: that file from ``root``, or `OUTSIDE`; ``None`` when it is itself (or absent)."""
    top = os.path.realpath(root)
    try:
        real = os.path.realpath(os.path.join(top, name))
    except (OSError, ValueError, RuntimeError):  # a loop of links
        return OUTSIDE
    if real == os.path.join(top, *name.split("/")):
        return None
    relative = os.path.relpath(real, top)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return OUTSIDE
    return Path(relative).as_posix()


def linked_settings(root: Path) -> frozenset[str]:
    """The files in ``root`` that the work tree's agent settings files link to (`hook
    --install` writes through such a link): settings files too."""
    targets = {disk_link(root, name) for name in AGENT_SETTINGS if not is_personal(name)}
    return frozenset(t for t in targets if t is not None and t != OUTSIDE)


__all__ = [
    "AGENT_SETTINGS",
    "OUTSIDE",
    "PERSONAL_SETTINGS",
    "disk_link",
    "is_personal",
    "linked_settings",
]
