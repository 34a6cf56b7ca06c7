"""The Stop hook's fix for a rebase stopped midway, or a HEAD left detached off a branch."""

from __future__ import annotations

from collections.abc import Callable

from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.gate_verdict import Problem
from handoff_audit.git.rebase_state import STAGE_THEM, continue_command
from handoff_audit.git.unbranched import unbranched_hint
from handoff_audit.textcut import shorten


def rebase_advice(problem: Problem, path: Callable[[str], str]) -> Advice:
    """A rebase stopped midway: go on with it; changes it has not staged (an `edit` step's
    amendment begun) are staged first, which `--continue` refuses without. A HEAD left
    detached off a branch (``left-branch``, as a bare `bisect reset` after one leaves it):
    back to the branch; one with commits no branch holds (``unbranched``): a new branch.
    ``path`` writes a file's path as the agent's folder sees it, quoted."""
    if problem.kind == "unbranched":
        return Advice(problem.message, problem.command, unbranched_hint(problem.command))
    if problem.kind == "left-branch":
        return Advice(
            problem.message,
            problem.command,
            "or, to go on from this commit, a branch of its own: `git switch -c NEW-BRANCH`",
        )
    names = " ".join(path(f) for f in problem.files)
    if not problem.files:
        return Advice(
            f"{problem.message}; finish it", continue_command(names), "or `git rebase --abort`"
        )
    shown = ", ".join(shorten(f, 60, squeeze=True) for f in problem.files[:3])
    more = f" (+{len(problem.files) - 3} more)" if len(problem.files) > 3 else ""
    return Advice(
        f"{problem.message}, with changes not staged in {shown}{more}; stage them "
        f"({STAGE_THEM}) and finish it",
        continue_command(names),
        "or `git rebase --abort`, which drops those changes",
    )
