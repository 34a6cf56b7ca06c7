"""Round 22 of the facet reading: a choice made, said in the file's own language.

"Decided", "adopted" and "chose" are a decision in English; the same words in Japanese, Chinese,
Korean, Spanish, French, German and Russian were not. Examples written for these tests (not
copied from any labelled file), each beside a near miss that decides nothing.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_NOTE = """# 作業ログ 2026-05-02

## 実施内容

- `api/server.ts` のルーティングを整理した。
- {line}

## 次回

- `web/app.tsx` のログイン画面を作る。
"""


@pytest.mark.parametrize(
    "line",
    [
        "無料枠の終了に伴い、ホスティングを Render へ移行することを決定。",
        "缓存层采用了 Redis，原来的内存缓存只在单进程下可用。",
        "세션 저장소는 Postgres로 결정했다.",
        "Decidimos mantener el cliente HTTP propio.",
    ],
)
def test_a_choice_made_in_another_language_is_a_decision(line: str) -> None:
    assert read(_NOTE.format(line=line)).has("decisions")


@pytest.mark.parametrize(
    "line",
    [
        "ホスティング先は未決定。",
        "実装優先順位の決定",
        "次の打ち合わせで担当を決定する。",
    ],
)
def test_a_decision_still_to_make_is_none(line: str) -> None:
    assert not read(_NOTE.format(line=line)).has("decisions")
