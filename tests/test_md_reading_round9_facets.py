"""Round 9 of the facet reading: a progress record written in Korean, Chinese or Spanish is a state.

The status cue already knew "currently", "completed" and "已完成"; these tests cover the same words
in the languages the labelled sets kept missing (현재, 완료, "本轮", "已做", "creado").
Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facets import read

_BODY = """# 인수인계 메모

## 메모

- {line}
- 다음 세션: `src/billing/invoice.ts` 의 합계 계산을 고친다.
"""


@pytest.mark.parametrize(
    "line",
    [
        "결제 모듈은 현재 스테이징에서 동작한다.",
        "로그인 화면 리팩터링 완료 (`src/auth/LoginForm.tsx`).",
    ],
)
def test_a_korean_progress_record_is_a_state(line: str) -> None:
    assert read(_BODY.format(line=line)).has("state")


def test_a_korean_wish_is_no_state() -> None:
    # A wish about the payment module records nothing that happened.
    assert not read(_BODY.format(line="결제 모듈을 스테이징에 올리고 싶다.")).has("state")


_NOTES = """# Notas de sesión

## Notas

- {line}
- Siguiente: revisar `scripts/sync.py` con el equipo.
"""


def test_a_spanish_record_of_what_was_made_is_a_state() -> None:
    assert read(_NOTES.format(line="Borrador creado en `docs/propuesta.md`.")).has("state")


def test_a_spanish_plan_to_make_it_is_no_state() -> None:
    assert not read(_NOTES.format(line="Hay que crear el borrador en `docs/propuesta.md`.")).has(
        "state"
    )


_CHINESE = "# 交接\n\n## 说明\n\n- {line}\n- 下一步：补后端校验。\n"


def test_a_chinese_record_of_this_round_is_a_state() -> None:
    assert read(_CHINESE.format(line="本轮已做：前端加了输入校验（`src/form.ts`）。")).has("state")


def test_a_chinese_plan_is_no_state() -> None:
    assert not read(_CHINESE.format(line="计划：前端加输入校验（`src/form.ts`）。")).has("state")
