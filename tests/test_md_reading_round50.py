"""Round 50 of the markdown next-step reading, on real handoffs kept by real teams (review 50-1):
a tally under a next-step label ("**Still missing: 17 of 56.**") is no step; a check followed by
", then continue <work>" names work, and a stepless section is quoted past its lead-in labels;
action items closed by the session are done work, no next step; a Japanese "top priority for
the next session" heading is the next step, a "future feature expansion" one a wish list."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result, handoff_on_branch

STATE_TALLY = """# Session state — 2026-04-13

## State
Parity gate built; `tools/parity.py` runs on all 35 skins and tests pass.

## The name table

**Still missing: 17 of 56.** 5 on the wishlist in
`docs/calibration/index.json`: ft=52 Lucifer's Q, ft=34 Boland Bass.

## Decisions
- Manifest-driven dispatch, because the skins carry their own sample rate.

## Next steps (ordered)
1. Add the Rust binding for the parity gate in `crates/core/src/parity.rs`.
2. Wire it into CI.
"""


def test_a_tally_under_a_next_step_label_is_no_next_action(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """1hoookkk/trench `dev/SESSION_STATE.md`: "**Still missing: 17 of 56.**" counts what is
    left; the brief quotes the explicit "## Next steps (ordered)" instead."""
    handoff_on_branch(git_repo, "SESSION_STATE.md", STATE_TALLY)
    shown = run_cli(["show"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    first = shown.out.splitlines()[:2]
    assert first[0].startswith("Next action: 1. Add the Rust binding"), shown.out
    assert "Still missing" not in "\n".join(first)
    explained = run_cli(
        ["explain", "md-incomplete", "--file", "SESSION_STATE.md"], cwd=git_repo.root
    )
    assert "line 14 (heading): Next steps (ordered)" in explained.out
    assert "Still missing: 17 of 56" not in explained.out


PRODUCT_NEXT = """# ProductCatalog domain slice 1 handoff

## State

Domain package `internal/modules/productcatalog/domain` is implemented;
`go test ./internal/modules/productcatalog/...` passes.

## Decisions

- Money is stored as integer cents, because float rounding broke totals.

## NEXT

Execution channel:

```text
owner/local terminal
```

Next valid active step:

{step}
"""


def test_a_check_then_continue_work_is_a_usable_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """gopos-api `docs/handoffs/2026-06-09-productcatalog-domain-slice-1.md`: "Validate …, then
    continue ProductCatalog implementation slice 1 with ports contract planning" names work."""
    step = (
        "Validate ProductCatalog domain package connector visibility, then continue "
        "ProductCatalog implementation slice 1 with ports contract planning."
    )
    handoff_on_branch(git_repo, "HANDOFF.md", PRODUCT_NEXT.format(step=step))
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert "no usable next step" not in checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    # the step under "Next valid active step:", not the "Execution channel:" label
    first = shown.out.splitlines()[0]
    assert first.startswith("Next action: Validate ProductCatalog"), shown.out
    assert "then continue ProductCatalog implementation" in first


def test_a_stepless_next_section_is_quoted_past_its_lead_in_label(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """The same "## NEXT" holding only a check, or a check then more checking: the error quotes
    the check, not the "Execution channel:" label above it."""
    step = "Validate the domain package's connector visibility, then continue testing the ports."
    handoff_on_branch(git_repo, "HANDOFF.md", PRODUCT_NEXT.format(step=step))
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    error = next(line for line in checked.out.splitlines() if "no usable next step" in line)
    assert error.startswith("HANDOFF.md:12: md-incomplete:"), error
    assert '("Validate the domain package' in error, error
    assert "Execution channel" not in error


CLOSED_ITEMS = """# Session handoff — 2026-04-14

## State
Parity gate built; `tools/parity.py` runs on all 35 skins and tests pass.

## Decisions
- Manifest-driven dispatch, because the skins carry their own sample rate.

## Action items closed by this session
- Regenerate canonical refs in `refs/`.
- Repoint `render_canonical_refs.py` to `datasets/p2k_skins/`.
"""


def test_action_items_closed_by_the_session_are_no_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """1hoookkk/trench `dev/SESSION_STATE.md`, "Action items closed by this addendum": a record
    of finished work; the file names no next step, so it is a status report (an error)."""
    handoff_on_branch(git_repo, "HANDOFF.md", CLOSED_ITEMS)
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    assert checked.code == 1, checked.out
    assert "HANDOFF.md:1: md-incomplete: no next step:" in checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert not shown.out.startswith("Next action"), shown.out
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)
    assert "next: NOT FOUND" in explained.out, explained.out


FORMWORK = """# 型枠数量算出アドイン 開発状況ハンドオフ

## 🔴 次セッション最優先課題（2026-05-14 時点）

**リンクモデルの壁スイープ面の型枠 DirectShape が作成されない問題を修正する。**

詳細は `NEXT_SESSION_PROMPT.md` を参照。

### 当該セッション中の主な成果
- リンクモデル対応の全パイプライン実装（`ElementSource.cs`）
- 鉄骨階段の自動除外（`SteelStairDetector`）

## 🎯 今後の機能拡張: マテリアルベース算出

### 背景と課題
現在は「カテゴリ」を判定軸にして型枠を拾い出している。しかし実プロジェクトでは:
- カテゴリは同じでも材料が違う
- ALC や乾式間仕切等は型枠が不要
"""


def test_the_next_sessions_top_priority_is_the_next_step_not_future_features(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """28yu/Revit-Add-ins `Commands/FormworkCalculator/HANDOFF.md`: "次セッション最優先課題" (top
    priority for the next session) is the next step, quoted without the "主な成果" (what the
    session achieved) under it; "背景と課題" under "今後の機能拡張" (future feature expansion)
    speaks for a wish list."""
    handoff_on_branch(git_repo, "HANDOFF.md", FORMWORK)
    shown = run_cli(["show"], cwd=git_repo.root)
    lines = shown.out.splitlines()
    assert lines[0].startswith("Next action: **"), shown.out
    assert "DirectShape が作成されない問題を修正する" in lines[0]
    assert not lines[2].startswith("  "), shown.out  # the brief's step ends before 主な成果
    explained = run_cli(["explain", "md-incomplete", "--file", "HANDOFF.md"], cwd=git_repo.root)
    said = explained.out.split("next:", 1)[1].split("decisions:", 1)[0]
    assert "line 3 (heading): 🔴 次セッション最優先課題" in said, explained.out
    assert "背景と課題" not in said and "主な成果" not in said


DONE_LAST = """# Session handoff — payments

## State
Refund flow now retries on 502s (src/refunds.py); all tests pass.

## {heading}
- Add retry to refund client.
- Update tests/test_refunds.py.
"""


@pytest.mark.parametrize("heading", ["Action items closed by this session", "Tasks completed"])
def test_done_items_that_end_the_file_are_no_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], heading: str
) -> None:
    """Review 50-11: done work ending the file was still read as its next step by the "last
    paragraph" reading (an instruction-shaped last item), so a status report passed and `show`
    handed the next session finished work."""
    handoff_on_branch(git_repo, "HANDOFF.md", DONE_LAST.format(heading=heading))
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    assert "HANDOFF.md:1: md-incomplete: no next step:" in checked.out, checked.out
    shown = run_cli(["show"], cwd=git_repo.root)
    assert not shown.out.startswith("Next action"), shown.out
