"""The throughput shortcuts of issue 23 give exactly the answers of the long way."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handoff_audit import credentials
from handoff_audit.config import Config
from handoff_audit.engine import discovery, workers
from handoff_audit.model.context import Target

BENCH = Path(__file__).resolve().parents[1] / "bench"

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
