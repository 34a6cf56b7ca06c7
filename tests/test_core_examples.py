"""The JSON report against its schema, the repository's examples, and real-world handoffs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from core_packets import VALID, packet, write_packet
from handoff_audit.rules import RULES_BY_ID

REPO = Path(__file__).resolve().parents[1]
REPORT_SCHEMA = json.loads((Path(__file__).parent / "report-v1.schema.json").read_text())
REALWORLD = Path(__file__).resolve().parent / "data" / "realworld-handoffs"


def assert_valid_report(report: Any) -> None:
    Draft202012Validator.check_schema(REPORT_SCHEMA)
    errors = sorted(Draft202012Validator(REPORT_SCHEMA).iter_errors(report), key=str)
    assert errors == [], errors[0].message


def test_json_report_matches_its_schema_in_and_out_of_git(
    run_cli: Any, tmp_path: Path, git_repo: Any
) -> None:
    for root in (tmp_path / "plain", git_repo.root):
        write_packet(root, VALID)
        write_packet(root / "bad", packet(status="Active", next_action="TODO"), twin=False)
        (root / "broken").mkdir()
        (root / "broken" / "handoff.json").write_text("{")
        (root / "notes").mkdir()
        (root / "notes" / "HANDOFF.md").write_text("# Handoff\n")
        if root == git_repo.root:
            git_repo.commit()
        result = run_cli(["check", "--format", "json"], cwd=root)
        assert result.code == 1
        report = result.json()
        assert_valid_report(report)
        assert report["summary"]["packets"] == 4
        assert {f["rule"] for f in report["findings"]} >= {"schema", "placeholder", "invalid-json"}
        assert "data" not in json.dumps(report["packets"])


def test_an_empty_report_matches_its_schema(run_cli: Any, tmp_path: Path) -> None:
    assert_valid_report(run_cli(["check", "--format", "json"], cwd=tmp_path).json())


def _rule_of_folder(path: str) -> str | None:
    """The rule an example folder is named after (``examples/<rule>/...``)."""
    for part in Path(path).parts:
        if part in RULES_BY_ID:
            return part
    return None


@pytest.mark.parametrize("branch", [[], ["--branch", "main"]], ids=["checked-out", "on-main"])
def test_examples_show_each_broken_examples_rule_and_nothing_else(
    run_cli: Any, branch: list[str]
) -> None:
    # On main (a protected branch) the examples' HANDOFF.md files are not left-behind
    # handoffs: this repository's .handoff-audit.yml says so in block-files.
    result = run_cli(["check", "--format", "json", "examples/", *branch], cwd=REPO)
    assert result.code == 1, result.err
    report = result.json()
    assert_valid_report(report)
    stray = [
        (f["path"], f["rule"], f["message"])
        for f in report["findings"]
        if _rule_of_folder(f["path"]) != f["rule"]
    ]
    assert stray == []
    shown = {f["rule"] for f in report["findings"]}
    assert shown == {
        "invalid-json",
        "schema",
        "placeholder",
        "secret",
        "md-incomplete",
        "not-a-handoff",
    }
    # The gallery's stand-alone projects are not this repository's packets (.handoff-audit.yml).
    assert not any(p["path"].startswith("examples/gallery/") for p in report["packets"])
    assert {"examples/valid/handoff.json"} <= {p["path"] for p in report["packets"]}


def test_the_valid_example_is_clean(run_cli: Any) -> None:
    result = run_cli(["check", "--format", "json", "examples/valid"], cwd=REPO)
    assert (result.code, result.json()["findings"]) == (0, [])


REAL_FILES = sorted(p for p in REALWORLD.glob("*") if p.name not in ("SOURCES.json", "CORPUS.json"))


@pytest.mark.parametrize("source", REAL_FILES, ids=[p.name for p in REAL_FILES])
def test_real_world_handoffs_get_a_clear_verdict(
    run_cli: Any, tmp_path: Path, source: Path
) -> None:
    name = "handoff.json" if source.suffix == ".json" else "HANDOFF.md"
    (tmp_path / "repo").mkdir()
    shutil.copyfile(source, tmp_path / "repo" / name)
    for fmt in ("json", "text"):
        result = run_cli(["check", "--format", fmt], cwd=tmp_path / "repo")
        assert result.code in (0, 1), (result.code, result.err)
        assert result.err == ""
    report = run_cli(["check", "--format", "json"], cwd=tmp_path / "repo").json()
    assert_valid_report(report)
    assert report["summary"]["packets"] == 1
    for finding in report["findings"]:
        assert finding["message"] and "Traceback" not in finding["message"]


def test_the_real_world_corpus_is_there() -> None:
    assert len(REAL_FILES) >= 10
