"""A next step in a filled log entry below a blank template form.

A Vietnamese note keeps a blank template form in a code block and, below it under "## History",
the filled session entry whose "**Cần làm tiếp:**" (to do next) label lists the steps, under a
title that says "Plan". `check` failed it with "no usable next step". Every sentence here is
written for these tests (not copied from any labelled file).
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import GitRepo, Result, handoff_on_branch

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
