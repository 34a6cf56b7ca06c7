"""After round 27's measurement: items marked pending (⏳, 🔜) and a status-table row marked NEXT
are next steps, like unticked boxes, so a good handoff written that way does not fail the audit.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_STATE = """# 交接文档

## 当前完成功能

- ✅ PostgreSQL 数据库（用户、会话）
- ✅ Docker Compose 一键部署
{item}
"""


def test_an_item_marked_pending_is_a_next_step() -> None:
    item = "- ⏳ Linux 版本 ADB 二进制（下载放入 `bin/`）"
    assert read(_STATE.format(item=item)).found.get("next")


def test_a_list_of_done_items_alone_names_no_next_step() -> None:
    assert not read(_STATE.format(item="- ✅ 数据库自动迁移")).found.get("next")


_TABLE = """# Status

| Phase | Version | State |
|---|---|---|
| 0 — Core | v0.0.x | ✅ done |
| 1 — Transport | v0.1.x | {mark} |
"""


def test_a_row_marked_next_in_a_status_table_is_a_next_step() -> None:
    assert read(_TABLE.format(mark="⏳ NEXT")).found.get("next")


def test_a_row_that_only_says_next_in_a_sentence_is_no_marker() -> None:
    assert not read(_TABLE.format(mark="planned for the next release")).found.get("next")
