"""Round 15 of the facet reading: an approach tried and failed, or rejected, in another language.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_NOTE = """# 交接说明

## 当前状态

- `src/sync/worker.py` 的重试逻辑已完成，测试全部通过。
- {line}

## 下一步

- 在 `src/sync/queue.py` 加入批量确认。
"""


@pytest.mark.parametrize(
    "line",
    [
        "试过把超时调到 60 秒 → 无效，队列仍然卡住。",
        "用 Redis 锁的方案被否决：部署环境没有 Redis。",
        "キャッシュを共有する案は、整合性が崩れるため不採用。",
        "전역 캐시 재사용은 키 충돌 때문에 기각.",
        "Probamos el pool compartido y no funcionó con dos workers.",
        "Phương án bị loại: khóa phân tán, vì không có Redis.",
        "Der gemeinsame Cache wurde verworfen, weil die Schlüssel kollidieren.",
    ],
)
def test_a_failed_or_rejected_approach_in_another_language_is_ruled_out(line: str) -> None:
    reading = read(_NOTE.format(line=line))
    assert [each.how for each in reading.found["ruled_out"]] == ["tried or rejected"]


@pytest.mark.parametrize(
    "line",
    [
        "无效 token 会返回 401，这是预期行为。",  # "invalid token": a state, nothing rejected
        "批量接口的设计见 `docs/batch.md`。",
    ],
)
def test_the_same_script_without_a_rejection_is_not_ruled_out(line: str) -> None:
    assert not read(_NOTE.format(line=line)).has("ruled_out")


_STATUS = """# Handoff: docs site

## State

- The Hugo build passes locally; `config.toml` sets the base URL.
- {line}

## Next

- Turn on GitHub Pages for the repository, then re-run the deploy workflow.
"""


def test_what_fails_now_is_a_state_not_an_approach_ruled_out() -> None:
    # Present tense: the workflow is broken today (a bug to fix), nothing was tried and dropped.
    line = "The deploy workflow fails because Pages is not enabled on the repository."
    assert not read(_STATUS.format(line=line)).has("ruled_out")


def test_an_attempt_that_failed_is_still_ruled_out() -> None:
    line = "Deploying with the peaceiris action failed because it needs a token we do not have."
    assert read(_STATUS.format(line=line)).has("ruled_out")
