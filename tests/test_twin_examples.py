"""The markdown examples: the generated twin, a good hand-written handoff, a bad one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_valid_packets_twin_is_generated(run_cli: Any) -> None:
    result = run_cli(["render", "--check", str(EXAMPLES / "valid" / "handoff.json")])
    assert result.code == 0, result.out


def test_the_hand_written_handoff_passes(run_cli: Any) -> None:
    result = run_cli(["check", "--format", "json", "examples/md-only-good"], cwd=EXAMPLES.parent)
    report = result.json()
    assert [p["kind"] for p in report["packets"]] == ["markdown"]
    assert (result.code, report["findings"]) == (0, [])


def test_the_files_only_handoff_fails_naming_each_missing_part(run_cli: Any) -> None:
    result = run_cli(["check", "--format", "json", "examples/md-incomplete"], cwd=EXAMPLES.parent)
    assert result.code == 1
    findings = result.json()["findings"]
    assert {f["rule"] for f in findings} == {"md-incomplete"}
    # The changed files are pointers and "Tests pass." is a state; the rest is missing.
    starts = sorted(f["message"].split(":")[0] for f in findings)
    assert starts == ["no decisions with reasons", "no next step", "nothing ruled out"]
    severities = {f["facet"]: f["severity"] for f in findings}
    assert severities == {"next": "error", "decisions": "warning", "ruled_out": "warning"}
