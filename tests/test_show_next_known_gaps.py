"""A heading over what the work lacks ("## Known Limitations / Incomplete Features", "##
Unfinished features") records the state: `show` and the SessionStart brief quote the step of
the priorities heading after it ("## v1.1 Roadmap — Suggested Priorities"), not a limitation;
with no other heading, the gaps are still quoted."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, briefs_on_branch, next_action

NOTE = """# Handoff

## {gaps}

- No profile editing: users cannot change their e-mail address.
- Incomplete offline mode in the mobile app.

## v1.1 Roadmap — Suggested Priorities

1. Activate push notifications in `server/notify.ts`.
2. Add profile editing.
"""


@pytest.mark.parametrize(
    "gaps",
    [
        "Known Limitations / Incomplete Features",
        "Unfinished features",
        "Incomplete work / known gaps",
    ],
)
def test_the_priorities_beat_the_known_gaps(git_repo: GitRepo, run_cli: Run, gaps: str) -> None:
    for text in briefs_on_branch(git_repo, run_cli, NOTE.format(gaps=gaps)):
        step = next_action(text)
        assert step.startswith("Next action: 1. Activate push notifications"), text
        assert "No profile editing" not in step, text


def test_the_gaps_are_quoted_when_no_heading_follows(git_repo: GitRepo, run_cli: Run) -> None:
    gaps_only = NOTE.split("## v1.1")[0].format(gaps="Known Limitations / Incomplete Features")
    for text in briefs_on_branch(git_repo, run_cli, gaps_only):
        assert next_action(text).startswith("Next action: - No profile editing"), text
