"""A configured `schema:` is checked when the configuration is loaded, in a real repository with
no packet yet: a broken `$ref` or a folder is one line naming the configuration file, the
schema file, the reference and its place (exit 2), where it passed until the first packet."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from conftest import GitRepo, Result

RunCli = Callable[..., Result]

POINTS_AT_NOTHING = "points at nothing in the file"


def _configured(git_repo: GitRepo, schema: object, value: str = "schemas/handoff.json") -> None:
    git_repo.write("a.txt", "a\n")
    git_repo.write("schemas/handoff.json", json.dumps(schema))
    git_repo.write(".handoff-audit.yml", f"schema: {value}\n")
    git_repo.commit("configuration")


def _one_line_error(result: Result) -> str:
    assert result.code == 2, (result.out, result.err)
    assert result.out == ""
    assert len(result.err.splitlines()) == 1, result.err
    assert "Traceback" not in result.err
    return result.err.removeprefix("handoff-audit: error: ").rstrip("\n")


@pytest.mark.parametrize(
    ("schema", "said"),
    [
        (
            {"$ref": "#/$defs/packet"},
            f"$ref '#/$defs/packet' at the top level {POINTS_AT_NOTHING}",
        ),
        (
            {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "definitions": {"lkg": {"type": "string"}},
                "properties": {
                    "a": {"$ref": "#/definitions/lkg"},
                    "b": {"items": [{"$ref": "#/definitions/lgk"}]},
                },
            },
            f"$ref '#/definitions/lgk' at /properties/b/items/0 {POINTS_AT_NOTHING}",
        ),
    ],
    ids=["top-level", "draft-07-nested"],
)
def test_a_broken_local_ref_is_named_before_any_packet_exists(
    git_repo: GitRepo, run_cli: RunCli, schema: object, said: str
) -> None:
    _configured(git_repo, schema)

    result = run_cli(["check", "-q"], cwd=git_repo.root)

    assert _one_line_error(result) == f".handoff-audit.yml: schema schemas/handoff.json: {said}"


def test_local_refs_that_resolve_inside_the_file_and_its_subresources_pass(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    schema = {
        "$ref": "#/$defs/packet",
        "$defs": {
            "packet": {
                "$id": "https://example.invalid/packet.json",
                "properties": {"branch": {"$ref": "#/$defs/name"}},
                "$defs": {"name": {"type": "string"}},
            }
        },
    }
    _configured(git_repo, schema)

    result = run_cli(["check", "-q"], cwd=git_repo.root)

    assert result.code == 0, result.err


def test_a_ref_to_another_document_is_named_with_the_fix(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    _configured(git_repo, {"properties": {"risk": {"$ref": "risk.json"}}})

    said = _one_line_error(run_cli(["check", "-q"], cwd=git_repo.root))

    assert said.startswith(
        ".handoff-audit.yml: schema schemas/handoff.json: $ref 'risk.json' at /properties/risk "
        "names another document, which handoff-audit does not fetch"
    )
    assert "$defs" in said


def test_a_folder_as_schema_is_named_as_a_folder(git_repo: GitRepo, run_cli: RunCli) -> None:
    _configured(git_repo, {"type": "object"}, value="schemas")

    said = _one_line_error(run_cli(["check", "-q"], cwd=git_repo.root))

    assert said == ".handoff-audit.yml: schema 'schemas' is a folder; name the schema file in it"


@pytest.mark.parametrize("value", ["schemas/handoff.schema.json", "missing.json"])
def test_a_schema_that_does_not_exist_is_named_as_missing(
    git_repo: GitRepo, run_cli: RunCli, value: str
) -> None:
    git_repo.write("app.py", "x\n")
    git_repo.commit("init")
    git_repo.write(".handoff-audit.yml", f"schema: {value}\n")

    said = _one_line_error(run_cli(["check", "-q"], cwd=git_repo.root))

    expected = f".handoff-audit.yml: schema '{value}': no such file (looked at {value})"
    assert said.startswith(expected), said
    assert "correct the path in `schema:`" in said
    assert "git does not track" not in said
    assert "git add" not in said
