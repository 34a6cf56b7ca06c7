"""A hand-written handoff's "## Next step" heading is no next action: `show` and the SessionStart
brief quote the step under it on the "Next action:" line, not the heading's words, whatever
else the heading says ("Next steps (ordered)")."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _briefs(repo: GitRepo, run_cli: Run) -> tuple[str, str]:
    shown = run_cli(["show"], cwd=repo.root).out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(repo.root)}
    started = run_hook({**event, "source": "startup"})
    return shown, json.loads(started.out)["hookSpecificOutput"]["additionalContext"]


def test_a_next_step_heading_is_not_quoted_as_the_next_action(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write("app.py", "print(1)\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/m")
    note = "# Handoff\n\n## Summary\nDid the parser.\n\n## Next step\nImplement the lexer.\n"
    git_repo.write("HANDOFF.md", note)
    git_repo.commit("handoff")
    for text in _briefs(git_repo, run_cli):
        assert text.startswith("Next action: Implement the lexer.\n("), text
    git_repo.write("HANDOFF.md", "# Handoff\n\n## Next steps (ordered)\n1. Lex.\n2. Parse.\n")
    git_repo.commit("handoff: ordered")
    for text in _briefs(git_repo, run_cli):
        assert text.startswith("Next action: 1. Lex.\n  2. Parse.\n"), text
