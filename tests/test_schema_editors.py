"""Editors validate packets as people type: a packet may name its schema in ``"$schema"``.

The bundled schema allows the key (a non-empty string), its fast yes/no check agrees with
jsonschema, `check` passes such a packet, and check-jsonschema validates it against the bundled
schema file, as an editor or pre-commit would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from core_packets import CONTENT_RULES, packet, write_packet
from handoff_audit.schema import load_schema
from handoff_audit.schema.fastcheck import compile_check
from script_loader import REPO

SCHEMA_FILE = REPO / "src" / "handoff_audit" / "schema" / "handoff.schema.json"
SCHEMA_ID = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["$id"]
BIN = Path(sys.executable).parent


@pytest.mark.parametrize("value", [SCHEMA_ID, "../schema/handoff.schema.json"])
def test_a_packet_with_schema_passes_check(run_cli: Any, tmp_path: Path, value: str) -> None:
    path = write_packet(tmp_path, {"$schema": value, **packet()})
    result = run_cli(["check", "--select", CONTENT_RULES, "--format", "json", str(path)])
    assert result.code == 0, result.out
    assert result.json()["findings"] == []


def test_a_packet_with_schema_validates_in_check_jsonschema(tmp_path: Path) -> None:
    path = write_packet(tmp_path, {"$schema": SCHEMA_ID, **packet()}, twin=False)
    done = subprocess.run(
        [str(BIN / "check-jsonschema"), "--schemafile", str(SCHEMA_FILE), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    bad = write_packet(tmp_path, {"$schema": 7, **packet()}, name="bad.json", twin=False)
    refused = subprocess.run(
        [str(BIN / "check-jsonschema"), "--schemafile", str(SCHEMA_FILE), str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 1 and "$schema" in refused.stdout


@pytest.mark.parametrize(("value", "valid"), [(SCHEMA_ID, True), ("", False), (7, False)])
def test_fast_check_and_jsonschema_agree_on_schema(value: object, valid: bool) -> None:
    schema = load_schema(None)
    fast = compile_check(schema)
    assert fast is not None
    data = {"$schema": value, **packet()}
    assert fast(data) is valid
    assert Draft202012Validator(schema).is_valid(data) is valid


def test_a_wrong_schema_value_is_a_schema_finding(run_cli: Any, tmp_path: Path) -> None:
    path = write_packet(tmp_path, {"$schema": 7, **packet()})
    result = run_cli(["check", "--select", CONTENT_RULES, "--format", "json", str(path)])
    assert result.code == 1
    (finding,) = result.json()["findings"]
    assert (finding["rule"], finding["pointer"]) == ("schema", "/$schema")


def test_the_schemastore_entry_and_the_readme_name_the_schemas_id() -> None:
    entry = json.loads((REPO / "docs" / "schemastore-catalog.json").read_text(encoding="utf-8"))
    assert entry["url"] == SCHEMA_ID
    assert entry["fileMatch"] == ["handoff.json", ".handoff/*.json"]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index('  "json.schemas": [')
    block = json.loads("{" + readme[start : readme.index("\n}\n", start) + 2])
    assert block["json.schemas"] == [{"fileMatch": entry["fileMatch"], "url": SCHEMA_ID}]
