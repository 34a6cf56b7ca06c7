"""Labels in a script whose wording the reading does not know (``下一步：…``).

A handoff written as a list of Chinese fields ("- 已完成：…", "- 下一步：…") was judged to have no
next step at all, an error that fails CI on a good file (round 15, file 019). Such a label now
names its line as the closest step (a warning), and counts as no facet: over the labelled rounds
a next-step label in these files was as often stale as not, and counting labels in these scripts
for the other facets took the last finding from weak files. Examples written for these tests.
"""

from __future__ import annotations

from handoff_audit.markdown.completeness import missing_parts
from handoff_audit.markdown.facets import read

_CHINESE = """# 報表匯出 修正交接

- 階段：維護中，分支 `fix/export-totals`
- 已完成：匯出總額改用 `src/export/totals.py` 計算；32/32 tests 通過。
- 重要檔案：`src/export/totals.py`、`tests/test_totals.py`
- 下一步：合併總額修正；之後觀察正式版的匯出結果。
"""


def test_a_next_label_in_chinese_is_the_closest_step_not_an_error() -> None:
    next_part = next(part for part in missing_parts(_CHINESE) if part.facet == "next")
    assert not next_part.error
    assert "line 6" in next_part.message and "下一步" in next_part.message


def test_the_same_file_without_the_label_has_an_error() -> None:
    text = _CHINESE.replace("- 下一步：合併總額修正；之後觀察正式版的匯出結果。\n", "")
    next_part = next(part for part in missing_parts(text) if part.facet == "next")
    assert next_part.error


def test_a_label_in_these_scripts_counts_for_no_facet() -> None:
    text = _CHINESE + "- 決定：保留舊的 CSV 欄位順序。\n"
    reading = read(text)
    assert not reading.found["next"]
    assert not reading.found["decisions"]


def test_a_latin_label_still_counts() -> None:
    text = _CHINESE.replace("- 下一步：", "- Next step: ")
    assert [e.how for e in read(text).found["next"]] == ["label"]
