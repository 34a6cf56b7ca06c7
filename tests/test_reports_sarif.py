"""SARIF output: valid against the official 2.1.0 schema, complete rules, stable fingerprints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator

from handoff_audit.formats import FORMATS, FormatOptions
from handoff_audit.formats.sarif import (
    FINGERPRINT_KEY,
    RULE_DOCS_URL,
    fingerprints,
    help_uri,
    sarif_log,
)
from handoff_audit.model.findings import Finding, Report, Severity
from handoff_audit.rules import ALL_RULES

REPO = Path(__file__).resolve().parents[1]
SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"


@pytest.fixture(scope="module")
def validator() -> Draft4Validator:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    Draft4Validator.check_schema(schema)
    return Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)


def assert_valid(validator: Draft4Validator, log: Any) -> None:
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def finding(**changes: Any) -> Finding:
    values: dict[str, Any] = {
        "rule": "schema",
        "severity": Severity.ERROR,
        "path": "handoff.json",
        "message": "handoff.json:7:5: /status: 'done' is not one of active, superseded, archived",
        "line": 7,
        "column": 5,
        "pointer": "/status",
    }
    values.update(changes)
    return Finding(**values)


def render(report: Report) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(FORMATS["sarif"](report, FormatOptions()))
    return parsed


SAMPLE = Report(
    packets=(),
    findings=(
        finding(),
        finding(
            rule="packet-age",
            severity=Severity.WARNING,
            line=None,
            column=None,
            pointer=None,
            message="handoff.json last changed 20 days ago",
        ),
        finding(
            rule="too-long",
            severity=Severity.NOTE,
            path="docs/a b/HANDOFF.md",
            line=201,
            column=None,
            pointer=None,
            message="HANDOFF.md has 250 lines; keep it under 200",
        ),
    ),
    head="0" * 40,
    branch="feat/x",
)


def test_the_registered_formatter_is_valid_sarif(validator: Draft4Validator) -> None:
    log = render(SAMPLE)
    assert_valid(validator, log)
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1


def test_an_empty_report_is_valid_and_still_lists_every_rule(validator: Draft4Validator) -> None:
    log = render(Report(packets=(), findings=()))
    assert_valid(validator, log)
    run = log["runs"][0]
    assert run["results"] == []
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == [r.id for r in ALL_RULES]


def test_every_rule_carries_its_descriptions_help_and_default_level() -> None:
    rules = sarif_log(Report(packets=(), findings=()))["runs"][0]["tool"]["driver"]["rules"]
    for rule, entry in zip(ALL_RULES, rules, strict=True):
        assert entry["id"] == rule.id
        assert (
            entry["shortDescription"]["text"].rstrip(".").lower()
            == rule.summary.rstrip(".").lower()
        )
        assert entry["fullDescription"]["text"]
        assert rule.doc.strip() in entry["help"]["text"]
        assert rule.doc.strip() in entry["help"]["markdown"]
        assert entry["helpUri"] == f"{RULE_DOCS_URL}{rule.id}.md" == help_uri(rule.id)
        assert entry["defaultConfiguration"]["level"] == rule.default.value


def test_results_point_at_rule_level_file_and_position() -> None:
    run = render(SAMPLE)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    first, second, third = run["results"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    assert [r["level"] for r in run["results"]] == ["error", "warning", "note"]
    assert first["message"]["text"] == SAMPLE.findings[0].message
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "handoff.json", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 7, "startColumn": 5}
    assert first["properties"] == {"pointer": "/status"}
    assert "region" not in second["locations"][0]["physicalLocation"]
    third_location = third["locations"][0]["physicalLocation"]
    assert third_location["artifactLocation"]["uri"] == "docs/a%20b/HANDOFF.md"
    assert third_location["region"] == {"startLine": 201}


def test_the_configured_severity_sets_the_level() -> None:
    run = render(Report(packets=(), findings=(finding(severity=Severity.NOTE),)))["runs"][0]
    assert run["results"][0]["level"] == "note"


def test_fingerprint_survives_moved_lines_and_changing_counts() -> None:
    moved = finding(
        line=12,
        column=3,
        message="handoff.json:12:3: /status: 'done' is not one of active, superseded, archived",
    )
    assert fingerprints([finding()]) == fingerprints([moved])
    older = finding(rule="packet-age", pointer=None, message="last changed 20 days ago")
    old = finding(rule="packet-age", pointer=None, message="last changed 21 days ago")
    assert fingerprints([older]) == fingerprints([old])
    behind = finding(rule="lkg-behind", message="a91c33f is 11 commits behind (b5e7ded98651)")
    later = finding(rule="lkg-behind", message="a91c33f is 12 commits behind (0c2d4e6f8a1b)")
    assert fingerprints([behind]) == fingerprints([later])


@pytest.mark.parametrize(
    "other",
    [
        finding(rule="placeholder"),
        finding(path=".handoff/other.json"),
        finding(pointer="/branch"),
        finding(message="handoff.json:7:5: /status: 'done' is not a string"),
    ],
    ids=["rule", "path", "pointer", "message"],
)
def test_different_findings_get_different_fingerprints(other: Finding) -> None:
    assert fingerprints([finding()]) != fingerprints([other])


def test_findings_that_differ_only_by_line_keep_distinct_fingerprints() -> None:
    a = finding(rule="secret", pointer=None, line=3, message="line 3 looks like a token")
    b = finding(rule="secret", pointer=None, line=9, message="line 9 looks like a token")
    first, second = fingerprints([a, b])
    assert first != second
    # Moving both down keeps each one's fingerprint.
    a2 = finding(rule="secret", pointer=None, line=5, message="line 5 looks like a token")
    b2 = finding(rule="secret", pointer=None, line=11, message="line 11 looks like a token")
    assert fingerprints([a2, b2]) == [first, second]


def test_every_result_has_a_fingerprint() -> None:
    run = render(SAMPLE)["runs"][0]
    values = [r["partialFingerprints"][FINGERPRINT_KEY] for r in run["results"]]
    assert len(set(values)) == len(values) == len(SAMPLE.findings)


def test_rendering_is_a_pure_function_of_the_report() -> None:
    assert FORMATS["sarif"](SAMPLE, FormatOptions()) == FORMATS["sarif"](SAMPLE, FormatOptions())


BROKEN_PACKET = {
    "branch": "feat/x",
    "last_known_good_commit": "a91c33f",
    "status": "done",
    "summary": "Added the refund endpoint.",
    "changed_files": [],
    "commands_run": [],
    "failed_attempts": [],
    "open_risks": [],
    "next_action": "Wire the refund endpoint into the router.",
    "verdict_pointer": "https://ci.example.com/run/1",
}


def test_real_findings_keep_fingerprints_when_the_packet_lines_move(
    tmp_path: Path, run_cli: Any, validator: Draft4Validator
) -> None:
    packet = tmp_path / "handoff.json"
    packet.write_text(json.dumps(BROKEN_PACKET, indent=2) + "\n", encoding="utf-8")

    def sarif_results() -> list[dict[str, Any]]:
        result = run_cli(["check", "--format", "sarif", "--select", "schema"], cwd=tmp_path)
        assert result.code == 1, result.err
        log = result.json()
        assert_valid(validator, log)
        results: list[dict[str, Any]] = log["runs"][0]["results"]
        return results

    before = sarif_results()
    assert before, "a packet with status 'done' must break the schema rule"
    # Move every line down: the same findings must keep their fingerprints.
    moved = {"x-note": "moved", **BROKEN_PACKET}
    packet.write_text("\n\n" + json.dumps(moved, indent=4) + "\n", encoding="utf-8")
    after = sarif_results()
    assert [r["partialFingerprints"] for r in after] == [r["partialFingerprints"] for r in before]
    lines_before = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in before]
    lines_after = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in after]
    assert lines_after != lines_before


def test_a_growing_count_keeps_the_fingerprint(git_repo: Any, run_cli: Any) -> None:
    git_repo.write("src/app.py", "v = 0\n")
    lkg = git_repo.commit("start")
    git_repo.write(
        "handoff.json",
        {**BROKEN_PACKET, "status": "active", "branch": "main", "last_known_good_commit": lkg},
    )
    for n in range(1, 12):
        git_repo.write("src/app.py", f"v = {n}\n")
        git_repo.commit(f"work {n}")

    def lkg_behind() -> dict[str, Any]:
        result = run_cli(
            ["check", "--format", "sarif", "--select", "lkg-behind"], cwd=git_repo.root
        )
        results = result.json()["runs"][0]["results"]
        assert len(results) == 1, result.out + result.err
        found: dict[str, Any] = results[0]
        return found

    before = lkg_behind()
    git_repo.write("src/app.py", "v = 12\n")
    git_repo.commit("work 12")
    after = lkg_behind()
    assert before["message"]["text"] != after["message"]["text"], "the count grew"
    assert before["partialFingerprints"] == after["partialFingerprints"], (before, after)


@pytest.mark.parametrize("kind", ["packet", "markdown"])
def test_outdated_findings_keep_the_fingerprint_at_each_new_commit(
    git_repo: Any, run_cli: Any, validator: Draft4Validator, kind: str
) -> None:
    git_repo.write("app.py", "x\n")
    lkg = git_repo.commit("init")
    if kind == "packet":
        packet = {**BROKEN_PACKET, "status": "active", "branch": "main"}
        git_repo.write("handoff.json", {**packet, "last_known_good_commit": lkg})
        rule = "packet-outdated"
    else:
        git_repo.write(
            "HANDOFF.md",
            "# Handoff\n\n## State\nTests pass.\n\n## Next step\nShip it.\n\n"
            "## Decisions\n- Key in a header, because the body is signed.\n\n"
            "## Ruled out\n- A lock: deadlocks.\n\n## Pointers\n- app.py\n",
        )
        rule = "handoff-outdated"
    git_repo.commit("handoff")

    def outdated() -> dict[str, Any]:
        result = run_cli(["check", "--format", "sarif", "--select", rule], cwd=git_repo.root)
        log = result.json()
        assert_valid(validator, log)
        results = log["runs"][0]["results"]
        assert len(results) == 1, result.out + result.err
        found: dict[str, Any] = results[0]
        return found

    seen = []
    for step, (path, subject) in enumerate(
        [("app.py", "fix parser"), ("lib.py", "add lib"), ("lib.py", "tune lib")]
    ):
        git_repo.write(path, f"{step}\n")
        git_repo.commit(subject)
        seen.append(outdated())
    assert len({r["message"]["text"] for r in seen}) == 3, "the message names each new commit"
    assert all(r["partialFingerprints"] == seen[0]["partialFingerprints"] for r in seen), seen
