"""The agent settings files among the tool's setup files (`later_work.SETUP_FILES`): setup
only as far as handoff-audit's own hook entries go (`setup_change`); and the personal ones
among them, this machine's and never committed, which are never work (`is_personal`)."""

from __future__ import annotations

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


__all__ = ["AGENT_SETTINGS", "PERSONAL_SETTINGS", "is_personal"]
