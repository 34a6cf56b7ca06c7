"""One registry of formats: it feeds `check --format`, and every formatter is a pure function."""

from __future__ import annotations

from typing import Any

import click
import pytest

from handoff_audit.cli.main import cli
from handoff_audit.formats import FORMATS, FormatOptions
from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity

REPORT = Report(
    packets=(
        PacketInfo(
            path="handoff.json",
            kind="json",
            markdown="handoff.md",
            branch="feat/x",
            topic="default",
            status="active",
            last_known_good_commit="a91c33f",
            commits_behind=2,
            data={"title": "Refunds", "next_action": "Lock the ledger row.", "status": "active"},
        ),
    ),
    findings=(
        Finding("schema", Severity.ERROR, "handoff.json", "status: bad", 3, 13, "/status"),
        Finding("packet-age", Severity.WARNING, "handoff.json", "last changed 20 days ago"),
    ),
    head="a91c33f" + "0" * 33,
    branch="feat/x",
)


def test_check_offers_exactly_the_registered_formats() -> None:
    command = cli.commands["check"]
    option = next(p for p in command.params if p.name == "output_format")
    assert isinstance(option.type, click.Choice)
    assert sorted(option.type.choices) == sorted(FORMATS)
    assert {"text", "json", "sarif", "github", "markdown"} <= set(FORMATS)


def test_an_unknown_format_is_a_usage_error(run_cli: Any, tmp_path: Any) -> None:
    result = run_cli(["check", "--format", "xml"], cwd=tmp_path)
    assert result.code == 2
    assert "xml" in result.err


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_formatter_is_a_pure_function_of_the_report(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = FORMATS[name](REPORT, FormatOptions())
    second = FORMATS[name](REPORT, FormatOptions())
    assert isinstance(first, str) and first
    assert first == second
    assert capsys.readouterr() == ("", ""), "formatters return text, they never print"
