from __future__ import annotations

from importlib import metadata

from handoff_audit.rules import ALL_RULES, RULES_BY_ID


def test_every_rule_id_is_declared_once() -> None:
    assert len(RULES_BY_ID) == len(ALL_RULES) == 20


def test_version(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["--version"])
    assert result.code == 0
    # The installed distribution's version (setuptools-scm wrote both from the same git state).
    assert result.out == f"handoff-audit, version {metadata.version('handoff-audit')}\n"
