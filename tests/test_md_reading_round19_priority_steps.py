"""Round 19 of the facet reading (issue 20): a list ranked by priority is the work to do.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_RANKED = """# 결제 모듈 작업 기록 (2026-03-02)

## 완료한 작업

- 환불 API를 `api/refund.py`로 분리했다.
- 카드사 응답 코드를 `docs/codes.md`에 정리했다.

## 프론트엔드와 결제 모듈

{items}
"""


@pytest.mark.parametrize(
    "items",
    [
        "1. **[P1]** `api/refund.py` 부분 환불 금액 반올림 오류\n2. **[P2]** 로그 형식 통일",
        "### 1. 收据\n- 当前只生成HTML收据\n- 需要：收据PDF生成\n- 优先级：高",
        "- 🔴 카드 취소 웹훅 재시도 누락\n- 🟡 관리자 화면 정렬",
        "- P0: 중복 결제 방지 키가 `api/pay.py`에서 빠짐",
    ],
)
def test_an_item_carrying_a_high_priority_marker_is_the_next_step(items: str) -> None:
    reading = read(_RANKED.format(items=items))
    assert reading.has("next")
    assert reading.found["next"][0].how == "priority marker"


@pytest.mark.parametrize(
    "items",
    [
        # a scale, not an item: it names every level
        "- 남은 작업 (우선순위: 🔴 높음 / 🟡 보통 / 🟢 낮음)\n- 결정 사항",
        # done work keeps its marker
        "- [x] **[P1]** 환불 금액 반올림 오류 수정",
        # a lower level only
        "- **[P2]** 로그 형식 통일\n- 우선순위: 낮음",
    ],
)
def test_a_priority_scale_done_item_or_low_item_is_no_step(items: str) -> None:
    assert not read(_RANKED.format(items=items)).has("next")
