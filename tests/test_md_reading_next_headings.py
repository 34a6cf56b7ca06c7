"""Next steps under headings the reading did not take for one, and in a filled log entry.

A Japanese handoff puts its steps under "## 次のチャットで最初に依頼すべき内容" (what to ask
first in the next chat) or "### 次のアクション" (next action); a note to another agent puts them
under "## For Deploy to apply"; a Vietnamese note keeps a blank template form in a code block
and, below it, the filled session entry whose "**Cần làm tiếp:**" (to do next) label lists the
steps, under a title that says "Plan". `check` failed each of them with "no next step". Every
sentence here is written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result, handoff_on_branch
from handoff_audit.markdown.facet_headings import heading_facet

_JAPANESE = """# 引き継ぎ: 請求書エクスポート

## 現状
- `export/invoice.py` のCSV出力は完成。`pytest tests/export` は全て通過。

## 決定事項
- 金額は整数の円で保持する。浮動小数の丸め誤差で合計が合わなかったため。

## 試したがダメだったこと
- pandas の to_csv は使わない。BOM付きで出力できず Excel で文字化けしたため。

## {heading}
{body}
"""

_CODE_STEPS = """```markdown
`docs/EXPORT.md` を読んでから作業してください。
1. `export/invoice.py` にPDF出力を追加する。
2. `tests/export/test_pdf.py` を書く。
```"""

_PARAGRAPH_STEP = (
    "まずは `export/invoice.py` にPDF出力を追加してください。"
    "その後、メール送信の再試行を実装します。"
)


@pytest.mark.parametrize(
    ("heading", "body"),
    [
        ("【7. 次のチャットで最初に依頼すべき内容】", _CODE_STEPS),
        ("次のアクション", _PARAGRAPH_STEP),
    ],
)
def test_a_japanese_next_action_or_next_chat_heading_holds_the_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result], heading: str, body: str
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", _JAPANESE.format(heading=heading, body=body))
    checked = run_cli(["check"], cwd=git_repo.root)
    assert "next step" not in checked.out, checked.out
    assert checked.code == 0, checked.out


_TO_AGENT = """# To Deploy: billing export shipped on staging

## What changed
- `export/invoice.py` writes PDF invoices; 22 tests pass at commit 4f1c2ab.

## Decisions
- PDFs are rendered server-side because the client library broke on Safari.

## Ruled out
- Tried wkhtmltopdf — it is unmaintained and failed on our fonts.

## For Deploy to apply (billing did not touch the infra repo)
- **Production environment:** `PDF_FONT_DIR` has to be set before the release, or the PDFs
  fall back to a font without the yen sign.
- **Replica:** the migration `db/0042_invoice_pdf.sql` goes there first; it locks the table
  for about a minute.
"""


def test_a_heading_that_hands_work_to_its_doer_holds_the_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    handoff_on_branch(git_repo, "HANDOFF.md", _TO_AGENT)
    checked = run_cli(["check"], cwd=git_repo.root)
    assert "next step" not in checked.out, checked.out
    assert checked.code == 0, checked.out


@pytest.mark.parametrize(
    "heading",
    ["For developers to know", "For reference to the API", "For more to read", "Format to use"],
)
def test_a_for_heading_that_hands_no_work_is_no_next_step(heading: str) -> None:
    assert heading_facet(heading) != "next"


_LOG_WITH_TEMPLATE = """# HANDOVER — ngữ cảnh cho session mới

## Mẫu khi kết thúc session

```
### Session YYYY-MM-DD — [Mô tả ngắn]
**Đã làm:**
- [ ] ...

**Cần làm tiếp:**
- ...
```

## History

### Session 2026-05-14 — Phase 1: Plan chi tiết cho API
**Trạng thái:** Hoàn thành
**Đã làm:**
- [x] Viết khung `api/routes.ts` và `tests/api/routes.test.ts`

**Cần làm tiếp:**
- Thêm xác thực JWT vào `api/auth.ts`
- Chạy `npm test` rồi cập nhật `docs/api.md`

**Lưu ý cho session sau:**
- Dùng Node 20 vì thư viện jose không chạy trên Node 18.
"""


def test_a_filled_log_entry_below_a_blank_template_holds_the_next_step(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    """The entry's title reads "Plan", which took the whole entry for a next-step section that
    its ticked box then said was done: the blank template's "- [ ] ..." was quoted instead."""
    handoff_on_branch(git_repo, "HANDOFF.md", _LOG_WITH_TEMPLATE)
    checked = run_cli(["check"], cwd=git_repo.root)
    assert "next step" not in checked.out, checked.out
    assert checked.code == 0, checked.out
