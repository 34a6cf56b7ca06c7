"""The content rules (schema, placeholder, secret; invalid-json has its own file), through the
real command line on real files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core_packets import CONTENT_RULES, VALID, packet, rules_of, write_packet


def audit(run_cli: Any, folder: Path, *extra: str) -> Any:
    # --select accumulates: a test that selects its own rules replaces the default selection.
    select = [] if "--select" in extra else ["--select", CONTENT_RULES]
    return run_cli(["check", "--format", "json", *select, *extra], cwd=folder)


def findings(result: Any) -> list[dict[str, Any]]:
    return list(result.json()["findings"])


def test_a_valid_packet_has_no_content_finding(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID)
    result = audit(run_cli, tmp_path)
    assert result.code == 0, result.out
    assert findings(result) == []
    assert result.json()["packets"][0]["markdown"] == "handoff.md"


def test_minimal_packet_without_optional_fields_is_valid(run_cli: Any, tmp_path: Path) -> None:
    optional = ("schema_version", "title", "decisions", "ruled_out", "traps", "pointers", "x-team")
    write_packet(tmp_path, packet(**dict.fromkeys(optional, ...)))
    assert audit(run_cli, tmp_path).code == 0


def test_enum_mismatch_suggests_the_nearest_value(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(status="Active"))
    result = audit(run_cli, tmp_path)
    assert result.code == 1
    (finding,) = findings(result)
    assert finding["rule"] == "schema"
    assert finding["pointer"] == "/status"
    assert finding["message"] == (
        'status: "Active" is not one of active, superseded, archived — did you mean "active"?'
    )
    assert (finding["line"], finding["column"]) == (6, 13)


def test_unknown_field_suggests_the_nearest_known_field_at_its_key(
    run_cli: Any, tmp_path: Path
) -> None:
    write_packet(tmp_path, {**packet(), "nxt_action": "x", "x-ok": 1})
    (finding,) = findings(audit(run_cli, tmp_path))
    assert 'unknown field "nxt_action"' in finding["message"]
    assert 'did you mean "next_action"?' in finding["message"]
    assert finding["pointer"] == "/nxt_action"
    text = (tmp_path / "handoff.json").read_text().splitlines()
    assert text[finding["line"] - 1][finding["column"] - 1 :].startswith('"nxt_action"')


def test_commit_pattern_is_said_in_words(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(last_known_good_commit="A91C33F"))
    (finding,) = findings(audit(run_cli, tmp_path))
    assert "7 to 64 lowercase hex characters" in finding["message"]
    assert "^[0-9a-f]" not in finding["message"]


def test_all_missing_required_fields_are_one_finding(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(next_action=..., verdict_pointer=..., branch=...), twin=False)
    (finding,) = findings(audit(run_cli, tmp_path))
    assert finding["pointer"] == ""
    assert "missing required fields branch, next_action, verdict_pointer" in finding["message"]
    assert (finding["line"], finding["column"]) == (1, 1)


def test_every_violation_is_reported_with_line_and_column_nested_in_arrays(
    run_cli: Any, tmp_path: Path
) -> None:
    data = packet(
        open_risks=[
            {"what": "fine", "severity": "low"},
            {"what": "bad", "severity": "hgih"},
        ],
        commands_run=[{"cmd": "pytest", "exit": "1"}],
        decisions=[{"decision": "d"}],
    )
    write_packet(tmp_path, data)
    result = findings(audit(run_cli, tmp_path))
    by_pointer = {f["pointer"]: f for f in result}
    assert set(by_pointer) == {"/commands_run/0/exit", "/open_risks/1/severity", "/decisions/0"}
    lines = (tmp_path / "handoff.json").read_text().splitlines()
    for pointer, starts in (
        ("/commands_run/0/exit", '"1"'),
        ("/open_risks/1/severity", '"hgih"'),
        ("/decisions/0", "{"),
    ):
        finding = by_pointer[pointer]
        assert lines[finding["line"] - 1][finding["column"] - 1 :].startswith(starts), pointer
    assert 'did you mean "high"?' in by_pointer["/open_risks/1/severity"]["message"]
    assert "expected an integer, got a string" in by_pointer["/commands_run/0/exit"]["message"]
    assert "missing required field why" in by_pointer["/decisions/0"]["message"]


def test_any_of_failures_collapse_to_the_most_useful_branch(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(failed_attempts=["ok", {"what": "x"}, 5]), twin=False)
    result = {f["pointer"]: f["message"] for f in findings(audit(run_cli, tmp_path))}
    assert result == {
        "/failed_attempts/1": (
            "failed_attempts[1] is missing required field why; add it (see `handoff-audit schema`)"
        ),
        "/failed_attempts/2": (
            "failed_attempts[2]: expected a string or an object, got a number (5)"
        ),
    }


def test_x_extensions_are_allowed_anywhere_at_the_top(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(**{"x-anything": [1, {"deep": None}]}))
    assert audit(run_cli, tmp_path).code == 0


@pytest.mark.parametrize(
    "value", ["TODO", "  tbd ", "FIXME:", "n/a", "None", "-", "...", "…", "<next step>", "", "   "]
)
@pytest.mark.parametrize("field", ["next_action", "summary"])
def test_placeholders_are_found(run_cli: Any, tmp_path: Path, field: str, value: str) -> None:
    write_packet(tmp_path, packet(**{field: value}), twin=False)
    result = audit(run_cli, tmp_path, "--select", "placeholder")
    (finding,) = findings(result)
    assert finding["rule"] == "placeholder"
    assert finding["pointer"] == f"/{field}"
    assert finding["message"].startswith(f"{field} is ")


@pytest.mark.parametrize(
    "value", ["Run the migration", "TODO list: finish the refund flow", "None of the tests fail"]
)
def test_real_text_is_not_a_placeholder(run_cli: Any, tmp_path: Path, value: str) -> None:
    write_packet(tmp_path, packet(next_action=value), twin=False)
    assert audit(run_cli, tmp_path, "--select", "placeholder").code == 0


def test_an_array_at_the_top_is_another_tools_file(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "handoff.json").write_text("[1, 2]\n")
    (finding,) = findings(audit(run_cli, tmp_path))
    assert finding["rule"] == "schema"
    assert "the file holds a JSON array, and a packet is a JSON object" in finding["message"]


def test_custom_schema_from_the_configuration_replaces_the_bundled_one(
    run_cli: Any, tmp_path: Path
) -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["ticket"],
        "properties": {"ticket": {"type": "string", "format": "date"}},
    }
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "mine.json").write_text(json.dumps(schema))
    (tmp_path / ".handoff-audit.yml").write_text("schema: schemas/mine.json\n")
    write_packet(tmp_path, {"ticket": "not-a-date", "next_action": "x", "summary": "y"})
    result = findings(audit(run_cli, tmp_path))
    assert [(f["rule"], f["pointer"]) for f in result] == [("schema", "/ticket")]
    assert "is not a valid date" in result[0]["message"]


def test_a_schema_with_a_remote_ref_is_never_fetched(run_cli: Any, tmp_path: Path) -> None:
    schema = {"$ref": "https://example.invalid/other.json"}
    (tmp_path / "s.json").write_text(json.dumps(schema))
    (tmp_path / ".handoff-audit.yml").write_text("schema: s.json\n")
    write_packet(tmp_path, VALID)
    result = audit(run_cli, tmp_path)
    assert result.code == 2
    assert "names another document, which handoff-audit does not fetch" in result.err
    assert "Traceback" not in result.err


def test_an_unknown_status_is_a_schema_finding(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(status="done"))
    assert rules_of(audit(run_cli, tmp_path)) == ["schema"]


def test_a_flood_of_violations_is_capped_with_a_count(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet(changed_files=list(range(250))), twin=False)
    result = findings(audit(run_cli, tmp_path, "--select", "schema"))
    assert len(result) == 101
    assert (
        result[0]["message"]
        == "150 more schema violations not shown; fix the ones above and run again"
    )
    assert result[1]["pointer"] == "/changed_files/0"


def test_no_rule_tells_users_to_edit_the_json_by_hand() -> None:
    """Refreshing a packet is `handoff-audit update`; no fix says to set a field and re-render."""
    import re

    from handoff_audit.rules import ALL_RULES

    src = Path(__file__).resolve().parents[1] / "src" / "handoff_audit" / "rules"
    text = "\n".join(p.read_text(encoding="utf-8") for p in src.glob("*.py"))
    text += "\n".join(rule.doc for rule in ALL_RULES)
    for phrase in ("edit the json", "set it to the commit", "set `branch` to"):
        assert phrase not in text.lower(), phrase
    assert not re.search(r"set `?last_known_good_commit`? to", text)
