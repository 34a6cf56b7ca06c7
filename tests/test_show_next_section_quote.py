"""How `show` and the SessionStart brief quote a next-step section: its first step with the lead-in
over it, never a sub-item torn from a later list ("- `Convert::Pheno.pm`" under "2. If overall
total is still desired, focus next on:", convert-pheno's SESSION_NOTES.md), never a numbered
section heading as the action ("## 6. Suggested Next Steps", personal_finance_manager_claude's
HANDOVER.md; "## 7. 当前待办事项", smart-renew's SESSION_HANDOFF.md). Real repositories, the real
CLI and hook."""

from __future__ import annotations

import pytest

from conftest import GitRepo
from show_support import Run, briefs_on_branch, next_action, shown_on_branch

SESSION_NOTES = """# Session Notes

## Current Head

- Latest commit from this session: `9e99cb8` (`Refactor CLI and shared module namespaces`)

## Recommended Next Steps

If continuing after this session:

1. Decide whether to fix and regression-test the streamed plain CSV OMOP CLI
   path separately.
2. Keep moving legacy converter paths onto `Context` + `Bundle` + `Runner`.
3. When ready, define the next internal step for multi-entity output:
   - either carry bundle/entity intent deeper into emitters,
   - or start implementing a proper PXF biosamples mapping.

1. Decide whether `95%` means statement coverage or overall Devel::Cover total.
2. If overall total is still desired, focus next on:
   - `Convert::Pheno.pm`
   - `IO::CSVHandler.pm`

## Useful Commands

- `prove -lr t`
"""

HANDOVER = "\n".join(
    [
        "# HANDOVER",
        "",
        "## 6. Suggested Next Steps",
        "",
        "1. **Test parsers end-to-end**: `curl -F file=@bank_pdf_examples/nu_bank/"
        "nu_credit_card.pdf http://localhost:8000/parse` and same for Lulo loan.",
        "2. **Verify `StatementSnapshot` type** in `webapp/src/actions/statement-snapshots.ts` "
        "includes new loan columns. Update select query if needed.",
        "3. **Commit all changes** — stage everything and create a commit.",
        "4. **Manual UI test** — Upload Nu credit card and Lulo loan PDFs through import wizard. "
        "Verify metadata display, auto-match, account defaults, transaction import, snapshot "
        "diffs.",
        "5. **Check statement history timeline** — Import a loan statement, check account detail "
        "page for remaining_balance and installments_in_default rendering.",
        "6. **Push to remote** — `git push`.",
        "",
    ]
)

TODOS = """# 会话交接

## 6. 已完成

- 续费提醒的定时任务已上线。

## 7. 当前待办事项

1. 修复 `server/renew.js` 中到期日计算的时区问题。
2. 为 `renewReminder` 补充单元测试。
"""


def test_a_sub_item_is_never_quoted_alone(git_repo: GitRepo, run_cli: Run) -> None:
    shown, started = briefs_on_branch(git_repo, run_cli, SESSION_NOTES)
    for said in (shown, started):
        step = next_action(said)
        assert step.startswith(
            "Next action: If continuing after this session:\n"
            "  1. Decide whether to fix and regression-test the streamed plain CSV OMOP CLI path "
            "separately.\n"
            "  2. Keep moving legacy converter paths"
        ), step
        assert not step.startswith("Next action: - `Convert::Pheno.pm`"), step


@pytest.mark.parametrize(
    ("text", "heading", "first"),
    [
        pytest.param(
            HANDOVER,
            "6. Suggested Next Steps",
            "Next action: 1. **Test parsers end-to-end**: `curl -F file=@bank_pdf_examples/",
            id="english",
        ),
        pytest.param(
            TODOS,
            "7. 当前待办事项",
            "Next action: 1. 修复 `server/renew.js` 中到期日计算的时区问题。\n"
            "  2. 为 `renewReminder` 补充单元测试。",
            id="chinese",
        ),
    ],
)
def test_a_numbered_section_heading_is_not_the_action(
    git_repo: GitRepo, run_cli: Run, text: str, heading: str, first: str
) -> None:
    step = next_action(shown_on_branch(git_repo, run_cli, text))
    assert step.startswith(first), step
    assert heading not in step, step


def test_a_numbered_step_heading_still_says_the_step(git_repo: GitRepo, run_cli: Run) -> None:
    text = "# Handoff\n\n## Next steps\n\n### 2. Fix the next flaky test\n- `tests/test_io.py`\n"
    step = next_action(shown_on_branch(git_repo, run_cli, text))
    assert step.startswith("Next action: 2. Fix the next flaky test\n  - `tests/test_io.py`"), step
