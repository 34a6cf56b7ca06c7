"""Claude Code: command hooks in ``.claude/settings.json``; ``SessionStart`` sources from its
hooks reference."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.agents.base import Agent

AGENT = Agent(
    name="claude",
    title="Claude Code",
    settings=Path(".claude/settings.json"),
    session_matcher="startup|resume|clear|compact",
    project_dir_env="CLAUDE_PROJECT_DIR",
)
