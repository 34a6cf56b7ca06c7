"""`formats.indented_json.dumps` writes what ``json.dumps(indent=2, ensure_ascii=False)`` does."""

from __future__ import annotations

import enum
import json
import math
from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit.formats import indented_json

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text()
    | st.sampled_from(["\u2028", "\x7f", "\ud800", '"\\', "\u202e"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=30,
)


def _standard(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=400, deadline=None)
@given(_JSON)
def test_the_same_text_as_the_standard_library(value: Any) -> None:
    assert indented_json.dumps(value) == _standard(value)


class _Level(enum.IntEnum):
    LOW = 1


def test_values_it_leaves_to_the_standard_library_come_out_the_same() -> None:
    values = [
        {"a": (1, 2.5, [True, None]), "b": ()},
        {1: "int key", "s": "x"},
        {"level": _Level.LOW, "ordered": OrderedDict(z=1, a=2)},
        [math.nan, math.inf, -math.inf, -0.0, 1e300],
        {"deep": [[[{"x": []}]]], "empty": {}},
    ]
    for value in values:
        assert indented_json.dumps(value) == _standard(value)


@pytest.mark.parametrize("value", [{"x": {1, 2}}, [object()]])
def test_a_value_json_cannot_write_is_the_standard_librarys_error(value: Any) -> None:
    with pytest.raises(TypeError) as expected:
        _standard(value)
    with pytest.raises(TypeError) as raised:
        indented_json.dumps(value)
    assert str(raised.value) == str(expected.value)
