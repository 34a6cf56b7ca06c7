"""A heading that names a later stage ("## Next after Recipes: planning wizard", "## Next once
the API lands") says what comes after the step, not the step: `show` and the SessionStart brief
quote the earlier priority section's step instead of that stage's text."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, briefs_on_branch, next_action

NOTE = """# Handoff

## Highest priority: finish Recipes before the wizard

1. Finish Recipes on iOS: the edit sheet still drops ingredient units.

## {later}

This should not start until Recipes feel trustworthy.
"""


@pytest.mark.parametrize(
    "later", ["Next after Recipes: planning wizard", "Next once Recipes ship: the wizard"]
)
def test_a_later_stage_heading_yields_to_the_priority_before_it(
    git_repo: GitRepo, run_cli: Run, later: str
) -> None:
    for text in briefs_on_branch(git_repo, run_cli, NOTE.format(later=later)):
        step = next_action(text)
        assert step.startswith("Next action: 1. Finish Recipes on iOS"), text
        assert "should not start" not in step, text
