"""A next-step label in a blockquote ("> **What's left to do tomorrow:**") is no step for `show`
and the SessionStart brief; the list under it in the same quote is, as for a label outside
one."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook
from conftest import GitRepo, Result

Run = Callable[..., Result]

QUOTED = """# Handoff

> **All seven sessions shipped.** Release v1.0.0 is live.
>
> **What's left to do tomorrow (or whenever you pick it up):**
>
> 1. **Session H — delete the legacy repository.** The 30-day window ends 2026-05-25.
> 2. **npm publish decision** — flip the packages consumers pull.

> ## Original session intent
>
> Ship v1.0.0.
"""


def _briefs(repo: GitRepo, run_cli: Run, note: str) -> tuple[str, str]:
    repo.write("app.py", "print(1)\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/m")
    repo.write("HANDOFF.md", note)
    repo.commit("handoff")
    shown = run_cli(["show"], cwd=repo.root).out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(repo.root)}
    started = run_hook({**event, "source": "startup"})
    return shown, json.loads(started.out)["hookSpecificOutput"]["additionalContext"]


def test_the_list_under_a_label_in_a_blockquote_is_the_next_step(
    git_repo: GitRepo, run_cli: Run
) -> None:
    for text in _briefs(git_repo, run_cli, QUOTED):
        step = text.split("(HANDOFF.md")[0]
        assert step.startswith("Next action: 1. **Session H — delete the legacy"), text
        assert "2. **npm publish decision**" in step, text
        assert "What's left" not in step and "Original session intent" not in step, text
