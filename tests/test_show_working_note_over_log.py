"""A running log beside the branch's working note (`SESSION_LOG.md` beside
`SESSION_HANDOFF.md`): a feature commit that adds one row to the log makes it the file changed
last, but `show` and the SessionStart brief still quote the working note's next action and name
the log after it ("also on this branch"); with the log alone, the log is the handoff."""

from __future__ import annotations

from conftest import GitRepo
from show_support import Run, briefs, next_action

LOG = """# Project Session Log

## Next Session Pickup

### Priority queue for next session

1. Start phase 3 step 1 in `ml/phase3.py` (the plan written 04-26).

## Debts

| # | debt |
|---|---|
| 1 | old debt |
"""

HANDOFF = """# Session Handoff

## Start here next session

**Immediate next actions:**
1. Check PR #68 review, then merge it.
2. Fix TOV% in `ml/features.py` and add a unit test.
"""


def test_the_working_note_outranks_a_log_changed_later(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("SESSION_LOG.md", LOG)
    git_repo.write("app.py", "code\n")
    git_repo.commit("log", date="2026-04-26T10:00:00Z")
    for text in briefs(git_repo, run_cli):
        assert next_action(text).startswith("Next action: 1. Start phase 3 step 1"), text
    git_repo.write("SESSION_HANDOFF.md", HANDOFF)
    git_repo.commit("docs(handoff): close out sprint", date="2026-05-01T10:00:00Z")
    git_repo.write("SESSION_LOG.md", LOG + "| 2 | new debt filed by the feature |\n")
    git_repo.write("app.py", "code\nmore\n")
    git_repo.commit("feat: feature PR also files a debt", date="2026-05-07T10:00:00Z")
    for text in briefs(git_repo, run_cli):
        assert next_action(text).startswith("Next action: 1. Check PR #68 review"), text
        assert "(SESSION_HANDOFF.md, a hand-written handoff" in text, text
        assert "also on this branch: SESSION_LOG.md" in text, text
