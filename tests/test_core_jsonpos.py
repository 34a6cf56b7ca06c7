"""The strict JSON parser: same values as the standard library, positions, strictness."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit.jsonpos import MAX_DEPTH, JsonPositionError, parse

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


def _at(text: str, position: tuple[int, int]) -> str:
    line, column = position
    return "\n".join(text.split("\n")[line - 1 :])[column - 1 :]  # only \n ends a JSON line


def _lookup(value: Any, pointer: str) -> Any:
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


@settings(max_examples=150, deadline=None)
@given(json_values, st.sampled_from([None, 0, 2]))
def test_parses_like_the_standard_library_and_every_position_starts_its_value(
    value: Any, indent: int | None
) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    parsed = parse(text)
    assert parsed.value == json.loads(text)
    for pointer, position in parsed.positions.items():
        rest = _at(text, position)
        expected = json.dumps(_lookup(value, pointer), indent=indent, ensure_ascii=False)
        assert rest.startswith(expected.split("\n", 1)[0])


def test_positions_of_values_and_keys_nested_in_arrays_and_objects() -> None:
    text = '{\n  "a": [\n    1,\n    {"b": {"c/d": "x"}}\n  ],\n  "e~": true\n}\n'
    parsed = parse(text)
    assert parsed.positions[""] == (1, 1)
    assert parsed.positions["/a"] == (2, 8)
    assert parsed.positions["/a/0"] == (3, 5)
    assert parsed.positions["/a/1"] == (4, 5)
    assert parsed.positions["/a/1/b/c~1d"] == (4, 19)
    assert parsed.key_positions["/a/1/b/c~1d"] == (4, 12)
    assert parsed.key_positions["/e~0"] == (6, 3)


def test_columns_count_characters_not_bytes() -> None:
    parsed = parse('{"é€😀": "v", "k": 1}')
    assert parsed.positions["/k"] == (1, 19)


@pytest.mark.parametrize(
    ("text", "reason", "line", "column"),
    [
        ('{"a": 1,}', "trailing comma before '}'", 1, 9),
        ("[1, 2,]", "trailing comma before ']'", 1, 7),
        ('{"a": 1, "a": 2}', 'duplicate key "a" (first at line 1, column 2); keep one', 1, 10),
        ('{"a": NaN}', "NaN is not valid JSON", 1, 7),
        ('{"a": -Infinity}', "-Infinity is not valid JSON", 1, 7),
        ('{"a": Infinity}', "Infinity is not valid JSON", 1, 7),
        ("{'a': 1}", 'unexpected "\'"', 1, 2),
        ('{"a": 01}', "invalid number", 1, 7),
        ('{"a": 1e999}', "number too large", 1, 7),
        ('{"a": "x\ny"}', "invalid control character", 1, 9),
        ('{"a": 1} {}', "unexpected text after the end", 1, 10),
        ("", "the file is empty", 1, 1),
        ("  \n ", "the file is empty", 2, 2),
        ('{"a":', "unexpected end of file", 1, 6),
        ('{"a" 1}', "expecting ':'", 1, 6),
        ('{"a": 1 "b": 2}', "expecting ',' or '}'", 1, 9),
        ('["a" "b"]', "expecting ',' or ']'", 1, 6),
        ('{"a": tru}', "expecting a value", 1, 7),
        ('{"a": "\\x"}', "invalid \\escape", 1, 8),
        ('{"a": "open', "unterminated string", 1, 7),
        ("\n\n  [1,,2]", "unexpected ','", 3, 6),
    ],
)
def test_syntax_errors_have_a_reason_and_a_place(
    text: str, reason: str, line: int, column: int
) -> None:
    with pytest.raises(JsonPositionError) as caught:
        parse(text)
    assert reason in caught.value.reason
    assert (caught.value.line, caught.value.column) == (line, column)


def test_deep_nesting_is_refused_without_recursion_error() -> None:
    with pytest.raises(JsonPositionError, match="nesting deeper than"):
        parse("[" * 100_000 + "]" * 100_000)
    assert parse("[" * MAX_DEPTH + "]" * MAX_DEPTH).value is not None


def test_integers_with_too_many_digits_are_an_error_not_a_crash() -> None:
    with pytest.raises(JsonPositionError, match="too many digits"):
        parse('{"a": ' + "9" * 5000 + "}")


def test_surrogate_escapes_are_refused_at_the_escape_but_pairs_are_characters() -> None:
    with pytest.raises(JsonPositionError, match="half a surrogate pair") as caught:
        parse('{"a": "ok \\ud800"}')
    assert caught.value.column == 11
    assert parse('"\\ud83d\\ude00"').value == "\U0001f600"
