"""A credential pasted where a rule id goes (a `rules:` key of the configuration, `--select`,
`--ignore`, `explain`) is an unknown rule id, named redacted: never echoed, as every other
place that quotes a value already does."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Result

TOKEN = "ghp_" + "R8sT2uVwX4yZa6BcD8eFg0HiJ2kLm4NoP6qR"


def _said(result: Result) -> str:
    assert result.code == 2, result.out + result.err
    assert TOKEN not in result.out + result.err
    assert TOKEN.lower() not in (result.out + result.err).lower()
    assert len(result.err.strip().splitlines()) == 1, result.err
    return result.err


def test_a_token_as_a_rules_key_is_redacted(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / ".handoff-audit.yml").write_text(f'rules:\n  {TOKEN}: "off"\n', encoding="utf-8")
    said = _said(run_cli(["check"], cwd=tmp_path))
    assert 'rules: unknown rule id "[redacted GitHub token]"' in said, said


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (["check", "--select", TOKEN], "--select: unknown rule id"),
        (["check", "--ignore", f"schema,{TOKEN}"], "--ignore: unknown rule id"),
        (["explain", TOKEN], "explain: unknown rule id"),
    ],
)
def test_a_token_as_a_rule_id_option_is_redacted(  # type: ignore[no-untyped-def]
    run_cli, tmp_path: Path, args: list[str], where: str
) -> None:
    said = _said(run_cli(args, cwd=tmp_path))
    assert f'{where} "[redacted GitHub token]"' in said, said
