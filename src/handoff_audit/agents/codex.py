"""Codex: the same command-hook protocol, in ``.codex/hooks.json``; it documents no
``compact`` start source."""

from __future__ import annotations

from pathlib import Path

from handoff_audit.agents.base import Agent

AGENT = Agent(
    name="codex",
    title="Codex",
    settings=Path(".codex/hooks.json"),
    session_matcher="startup|resume|clear",
)
