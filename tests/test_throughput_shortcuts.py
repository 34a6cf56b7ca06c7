"""The throughput shortcuts of issue 23 give exactly the answers of the long way."""

from __future__ import annotations

import gc
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit import controls, credentials, jsonpos
from handoff_audit.config import Config
from handoff_audit.engine import discovery, workers
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.markdown import fast_render
from handoff_audit.model.context import Target

BENCH = Path(__file__).resolve().parents[1] / "bench"

_ANY_CHARACTER = st.characters(codec=None, exclude_categories=())  # lone surrogates too


@settings(max_examples=300, deadline=None)
@given(st.text(_ANY_CHARACTER | st.sampled_from(["\ud800", "\udfff", "é", "a"]), max_size=20))
def test_encodable_replaces_exactly_the_lone_surrogates(text: str) -> None:
    assert controls.without_lone_surrogates(text) == re.sub("[\ud800-\udfff]", "\ufffd", text)


def test_a_credential_beside_a_lone_surrogate_is_found() -> None:
    key = "AKIA" + "Z7QRSTUVWXYZ2345"
    assert [m.kind for m in credentials.find_secrets(f"é \ud800 {key}")] == [
        m.kind for m in credentials.find_secrets(f"é \ufffd {key}")
    ]
    assert credentials.find_secrets(f"é \ud800 {key}")


@pytest.fixture(scope="module")
def bench_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sys.path.insert(0, str(BENCH))
    import synth

    return synth.build(tmp_path_factory.mktemp("bench") / "repo", 300, commits=10).root


def test_packets_come_back_from_a_worker_as_they_were_checked(bench_repo: Path) -> None:
    config = Config()
    files = discovery.discover_all(bench_repo, (bench_repo,), config).files
    checked, _ = workers.check_packets(bench_repo, discovery.pair(files), config, Target())
    back = workers._packets(workers._plain(checked))
    assert len(back) == len(checked) == 300
    kinds = set()
    for before, after in zip(checked, back, strict=True):
        for name in ("path", "kind", "markdown_path", "text", "markdown_text", "known_clean"):
            assert getattr(after, name) == getattr(before, name), name
        assert repr(after.data) == repr(before.data)  # the same values, types and key order
        assert dict(after.positions) == dict(before.positions)
        assert dict(after.key_positions) == dict(before.key_positions)
        kinds.add((before.kind, before.data is None, before.markdown_text is None))
    # JSON packets with and without a twin, hand-written handoffs, unreadable JSON
    assert {("json", False, False), ("json", False, True), ("markdown", True, False)} <= kinds
    assert any(kind == "json" and no_data for kind, no_data, _ in kinds)


_MEMBER_NAMES = st.sampled_from(["a", "s", "b/c", "~", "é", "", "\u2028", "x\ny"])
_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_MEMBER_NAMES, inner, max_size=3),
    max_leaves=10,
)


@settings(max_examples=400, deadline=None)
@given(
    st.dictionaries(_MEMBER_NAMES, _VALUES, max_size=5),
    st.sampled_from([None, 2, "\t", "\r\n  "]),
    st.booleans(),
)
def test_top_level_positions_are_the_strict_parsers(
    document: dict[str, Any], indent: int | str | None, escape: bool
) -> None:
    text = json.dumps(document, indent=indent, ensure_ascii=escape)
    if isinstance(indent, str):
        text = text.replace("\n", "\n\r\n ")  # odd whitespace between the tokens too
    strict = jsonpos._Parser(text).parse()
    _assert_top_level_is_strict(text, strict)


def _assert_top_level_is_strict(text: str, strict: jsonpos.Parsed) -> None:
    parsed = jsonpos.parse(text)
    for pointer in ["", "/missing", *strict.positions]:
        if pointer.count("/") > 1:
            continue
        for fast, slow in (
            (parsed.positions, strict.positions),
            (parsed.key_positions, strict.key_positions),
        ):
            assert (pointer in fast) == (pointer in slow), pointer
            if pointer in slow:
                assert fast[pointer] == slow[pointer], pointer
    later = getattr(parsed.positions, "later", None)  # none: the text went the strict way
    assert later is None or later.parsed is None  # found without the strict parse


def test_top_level_positions_of_real_packets_are_the_strict_parsers(bench_repo: Path) -> None:
    packets = sorted(bench_repo.glob(".handoff/*/*.json"))[:150]
    assert len(packets) == 150
    for path in packets:
        text = path.read_text(encoding="utf-8")
        try:
            strict = jsonpos._Parser(text).parse()
        except jsonpos.JsonPositionError:
            continue  # the invalid-json packets: never given positions
        _assert_top_level_is_strict(text, strict)


def test_a_document_that_is_no_object_is_parsed_the_long_way() -> None:
    parsed = jsonpos.parse('[\n  {"a": 1}\n]')
    assert parsed.positions["/0"] == (2, 3) and parsed.key_positions["/0/a"] == (2, 4)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text("a.jsonJSONmd", max_size=7).filter(lambda p: p not in ("", ".", "..")),
        min_size=1,
        max_size=3,
    )
)
def test_suffix_by_name_is_paths_suffix(parts: list[str]) -> None:
    path = Path("/repo", *parts)
    assert discovery._suffix(str(path)) == path.suffix


def test_after_an_audit_the_collector_is_on_and_skips_what_the_audit_made(
    bench_repo: Path,
) -> None:
    request = AuditRequest(
        root=bench_repo, paths=(bench_repo,), target=Target(target_branch="main")
    )
    gc.unfreeze()
    report = run_audit(request)
    assert gc.isenabled()
    assert gc.get_freeze_count() > len(report.packets) > 0  # their data, at least
    gc.unfreeze()


_OLD_LOOSE_UNDERSCORE = re.compile(r"(?:^|[^A-Za-z0-9_])_|_(?:[^A-Za-z0-9_]|$)")
"""The underscore test of one value, as `fast_render` made it value by value before."""


@settings(max_examples=500, deadline=None)
@given(st.lists(st.text("a_ 1-é*", max_size=6), min_size=1, max_size=4))
def test_underscores_judged_together_as_one_by_one(values: list[str]) -> None:
    joined = "\n".join(values)
    one_by_one = any(_OLD_LOOSE_UNDERSCORE.search(value) for value in values)
    assert (fast_render._LOOSE_UNDERSCORE.search(joined) is not None) is one_by_one
