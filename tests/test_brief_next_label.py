"""`show` and the session-start hook quote a hand-written handoff's next step without the label
it is written under ("NEXT: add cube()" -> "Next action: add cube()"): the brief already calls
it the next action; a numbered item quoted alone loses its number too ("6. Next: add cube()").
Only a label the reading takes for a next step's is left out."""

from __future__ import annotations

import pytest

from agent_support import run_hook
from conftest import GitRepo
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run, repo, show

__all__ = ["repo"]  # the fixture

STEP = "add cube() in src/calc.py with a test."


@pytest.mark.parametrize(
    "line",
    [
        f"NEXT: {STEP}",
        f"Next: {STEP}",
        f"Next step: {STEP}",
        f"TODO: {STEP}",
        f"- Next: {STEP}",
        f"* TODO: {STEP}",
        f"6. Next: {STEP}",
        f"12) Next step: {STEP}",
    ],
)
def test_the_next_step_is_quoted_without_its_label(repo: GitRepo, run_cli: Run, line: str) -> None:
    repo.write("HANDOFF.md", f"# Calc\n\nTests pass for add() in src/calc.py.\n\n{line}\n")
    repo.commit("handoff")
    shown = show(run_cli, repo)
    assert shown.code == 0, shown.err
    assert shown.out.splitlines()[0] == f"Next action: {STEP}", shown.out[:300]
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.splitlines()[0] == f"Next action: {STEP}", context[:300]


def test_a_label_of_another_part_stays(repo: GitRepo, run_cli: Run) -> None:
    repo.write("HANDOFF.md", "# Calc\n\n## Next steps\n\nBlocked: add cube() once CI runs.\n")
    repo.commit("handoff")
    shown = show(run_cli, repo)
    assert shown.out.splitlines()[0] == "Next action: Blocked: add cube() once CI runs."
