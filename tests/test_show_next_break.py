"""A thematic break ("---") that closes a next-step section, as rolling session logs put
between their sessions (JanWillemWubkes/hacksimulator's docs/sessions/current.md), ends the
step `show` and SessionStart quote: it was quoted as a line of the next action (review 59-k
item 3). Real repositories, the real CLI and hook."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, briefs_on_branch, next_action

LOG = (
    "# Log\n\n## Session 2\n\nBuilt the filter in `src/f.js`.\n\n### Next steps\n\n"
    "{steps}\n{rule}\n\n## Session 1\n\nBuilt the form.\n"
)


@pytest.mark.parametrize("rule", ["\n---", "\n***", "\n___", "- - -", "\n- - -"])
@pytest.mark.parametrize("steps", ["- Ship the filter", "Ship the filter in `src/f.js`."])
def test_a_thematic_break_ends_the_next_action(
    git_repo: GitRepo, run_cli: Run, rule: str, steps: str
) -> None:
    shown, context = briefs_on_branch(git_repo, run_cli, LOG.format(steps=steps, rule=rule))
    for brief in (shown, context):
        said = next_action(brief[brief.index("Next action:") :])
        assert said == f"Next action: {steps.removeprefix('- ')}", brief


def test_a_break_right_after_an_item_ends_it(git_repo: GitRepo, run_cli: Run) -> None:
    shown, _ = briefs_on_branch(git_repo, run_cli, LOG.format(steps="- Ship it", rule="---"))
    assert next_action(shown) == "Next action: Ship it", shown


def test_a_heading_underline_is_no_break(git_repo: GitRepo, run_cli: Run) -> None:
    text = "# Handoff\n\nThe filter is built.\n\nNext steps\n---\n\n- Ship the filter\n"
    shown, _ = briefs_on_branch(git_repo, run_cli, text)
    assert next_action(shown) == "Next action: Ship the filter", shown
