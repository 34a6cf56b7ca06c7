from __future__ import annotations

from handoff_audit.rules import ALL_RULES, RULES_BY_ID


def test_every_rule_id_is_declared_once() -> None:
    assert len(RULES_BY_ID) == len(ALL_RULES) == 21


def test_version(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["--version"])
    assert result.code == 0
    assert "0.1.0" in result.out
