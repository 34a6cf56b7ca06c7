"""The throughput shortcuts of issue 23 give exactly the answers of the long way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit import credentials

_ANY_CHARACTER = st.characters(codec=None, exclude_categories=())  # lone surrogates too


@settings(max_examples=300, deadline=None)
@given(st.text(_ANY_CHARACTER | st.sampled_from(["\ud800", "\udfff", "é", "a"]), max_size=20))
def test_encodable_replaces_exactly_the_lone_surrogates(text: str) -> None:
    assert credentials._encodable(text) == credentials._SURROGATE.sub("\ufffd", text)


def test_a_credential_beside_a_lone_surrogate_is_found() -> None:
    key = "AKIA" + "Z7QRSTUVWXYZ2345"
    assert [m.kind for m in credentials.find_secrets(f"é \ud800 {key}")] == [
        m.kind for m in credentials.find_secrets(f"é \ufffd {key}")
    ]
    assert credentials.find_secrets(f"é \ud800 {key}")
