"""Round 19 of the facet reading (issue 20): next-step headings in the languages the sets use.

Examples written for these tests (not copied from any labelled file): the words are the general
ones a native writer puts in a heading for "what to do next / remaining / to do / priority".
"""

from __future__ import annotations

import pytest

from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.facets import read

_KO = """# 결제 모듈 인수인계

## 현재 상태

- 카드 결제 API 연동을 끝냈고 `payments/card.py` 테스트가 모두 통과한다.

## {heading}

1. 환불 API를 `payments/refund.py`에 추가한다.
2. 스테이징에 배포하고 결제 로그를 확인한다.
"""

_JA = """# 在庫管理アプリ 引き継ぎ

## 現状

- 入荷画面の実装が終わり、`src/stock/inbound.ts` のテストは通っている。

## {heading}

1. 出荷画面のフォームを `src/stock/outbound.ts` に追加する。
2. CSV エクスポートを実装する。
"""

_ES = """# Traspaso: módulo de facturas

## Estado

- La exportación a CSV funciona y los tests de `facturas/csv.py` pasan.

## {heading}

- Añadir la exportación a PDF en `facturas/pdf.py`.
- Revisar los totales con IVA antes de publicar.
"""

_DE = """# Übergabe: Rechnungsexport

## Aktueller Stand

- Der CSV-Export läuft, die Tests in `export/csv.py` sind grün.

## {heading}

- PDF-Export in `export/pdf.py` ergänzen.
- Summen mit Mehrwertsteuer prüfen und dann veröffentlichen.
"""

_ZH = """# 支付模块交接

## 当前状态

- 银行卡支付已接通，`pay/card.py` 的测试全部通过。

## {heading}

1. 在 `pay/refund.py` 中加入退款接口。
2. 部署到预发环境并检查支付日志。
"""


@pytest.mark.parametrize(
    ("template", "heading"),
    [
        (_KO, "앞으로 할 작업"),
        (_KO, "향후 과제"),
        (_KO, "앞으로 이어서 할 작업"),
        (_KO, "지금부터 할 일 (우선순위 순)"),
        (_JA, "積み残し（優先度順）"),
        (_JA, "残作業"),
        (_ES, "Tareas pendientes"),
        (_ES, "Lo que falta"),
        (_DE, "Nächste geplante Schritte"),
        (_DE, "Offene Punkte"),
        (_ZH, "待做事项（按优先级）"),
    ],
)
def test_a_next_step_heading_in_the_files_language_counts(template: str, heading: str) -> None:
    assert read(template.format(heading=heading)).has("next")


@pytest.mark.parametrize(
    ("template", "heading"),
    [(_KO, "참고 자료"), (_JA, "参考資料"), (_ES, "Referencias"), (_DE, "Referenzen")],
)
def test_the_same_steps_under_another_heading_are_not_read_as_named(
    template: str, heading: str
) -> None:
    # The near miss: the same list under a heading that names no next step is not read as one
    # by its heading (the heading names pointers, or nothing).
    assert heading_facet(heading) != "next"


@pytest.mark.parametrize(
    "heading",
    [
        "주의할 것",
        "미구현/향후 고려사항",
        "설계 결정",
        "既知の問題",
        "Riesgos conocidos",
        "Bekannte Probleme",
        "Objectif de la session",
    ],
)
def test_words_near_a_next_step_do_not_name_one(heading: str) -> None:
    # "things to be careful of" ends like "things to do"; "future considerations" are ideas and
    # known problems risks, not steps; a session's objective says what it set out to do.
    assert heading_facet(heading) != "next"


def test_a_pending_heading_with_every_box_ticked_names_no_step() -> None:
    text = _ES.format(heading="Pendientes").replace(
        "- Añadir la exportación a PDF en `facturas/pdf.py`.\n"
        "- Revisar los totales con IVA antes de publicar.",
        "- [x] Añadir la exportación a PDF en `facturas/pdf.py`.\n"
        "- [x] Revisar los totales con IVA antes de publicar.",
    )
    assert not read(text).has("next")
