"""Round 11 of the facet reading (issue 20): what a careful reader counts that the cues missed.

Examples written for these tests (not copied from any labelled file), each beside a near miss.
"""

from __future__ import annotations

from handoff_audit.markdown.facets import read

_LABELLED = """# Handoff: search page

## Where we are

The result grid is done; the filter panel is half built.

{label}
1. Facets come from the API (page titles are free text).
2. Empty facets are hidden (the panel stays short).

## Next

- [ ] Wire the price filter in `web/src/Filters.tsx`.
"""


def test_a_bold_label_paragraph_over_a_list_heads_it_like_a_heading() -> None:
    reading = read(_LABELLED.format(label="**Design decisions (agreed with the owner):**"))
    assert [each.how for each in reading.found["decisions"]] == ["label"]


def test_a_plain_short_label_heads_its_list_too() -> None:
    assert read(_LABELLED.format(label="Decisions:")).has("decisions")


def test_a_long_plain_lead_in_names_no_facet() -> None:
    # "In this session ... decisions" is a sentence leading in, not a label over a list.
    reading = read(_LABELLED.format(label="In this session we went over the open decisions:"))
    assert not reading.has("decisions")


def test_a_decisions_label_over_bare_choices_is_no_decision() -> None:
    text = _LABELLED.format(label="**Decisions:**").replace(
        "1. Facets come from the API (page titles are free text).\n"
        "2. Empty facets are hidden (the panel stays short).",
        "1. Facets from the API\n2. Empty facets hidden",
    )
    assert not read(text).has("decisions")


_KOREAN = """# 작업 인계

## 작업 내용

- {first}
- {second}
- 다음 세션: `api/orders.py` 의 환불 처리를 마무리한다.
"""


def test_korean_reasons_in_two_places_are_decisions() -> None:
    text = _KOREAN.format(
        first="캐시는 60초로 두었다. 분석 중에 가격이 바뀌지 않도록 하기 위해서다.",
        second="세션 토큰은 서버에만 둔다. 클라이언트에 노출되면 안 되기 때문에.",
    )
    assert read(text).has("decisions")


def test_korean_records_without_a_reason_are_no_decisions() -> None:
    text = _KOREAN.format(first="캐시를 60초로 두었다.", second="세션 토큰은 서버에만 둔다.")
    assert not read(text).has("decisions")


_TABLE = """# Handoff: deploy pipeline

## Notes

| Setting | {column} |
|---|---|
| Build images on the runner | the registry pull takes four minutes |
| One staging slot | two slots cost twice as much |

## Next

- [ ] Move the smoke test into `ci/deploy.yml`.
"""


def test_a_table_with_a_why_column_records_decisions() -> None:
    reading = read(_TABLE.format(column="Why"))
    assert [each.how for each in reading.found["decisions"]] == ["a table of decisions"]


def test_a_table_without_a_reason_column_records_no_decision() -> None:
    assert not read(_TABLE.format(column="Owner")).has("decisions")
