"""A next-step label in a blockquote ("> **What's left to do tomorrow:**") is no step for `show`
and the SessionStart brief; the list under it in the same quote is, as for a label outside
one."""

from __future__ import annotations

from conftest import GitRepo
from show_support import Run, briefs_on_branch

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


def test_the_list_under_a_label_in_a_blockquote_is_the_next_step(
    git_repo: GitRepo, run_cli: Run
) -> None:
    for text in briefs_on_branch(git_repo, run_cli, QUOTED):
        step = text.split("(HANDOFF.md")[0]
        assert step.startswith("Next action: 1. **Session H — delete the legacy"), text
        assert "2. **npm publish decision**" in step, text
        assert "What's left" not in step and "Original session intent" not in step, text
