"""A next-step label over a list ("- **未解決・次回持ち越し事項**:" then its items) heads the items
like a heading does, in any script.

A Japanese status file kept its open work under a bold list label, carried over to the next
session, and was judged to have no next step at all: an error that fails CI on a good file
(round 21). Over rounds 1-21 such a label changed the judgement of good files only. A label
that is a long sentence ("**Without a Windows PC, leave it to GitHub Actions**:") names no step,
nor does one whose items are all ticked or only checks. Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.completeness import MissingPart, missing_parts
from handoff_audit.markdown.facets import read

_STATUS = """# CURRENT_STATUS.md
## プロジェクト: shift-board（シフト管理アプリ）

### 最終セッション (2026-05-02)
- **議題**: 週間ビューの表示崩れ修正
- **実施内容**:
  - 週間ビューのセル幅を `src/views/WeekView.tsx` で固定
  - 祝日データの読み込みを起動時に移動
- **未解決・次回持ち越し事項**:
  - 月間ビューの祝日表示を実装
  - TestFlight 版の再ビルドと配布
"""


def _next_part(text: str) -> MissingPart:
    return next(part for part in missing_parts(text) if part.facet == "next")


def test_a_carried_over_label_over_a_list_is_a_next_step() -> None:
    found = read(_STATUS).found["next"]
    assert [(e.how, e.line) for e in found] == [("label", 9)]
    assert not any(part.facet == "next" for part in missing_parts(_STATUS))


def test_the_same_file_without_the_label_has_an_error() -> None:
    text = _STATUS.split("- **未解決", 1)[0]
    assert _next_part(text).error


def test_a_label_over_ticked_items_or_checks_names_no_step() -> None:
    ticked = _STATUS.replace("  - 月間", "  - [x] 月間").replace("  - TestFlight", "  - [x] TF")
    assert not read(ticked).found["next"]
    checks = _STATUS.replace("  - 月間ビューの祝日表示を実装", "  - 確認: 月間ビュー").replace(
        "  - TestFlight 版の再ビルドと配布", "  - 確認: TestFlight 版"
    )
    assert not read(checks).found["next"]


def test_a_long_label_that_is_a_sentence_names_no_step() -> None:
    sentence = "- **Windows PC が無い場合は ビルドを GitHub Actions に任せる**："
    text = _STATUS.replace("- **未解決・次回持ち越し事項**:", sentence)
    assert not read(text).found["next"]
    short = _STATUS.replace("- **未解決・次回持ち越し事項**:", "- **GitHub Actions の残作業**：")
    assert [e.how for e in read(short).found["next"]] == ["label"]
