"""`show` and the session-start hook on a hand-written handoff far longer than prose: its next
step is read as `md-incomplete` reads the file (`markdown.long_lines`: each line up to
`LONG_LINE` characters, a file past `MANY_LINES` lines at its first `HEAD_LINES` lines and its
last ones), so a crafted 1 MiB file costs them what a prose one does, and the step they quote is
one `check` finds."""

from __future__ import annotations

import json

from agent_support import run_hook
from conftest import GitRepo
from handoff_audit.markdown.long_lines import HEAD_LINES, MANY_LINES
from test_agent_session_start import claude_start, context_of
from test_brief_show import Run, repo, show_json

__all__ = ["repo"]  # the fixture

STEP = "## Next step\n\nRound GBP refunds in src/refunds.py and run the refund tests.\n"


def _filler(count: int) -> str:
    return "\n".join(f"Looked at log batch {number} today." for number in range(count)) + "\n"


def _next_facet_missing(run_cli: Run, repo: GitRepo) -> bool:
    result = run_cli(["check", "--format", "json", "--jobs", "1"], cwd=repo.root)
    findings = json.loads(result.out)["findings"]
    return any(f["rule"] == "md-incomplete" and f.get("facet") == "next" for f in findings)


def test_a_next_step_between_the_head_and_the_tail_is_quoted_by_neither(
    repo: GitRepo, run_cli: Run
) -> None:
    middle = _filler(HEAD_LINES + 2_000) + "\n" + STEP + "\n" + _filler(MANY_LINES)
    repo.write("HANDOFF.md", "# Refunds\n\n" + middle)
    repo.commit("handoff: a long log")
    assert _next_facet_missing(run_cli, repo)
    brief = show_json(run_cli, repo)
    assert [section["key"] for section in brief["sections"]] == ["text"]
    assert "Round GBP" not in context_of(run_hook(claude_start(repo.root), repo.root))

    # the same step at the bottom, where a running log puts its newest entry: both quote it
    bottom = _filler(HEAD_LINES + 2_000 + MANY_LINES) + "\n" + STEP
    repo.write("HANDOFF.md", "# Refunds\n\n" + bottom)
    repo.commit("handoff: the step at the bottom")
    assert not _next_facet_missing(run_cli, repo)
    quoted = show_json(run_cli, repo)["sections"][0]
    assert quoted["key"] == "next_action"
    assert quoted["items"] == ["Round GBP refunds in src/refunds.py and run the refund tests."]
    context = context_of(run_hook(claude_start(repo.root), repo.root))
    assert context.startswith("Next action: Round GBP refunds in src/refunds.py")
