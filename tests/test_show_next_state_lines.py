"""`show` quotes the next step without the state lines around it: a line wrapped mid-sentence
is joined only to a line that goes on the sentence, never to a "Branch: …" or "**Tests:** …"
label, a comment or an "Owner: …" line; a section that opens on a step is quoted from that
step, though a "**After the next deploy:**" label follows it; a section that opens on the state
is quoted from its "**Next up:**" line up to the next label; and a step that says "Next: …" is
not passed over for a numbered list elsewhere, in a "## Done / Next" section or in a log."""

from __future__ import annotations

from conftest import GitRepo, handoff_on_branch
from test_brief_show import Run

BASE = ("a.txt", "a\n")


def _step(git_repo: GitRepo, run_cli: Run, text: str) -> str:
    """The "Next action:" lines `show` prints for ``text`` committed as HANDOFF.md."""
    handoff_on_branch(git_repo, "HANDOFF.md", text, base=BASE)
    return run_cli(["show"], cwd=git_repo.root).out.split("\n(", 1)[0]


def test_state_labels_are_not_joined_to_the_step(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Session handoff\n\n"
        "Next: fix the GBP rounding in src/pay/fx.py\n"
        "Branch: feat/gbp\n"
        "Tests: 42 pass, 3 fail in tests/test_fx.py\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: Next: fix the GBP rounding in src/pay/fx.py", step


def test_bold_state_labels_are_not_joined_to_the_step(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## Summary\nWorked on GBP rounding.\n\n"
        "**Next:** fix the GBP case in src/pay/fx.py line 88\n"
        "**Branch:** feat/gbp\n"
        "**Tests:** 42 pass, 3 fail\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: **Next:** fix the GBP case in src/pay/fx.py line 88", step


def test_a_comment_and_an_owner_stay_lines_of_their_own(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## Next steps\n"
        "Wire the GBP rates into the pricing service\n"
        "<!-- TODO: ask Ana -->\n"
        "Owner: @bob\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step.startswith(
        "Next action: Wire the GBP rates into the pricing service\n  <!-- TODO: ask Ana -->\n"
    ), step


def test_a_wrapped_line_going_on_is_still_joined(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## Next action\n"
        "Fix the GBP case in src/pay/fx.py line 88\n"
        "(the half-even rule)\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: Fix the GBP case in src/pay/fx.py line 88 (the half-even rule)", (
        step
    )


def test_a_state_section_is_quoted_from_next_up_to_the_next_label(
    git_repo: GitRepo, run_cli: Run
) -> None:
    text = (
        "# Handoff\n\n## Next steps\n"
        "Current branch: `feat/gbp`\n"
        "Tests: 42 pass\n"
        "**Next up:** fix the GBP case in src/pay/fx.py\n"
        "**Risks:** rates API flaky\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: **Next up:** fix the GBP case in src/pay/fx.py", step


def test_the_first_step_under_the_heading_is_quoted_first(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## State\n- Branch feat/gbp, 42 tests pass, 3 fail.\n\n## Next steps\n"
        "Run the migration on staging, then verify the row counts.\n"
        "**After the next deploy:**\n"
        "- Remove the old `rates` table.\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step.startswith(
        "Next action: Run the migration on staging, then verify the row counts.\n"
    ), step


def test_a_heading_that_says_next_is_no_history(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## Done / Next\n- Done: Decimal rounding.\n"
        "- Next: fix the GBP case in src/pay/fx.py line 88.\n\n"
        "## Notes\n1. The CI is flaky on macOS.\n2. Ask Ana about the rate source.\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: - Next: fix the GBP case in src/pay/fx.py line 88.", step


def test_a_logs_next_line_beats_a_backlog_list(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## Status\nBranch: feat/gbp\n\n## Log\n### 2025-12-05\n"
        "- Next: fix the GBP case in src/pay/fx.py line 88.\n\n"
        "## Backlog\n1. Cache exchange rates.\n2. Add JPY.\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: - Next: fix the GBP case in src/pay/fx.py line 88.", step


def test_a_next_line_beats_a_numbered_list_above_it(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff\n\n## Notes\n1. The CI is flaky on macOS.\n2. Ask Ana about the rate source.\n\n"
        "## Status\n- Done: Decimal rounding.\n- Next: fix the GBP case in src/pay/fx.py line 88.\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == "Next action: - Next: fix the GBP case in src/pay/fx.py line 88.", step


def test_a_heading_that_says_the_step_is_quoted(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Handoff: login log fix\n\n## Next: fix log rotation\n"
        "- Make logrotate keep 7 files in deploy/logrotate.conf.\n\n"
        "## Open questions\n1. Should we ship to staging first?\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == (
        "Next action: Next: fix log rotation\n"
        "  - Make logrotate keep 7 files in deploy/logrotate.conf."
    ), step


def test_a_table_without_outer_pipes_keeps_its_rows(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Minutes\n\n## Tasks\n\n"
        "What?            | Who? | Deadline\n"
        "---------------- | --- | ---\n"
        "Ask expert if they want a paper copy of the report | Mr. Godel | 10.07.2024\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == (
        "Next action: What?            | Who? | Deadline\n"
        "  ---------------- | --- | ---\n"
        "  Ask expert if they want a paper copy of the report | Mr. Godel | 10.07.2024"
    ), step


def test_a_numbered_step_heading_keeps_its_place(git_repo: GitRepo, run_cli: Run) -> None:
    text = (
        "# Continue development\n\n## Implementation steps to resume\n\n"
        "### Step 1: Apply the refresh change\n"
        "Open `src/app.cpp` and add the reload call after line 1737.\n\n"
        "### Step 2: Build\nRun `make`.\n\n## What success looks like\n\n"
        "**No user action required**:\n- Config changes picked up on resize\n\n---\n\n"
        "**Status**: paused, ready to finish in ten minutes  \n"
        "**Next Action**: add the reload call  \n"
        "**Priority**: high\n"
    )
    step = _step(git_repo, run_cli, text)
    assert step == (
        "Next action: Step 1: Apply the refresh change\n"
        "  Open `src/app.cpp` and add the reload call after line 1737."
    ), step
