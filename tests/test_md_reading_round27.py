"""Round 27 of the reading (tuned on rounds 22-26): lessons learned, work removed and choices made,
said in other languages.

Examples written for these tests (not copied from any labelled file), each beside a near miss
that must keep its reading.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read
from handoff_audit.markdown.standing import standing


@pytest.mark.parametrize("heading", ["教訓", "교훈", "Lições aprendidas", "Lecciones aprendidas"])
def test_a_lessons_heading_in_another_language_names_what_was_ruled_out(heading: str) -> None:
    assert heading_facet(heading) == "ruled_out"


def test_two_lessons_in_korean_are_dead_ends() -> None:
    text = (
        "# 작업로그\n\n## 2026-06-01\n\n- 마이그레이션 적용 완료 (`db/migrations/0042.sql`).\n\n"
        "**교훈: 존재 확인은 head-count 말고 실제 select 로.**\n\n"
        "- 배포 스크립트 수정.\n\n**교훈: 캐시는 배포 뒤에 비운다.**\n"
    )
    assert read(text).found.get("ruled_out")


def test_one_lesson_alone_is_not_enough() -> None:
    text = "# 작업로그\n\n## 2026-06-01\n\n- 배포 완료.\n\n**교훈: 캐시는 배포 뒤에 비운다.**\n"
    assert not read(text).found.get("ruled_out")


@pytest.mark.parametrize(
    "line",
    ["旧 8199 服务和成功后删除封面的逻辑均已移除。", "그래서 캐시 계층을 새로 만들었습니다."],
)
def test_work_removed_or_done_in_chinese_or_korean_is_the_state(line: str) -> None:
    assert read(f"# 交接说明\n\n{line}\n").found.get("state")


def test_a_chinese_order_to_remove_is_not_the_state() -> None:
    assert not read("# 计划\n\n- 移除旧服务\n").found.get("state")


@pytest.mark.parametrize(
    "line",
    [
        "القرار: بناء APK جديد لأنه يحل الحالتين",
        "We hebben bewust nog zonder ClickUp gewerkt, om het patroon eerst te bewijzen.",
        "Abbiamo deciso di usare SQLite: l'app è per un solo utente.",
    ],
)
def test_a_choice_made_in_another_language_is_a_decision(line: str) -> None:
    assert read(f"# Handoff\n\n## Notes\n\n{line}\n").found.get("decisions")


def test_the_english_word_decided_alone_is_not_a_decision() -> None:
    assert not read("# Handoff\n\n## Notes\n\nThe team decided it.\n").found.get("decisions")


_NEXT = """# Status: ingest

## Done

- Added the retry guard to `ingest/queue.py`; tests pass.

## What's next

{items}
"""


def _next(items: str) -> bool:
    return bool(read(_NEXT.format(items=items)).found.get("next"))


@pytest.mark.parametrize(
    "items",
    [
        "- No further implementation work is required.\n",
        "- No further action required for this issue\n- CI should now pass on the main branch\n",
        "- Commit/push this test-only fix; do not merge or deploy.\n",
        "- Open the PR `fix/retry` -> `main`.\n",
        "- Chờ user quyết định phase tiếp theo.\n",
        "- Wait for the reviewer's answer.\n",
    ],
)
def test_no_further_work_an_expectation_a_submission_or_a_wait_is_no_step(items: str) -> None:
    assert not _next(items)


@pytest.mark.parametrize(
    "items",
    [
        "- Commit the fix, then add the retry limit to `ingest/queue.py`.\n",
        "- No further changes to `queue.py`; add the dead-letter table in `ingest/dlq.py`.\n",
    ],
)
def test_work_beside_a_submission_or_a_nothing_is_a_step(items: str) -> None:
    assert _next(items)


def test_a_next_review_date_is_no_step() -> None:
    text = "# Sizing\n\n## Decision\n\nKept 3 replicas.\n\n**Next review**: {} or on any trigger\n"
    assert not read(text.format("2026-05-15")).found.get("next")
    assert read(text.format("resize the pool in `infra/pool.tf`")).found.get("next")


@pytest.mark.parametrize(
    "heading",
    [
        "2.7 修剩余安全项 —— ✅ 完成（TOCTOU 串行化）",
        "Remaining occurrences (intentional - not migrated)",
    ],
)
def test_a_next_heading_over_done_or_intentionally_left_work_names_no_step(heading: str) -> None:
    assert heading_facet(heading) != "next"


def test_a_chinese_log_kept_day_by_day_is_no_standing_document() -> None:
    text = (
        "# 开发日志\n\n## 第一天\n\n遇到 Github 新建仓库默认的分支是 main 的问题。\n\n"
        "本项目采用的是 React，首先集成这些框架。\n\n本地新建分支，切换分支，推送到远程。\n\n"
        "配置了代理，安装依赖。\n\n写了登录页面。\n"
    )
    assert standing(text) == []
    assert standing(text.replace("## 第一天", "## 说明"))  # the same notes with no day: a manual


def test_a_struck_item_that_names_more_work_is_still_done() -> None:
    items = (
        "- ~~Commit the fix, then add the retry limit to `ingest/queue.py`~~\n"
        "- No further work is required.\n"
    )
    assert not _next(items)
