"""Round 20 of the facet reading: an option discarded or cancelled, said in its own word.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_NOTE = """# 인수인계

## 현재 상태

- `app/sync/worker.py` 재시도 로직 완료, 테스트 전부 통과.
- {line}

## 다음 할 일

- `app/sync/queue.py`에 일괄 확인 추가.
"""


@pytest.mark.parametrize(
    "line",
    [
        "폴링 방식(5초 간격)은 폐기. 근거: 배터리 소모가 두 배.",
        "Redis 캐시 도입은 비용 문제로 취소했다.",
        "共享连接池的方案已取消，保持每个 worker 独立连接。",
        "Миграция на Unity отменена: WebGL-сборка весит 80 МБ.",
        "**No Kafka** — removed from scope; the worker polls the table directly.",
    ],
)
def test_an_option_discarded_or_cancelled_is_ruled_out(line: str) -> None:
    reading = read(_NOTE.format(line=line))
    assert [each.how for each in reading.found["ruled_out"]] == ["tried or rejected"]


@pytest.mark.parametrize(
    "line",
    [
        "폐기물 수거 일정 API는 `app/waste/schedule.py`에 있다.",  # "waste": nothing discarded
        "주문 상태 표시는 `app/orders/status.py`에서 처리한다.",
    ],
)
def test_the_same_script_without_a_discarded_option_is_not_ruled_out(line: str) -> None:
    assert not read(_NOTE.format(line=line)).has("ruled_out")
