"""Whatever is in a packet file, the audit ends in findings, never in an exception."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core_packets import VALID
from handoff_audit.engine.audit import AuditRequest, run_audit
from handoff_audit.formats import FORMATS, FormatOptions
from handoff_audit.git.tracked import is_tracked

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=10), children, max_size=3)
    ),
    max_leaves=12,
)


def audit_text(content: bytes, markdown: bytes | None = None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "handoff.json").write_bytes(content)
        if markdown is not None:
            (root / "handoff.md").write_bytes(markdown)
        report = run_audit(AuditRequest(root=root, paths=(root,)))
        for render in FORMATS.values():
            render(report, FormatOptions()).encode("utf-8", "backslashreplace")
        assert report.summary.packets == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_arbitrary_bytes(content: bytes) -> None:
    audit_text(content)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(sorted(VALID)), json_values, max_size=6))
def test_valid_packet_with_arbitrary_field_values(changes: dict[str, Any]) -> None:
    audit_text(json.dumps({**VALID, **changes}).encode())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values, st.text(max_size=200))
def test_arbitrary_json_with_an_arbitrary_twin(value: Any, markdown: str) -> None:
    audit_text(json.dumps(value).encode(), markdown.encode("utf-8", "surrogatepass"))


yaml_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=10)
    | st.dates()
    | st.binary(max_size=5),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.text(max_size=12) | st.integers(), children, max_size=3)
    ),
    max_leaves=8,
)
config_keys = st.sampled_from(
    ["packets", "block-files", "max-lines", "max-file-bytes", "rules", "schema", "keep-last", "x"]
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(config_keys, yaml_values, max_size=4) | yaml_values)
def test_any_configuration_is_a_config_or_one_line_input_error(raw: Any) -> None:
    import yaml

    from handoff_audit.config import Config, load_config
    from handoff_audit.cwd_paths import from_cwd
    from handoff_audit.errors import InputError
    from handoff_audit.rules import RULES_BY_ID

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / ".handoff-audit.yml").write_text(yaml.safe_dump(raw), encoding="utf-8")
        try:
            assert isinstance(load_config(root, rule_ids=RULES_BY_ID, tracked=is_tracked), Config)
        except InputError as error:
            assert "\n" not in str(error)
            # Named as the person who ran the command reaches it; from another tree that
            # climbs through "..", so the test must not depend on where it runs.
            assert str(error).startswith(from_cwd(root / ".handoff-audit.yml") + ":")
