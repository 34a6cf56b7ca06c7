"""Round 76 of the ruled-out reading: a section of points to heed is not a dead end.

"## 注意事项" (points to note) or "## Points d'attention" over usage warnings ("启动前先运行
`npm install`") names nothing tried and rejected: a careful reader finds no ruled-out there. A
section on pitfalls hit ("## 踩坑") still records what failed. Examples written for these tests
(not copied from any labelled file).
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_HANDOFF = """# 交接：订单导出

## 当前状态

- 导出 CSV 已完成，`src/export/csv.ts` 的 12 个测试通过。

## 下一步

- 在 `src/export/xlsx.ts` 实现 XLSX 导出，复用 `rows()`。

## {heading}

- {item}
"""


def _ruled_out(heading: str, item: str) -> bool:
    return read(_HANDOFF.format(heading=heading, item=item)).found["ruled_out"] != []


def test_points_to_note_are_no_ruled_out() -> None:
    item = "启动前先运行 `npm install`，端口 3000 不能被占用。"
    for heading in ("注意事项", "3. 注意事项 ⚠️", "注意点", "Points d'attention"):
        assert not _ruled_out(heading, item), heading


def test_pitfalls_hit_stay_ruled_out() -> None:
    item = "试过用 `xlsx` 库流式写入，内存超过 2GB，放弃了，改用 `exceljs`。"
    assert _ruled_out("踩坑", item)


_DECISIONS_TABLE = """# Session handoff: sync service

## State

- Retry with back-off is merged (`sync/retry.py`); 31 tests pass.

## Key decisions

| Decision | Why | {column} |
|---|---|---|
| Retry at most 5 times | the vendor API bans clients after 10 failures a minute | {reject} |
| Store the cursor in SQLite | one process, no server to run | Redis |

## Next step

- Add the dead-letter table in `sync/dead_letter.py`.
"""


def test_a_column_of_rejected_alternatives_is_ruled_out() -> None:
    for column in ("Alternatives rejected", "Rejected alternatives", "Ruled out"):
        text = _DECISIONS_TABLE.format(column=column, reject="Unbounded retries")
        found = read(text).found["ruled_out"]
        assert [e.how for e in found] == ["a table of rejects"], column


def test_a_decisions_table_without_such_a_column_rules_nothing_out() -> None:
    text = _DECISIONS_TABLE.format(column="Owner", reject="Ana")
    assert read(text).found["ruled_out"] == []
    assert read(text).found["decisions"] != []
