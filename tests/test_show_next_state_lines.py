"""`show` quotes the next step without the state lines around it: a line wrapped mid-sentence
is joined only to a line that goes on the sentence, never to a "Branch: …" or "**Tests:** …"
label, a comment or an "Owner: …" line; a section that opens on a step is quoted from that
step, though a "**After the next deploy:**" label follows it; a section that opens on the state
is quoted from its "**Next up:**" line up to the next label; and a step that says "Next: …" is
not passed over for a numbered list elsewhere, in a "## Done / Next" section or in a log. Each
is quoted without its next-step label."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, next_action, shown_on_branch

GBP_88 = "- Next: fix the GBP case in src/pay/fx.py line 88."
GBP_88_SAID = "fix the GBP case in src/pay/fx.py line 88."
"""``GBP_88`` as `show` quotes it: without its next-step label."""

WHOLE = "the whole next action"
OPENING = "its opening lines"

QUOTED = [
    pytest.param(
        "# Session handoff\n\n"
        "Next: fix the GBP rounding in src/pay/fx.py\n"
        "Branch: feat/gbp\n"
        "Tests: 42 pass, 3 fail in tests/test_fx.py\n",
        "Next action: fix the GBP rounding in src/pay/fx.py",
        WHOLE,
        id="state_labels_are_not_joined_to_the_step",
    ),
    pytest.param(
        "# Handoff\n\n## Summary\nWorked on GBP rounding.\n\n"
        "**Next:** fix the GBP case in src/pay/fx.py line 88\n"
        "**Branch:** feat/gbp\n"
        "**Tests:** 42 pass, 3 fail\n",
        "Next action: fix the GBP case in src/pay/fx.py line 88",
        WHOLE,
        id="bold_state_labels_are_not_joined_to_the_step",
    ),
    pytest.param(
        "# Handoff\n\n## Next steps\n"
        "Wire the GBP rates into the pricing service\n"
        "<!-- TODO: ask Ana -->\n"
        "Owner: @bob\n",
        "Next action: Wire the GBP rates into the pricing service\n  <!-- TODO: ask Ana -->\n",
        OPENING,
        id="a_comment_and_an_owner_stay_lines_of_their_own",
    ),
    pytest.param(
        "# Handoff\n\n## Next action\n"
        "Fix the GBP case in src/pay/fx.py line 88\n"
        "(the half-even rule)\n",
        "Next action: Fix the GBP case in src/pay/fx.py line 88 (the half-even rule)",
        WHOLE,
        id="a_wrapped_line_going_on_is_still_joined",
    ),
    pytest.param(
        "# Handoff\n\n## Next steps\n"
        "Current branch: `feat/gbp`\n"
        "Tests: 42 pass\n"
        "**Next up:** fix the GBP case in src/pay/fx.py\n"
        "**Risks:** rates API flaky\n",
        "Next action: fix the GBP case in src/pay/fx.py",
        WHOLE,
        id="a_state_section_is_quoted_from_next_up_to_the_next_label",
    ),
    pytest.param(
        "# Handoff\n\n## State\n- Branch feat/gbp, 42 tests pass, 3 fail.\n\n## Next steps\n"
        "Run the migration on staging, then verify the row counts.\n"
        "**After the next deploy:**\n"
        "- Remove the old `rates` table.\n",
        "Next action: Run the migration on staging, then verify the row counts.\n",
        OPENING,
        id="the_first_step_under_the_heading_is_quoted_first",
    ),
    pytest.param(
        "# Handoff\n\n## Done / Next\n- Done: Decimal rounding.\n"
        f"{GBP_88}\n\n"
        "## Notes\n1. The CI is flaky on macOS.\n2. Ask Ana about the rate source.\n",
        f"Next action: {GBP_88_SAID}",
        WHOLE,
        id="a_heading_that_says_next_is_no_history",
    ),
    pytest.param(
        "# Handoff\n\n## Status\nBranch: feat/gbp\n\n## Log\n### 2025-12-05\n"
        f"{GBP_88}\n\n"
        "## Backlog\n1. Cache exchange rates.\n2. Add JPY.\n",
        f"Next action: {GBP_88_SAID}",
        WHOLE,
        id="a_logs_next_line_beats_a_backlog_list",
    ),
    pytest.param(
        "# Handoff\n\n## Notes\n1. The CI is flaky on macOS.\n2. Ask Ana about the rate source.\n\n"
        f"## Status\n- Done: Decimal rounding.\n{GBP_88}\n",
        f"Next action: {GBP_88_SAID}",
        WHOLE,
        id="a_next_line_beats_a_numbered_list_above_it",
    ),
    pytest.param(
        "# Handoff: login log fix\n\n## Next: fix log rotation\n"
        "- Make logrotate keep 7 files in deploy/logrotate.conf.\n\n"
        "## Open questions\n1. Should we ship to staging first?\n",
        "Next action: fix log rotation\n  - Make logrotate keep 7 files in deploy/logrotate.conf.",
        WHOLE,
        id="a_heading_that_says_the_step_is_quoted",
    ),
    pytest.param(
        "# Minutes\n\n## Tasks\n\n"
        "What?            | Who? | Deadline\n"
        "---------------- | --- | ---\n"
        "Ask expert if they want a paper copy of the report | Mr. Godel | 10.07.2024\n",
        "Next action: What?            | Who? | Deadline\n"
        "  ---------------- | --- | ---\n"
        "  Ask expert if they want a paper copy of the report | Mr. Godel | 10.07.2024",
        WHOLE,
        id="a_table_without_outer_pipes_keeps_its_rows",
    ),
    pytest.param(
        "# Continue development\n\n## Implementation steps to resume\n\n"
        "### Step 1: Apply the refresh change\n"
        "Open `src/app.cpp` and add the reload call after line 1737.\n\n"
        "### Step 2: Build\nRun `make`.\n\n## What success looks like\n\n"
        "**No user action required**:\n- Config changes picked up on resize\n\n---\n\n"
        "**Status**: paused, ready to finish in ten minutes  \n"
        "**Next Action**: add the reload call  \n"
        "**Priority**: high\n",
        "Next action: Step 1: Apply the refresh change\n"
        "  Open `src/app.cpp` and add the reload call after line 1737.",
        WHOLE,
        id="a_numbered_step_heading_keeps_its_place",
    ),
]


@pytest.mark.parametrize(("text", "quoted", "part"), QUOTED)
def test_the_next_action_is_quoted_without_the_state_around_it(
    git_repo: GitRepo, run_cli: Run, text: str, quoted: str, part: str
) -> None:
    """``quoted`` is the next action ``show`` prints for ``text``: its whole, or its opening."""
    step = next_action(shown_on_branch(git_repo, run_cli, text))
    if part == WHOLE:
        assert step == quoted, step
    else:
        assert step.startswith(quoted), step
