"""A next-step section whose first subheading is work already done, struck through or closing on
a done mark ("### ~~Priority 0: Rebuild AFI~~ — DONE ✓"): `show` and the SessionStart brief pass
it and its body over for the next entry's step, though its words name a priority; with only done
entries there, no step is quoted."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, briefs_on_branch, next_action

NOTE = """# Handoff

## Next Steps

{done}

- old.cnf -> SAT ✓ (the rebuilt image passes the regression set)

### Priority 0: Run the 2x2 build

Poll until the F2 instance is available, then validate the build on it.
"""


@pytest.mark.parametrize(
    "done",
    [
        "### ~~Priority 0: Rebuild AFI~~ — DONE ✓",
        "### ~~Priority 0: Rebuild AFI~~",
        "### Priority 0: Rebuild AFI — DONE",
        "### Priority 0: Rebuild AFI (done)",
        "### Priority 0: Rebuild AFI ✅",
    ],
)
def test_a_done_priority_heading_is_passed_over(git_repo: GitRepo, run_cli: Run, done: str) -> None:
    for text in briefs_on_branch(git_repo, run_cli, NOTE.format(done=done)):
        step = next_action(text)
        assert step.startswith("Next action: Poll until the F2 instance is available"), text
        assert "old.cnf" not in step and "Rebuild" not in step, text


def test_only_done_entries_quote_no_step(git_repo: GitRepo, run_cli: Run) -> None:
    only_done = NOTE.split("### Priority 0: Run")[0].format(done="### ~~Priority 0: Rebuild AFI~~")
    for text in briefs_on_branch(git_repo, run_cli, only_done):
        assert "Next action" not in text and "old.cnf -> SAT" in text, text
