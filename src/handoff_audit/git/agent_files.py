"""The agent settings files among the tool's setup files (`later_work.SETUP_FILES`): setup
only as far as handoff-audit's own hook entries go (`setup_change`)."""

from __future__ import annotations

AGENT_SETTINGS = frozenset(
    {".claude/settings.json", ".claude/settings.local.json", ".codex/hooks.json"}
)
"""The agent settings files, from the audited root."""

__all__ = ["AGENT_SETTINGS"]
