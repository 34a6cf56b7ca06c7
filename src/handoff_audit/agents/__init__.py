"""The coding agents `handoff-audit hook` speaks to, registered in one list. Adding an agent:
a module with one `Agent` (or a subclass, when its protocol differs), added to `AGENTS`, and its
name to `hook --agent`'s choices (`cli.main.AGENT_NAMES`; a test fails until it is there)."""

from __future__ import annotations

from handoff_audit.agents import claude_code, codex
from handoff_audit.agents.base import Agent, Answer, HookEvent, NotAnEvent

AGENTS: tuple[Agent, ...] = (claude_code.AGENT, codex.AGENT)
"""Every agent; the first is the default."""

BY_NAME: dict[str, Agent] = {agent.name: agent for agent in AGENTS}

__all__ = ["AGENTS", "BY_NAME", "Agent", "Answer", "HookEvent", "NotAnEvent"]
