"""A configured `schema:` is the pull request's own, so it is hostile input: its patterns run in
RE2 (linear time), and a pattern RE2 cannot run, or a `$ref` that leads back to itself in a loop,
is a one-line configuration error (exit 2)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from action_runner import Runner
from action_support import packet_data
from conftest import GitRepo, Result

RunCli = Callable[..., Result]

BACKTRACKS = "^(a+)+$"
"""Python's `re` takes time doubling with each `a` of a text that ends in another letter."""
SLOW_TEXT = "a" * 40 + "!"


def _repository(git_repo: GitRepo, schema: dict[str, Any], **packet: Any) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.write("reports/tests.xml", "<testsuite/>\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    data = packet_data(last_known_good_commit=git_repo.head(), status="archived", **packet)
    git_repo.write("handoff.json", data)
    git_repo.write("schemas/handoff.json", json.dumps(schema))
    git_repo.write(".handoff-audit.yml", "schema: schemas/handoff.json\n")
    git_repo.commit("handoff")


def _schema_findings(git_repo: GitRepo) -> list[tuple[str, str]]:
    """The `schema` findings of a real `check` run in a subprocess, which must end within 20 s
    (a regression then fails the test instead of hanging it)."""
    done = subprocess.run(
        ["handoff-audit", "check", "--format", "json", "--target-branch", "main"],
        cwd=git_repo.root,
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    findings = json.loads(done.stdout)["findings"]
    return [(f["pointer"], f["message"]) for f in findings if f["rule"] == "schema"]


def test_a_backtracking_pattern_runs_in_linear_time(git_repo: GitRepo) -> None:
    schema = {
        "type": "object",
        "properties": {"summary": {"type": "string", "pattern": BACKTRACKS}},
    }
    _repository(git_repo, schema, summary=SLOW_TEXT)

    assert _schema_findings(git_repo) == [
        ("/summary", f'summary: "{SLOW_TEXT}" is not a match of the pattern {BACKTRACKS}')
    ]


def test_a_backtracking_pattern_property_runs_in_linear_time(git_repo: GitRepo) -> None:
    known = {name: {} for name in packet_data()}
    schema = {
        "type": "object",
        "properties": known,
        "patternProperties": {BACKTRACKS: {"type": "string"}},
        "additionalProperties": False,
    }
    _repository(git_repo, schema, **{SLOW_TEXT: "x"})

    [(pointer, message)] = _schema_findings(git_repo)

    assert pointer == f"/{SLOW_TEXT}"
    assert message.startswith(f'unknown field "{SLOW_TEXT}"'), message


BACKREFERENCE = (
    "(invalid escape sequence: \\1): it has a backreference, which RE2 does not have: "
    "rewrite the pattern without it"
)


def _one_line_error(result: Result) -> str:
    assert result.code == 2, (result.out, result.err)
    assert len(result.err.splitlines()) == 1, result.err
    assert "Traceback" not in result.err
    return result.err.removeprefix("handoff-audit: error: ").rstrip("\n")


@pytest.mark.parametrize(
    ("schema", "place", "cause"),
    [
        (
            {"properties": {"summary": {"pattern": "^(a)\\1$"}}},
            "/properties/summary/pattern",
            "(invalid escape sequence: \\1): it has a backreference, which RE2 does not have: "
            "rewrite the pattern without it",
        ),
        (
            {"patternProperties": {"^(?!x-)": {}}},
            "/patternProperties/^(?!x-)",
            "(invalid perl operator: (?!): it has a lookaround, which RE2 does not have: "
            "rewrite the pattern without it",
        ),
        (
            {"properties": {"title": {"pattern": "^.{1,1200}$"}}},
            "/properties/title/pattern",
            "(invalid repetition size: {1,1200}): it has a repeat count over 1000, RE2's "
            "limit: bound it at 1000 or less, or bound the value's length with minLength and "
            "maxLength",
        ),
        # subschemas under data keywords' names are schemas: their patterns run too
        (
            {"$defs": {"default": {"pattern": "^(a)\\1$"}}},
            "/$defs/default/pattern",
            BACKREFERENCE,
        ),
        (
            {"properties": {"enum": {"pattern": "^(a)\\1$"}}},
            "/properties/enum/pattern",
            BACKREFERENCE,
        ),
        (
            {"patternProperties": {"^x": {"properties": {"const": {"pattern": "^(a)\\1$"}}}}},
            "/patternProperties/^x/properties/const/pattern",
            BACKREFERENCE,
        ),
        (
            {"dependentSchemas": {"examples": {"pattern": "^(a)\\1$"}}},
            "/dependentSchemas/examples/pattern",
            BACKREFERENCE,
        ),
        (
            {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "dependencies": {"default": {"pattern": "^(a)\\1$"}, "x": ["y"]},
            },
            "/dependencies/default/pattern",
            BACKREFERENCE,
        ),
    ],
    ids=[
        "backreference",
        "lookahead",
        "repeat-over-1000",
        "defs-named-default",
        "property-named-enum",
        "nested-property-named-const",
        "dependent-schema-named-examples",
        "draft-07-dependency-named-default",
    ],
)
def test_a_pattern_re2_cannot_run_is_a_configuration_error_that_says_why(
    git_repo: GitRepo, run_cli: RunCli, schema: dict[str, Any], place: str, cause: str
) -> None:
    _repository(git_repo, schema)

    said = _one_line_error(run_cli(["check", "-q"], cwd=git_repo.root))

    assert said.startswith(
        f".handoff-audit.yml: schema schemas/handoff.json: the pattern at {place} is not one "
        f"RE2 runs {cause} ("
    ), said


def test_a_pattern_in_a_default_value_is_data_and_never_run(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    schema = {
        "type": "object",
        "default": {"pattern": "^(a)\\1$"},
        "properties": {"summary": {"type": "string", "examples": [{"pattern": "(?!x)"}]}},
    }
    _repository(git_repo, schema)
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    assert checked.code in (0, 1) and checked.err == "", checked.out + checked.err


@pytest.mark.parametrize(
    "keywords",
    [
        {"x-form": {"summary": {"widget": "textarea", "pattern": "^(\\w)\\1$"}}},
        {"x-rules": [{"patternProperties": {"^(?!x-)": {}}}]},
        # 2020-12 has no `dependencies` (draft-07's): its value is an annotation there
        {"dependencies": {"summary": {"pattern": "^(a)\\1$"}}},
    ],
    ids=["x-form", "x-rules-list", "draft-07-keyword-in-2020-12"],
)
def test_a_pattern_in_an_annotation_keyword_is_data_and_never_run(
    git_repo: GitRepo, run_cli: RunCli, keywords: dict[str, Any]
) -> None:
    """Review 51-4: an unknown keyword's value (an annotation in 2020-12, as OpenAPI's `x-`
    extensions) is data, not a subschema: no validator compiles a `pattern` inside it."""
    _repository(git_repo, {"type": "object", **keywords})
    checked = run_cli(["check", "-q"], cwd=git_repo.root)
    assert checked.code in (0, 1) and checked.err == "", checked.out + checked.err


def test_a_pattern_with_ecma_unicode_escapes_runs_as_ecma_reads_it(git_repo: GitRepo) -> None:
    """JSON Schema patterns are ECMA-262's: ``\\u0021`` is "!", a surrogate pair one character,
    and ``\\\\u0021`` an escaped backslash before "u0021"."""
    printable = "^[\\u0021-\\u007e]+$"
    schema = {
        "type": "object",
        "properties": {
            "branch": {"type": "string", "pattern": printable},
            "title": {"type": "string", "pattern": "^\\uD83D\\uDE80 "},
            "x-literal": {"type": "string", "pattern": "^\\\\u0021$"},
            "x-spaced": {"type": "string", "pattern": printable},
        },
    }
    packet = {"title": "\U0001f680 Refunds", "x-literal": "\\u0021", "x-spaced": "a b"}
    _repository(git_repo, schema, **packet)

    assert _schema_findings(git_repo) == [
        ("/x-spaced", f'x-spaced: "a b" is not a match of the pattern {printable}')
    ]


LOOPS = [
    pytest.param({"$ref": "#"}, "$ref '#' at the top level", id="ref-to-root"),
    pytest.param(
        {
            "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}},
            "properties": {"summary": {"$ref": "#/$defs/a"}},
        },
        "$ref '#/$defs/b' at /$defs/a",
        id="defs-a-b-a",
    ),
    pytest.param(
        {
            "$defs": {"n": {"$dynamicAnchor": "node", "$dynamicRef": "#node"}},
            "properties": {"summary": {"$ref": "#/$defs/n"}},
        },
        "$dynamicRef '#node' at /$defs/n",
        id="dynamic-ref-to-own-anchor",
    ),
    pytest.param(
        {"$dynamicAnchor": "node", "allOf": [{"$dynamicRef": "#node"}]},
        "$dynamicRef '#node' at /allOf/0",
        id="dynamic-ref-through-all-of",
    ),
    pytest.param(
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "anyOf": [{"$recursiveRef": "#"}],
        },
        "$recursiveRef '#' at /anyOf/0",
        id="recursive-ref-to-root",
    ),
]
REFERS_TO_ITSELF = "refers to itself in a loop"


@pytest.mark.parametrize(("schema", "where"), LOOPS)
def test_a_schema_that_refers_to_itself_in_a_loop_is_a_configuration_error(
    git_repo: GitRepo, run_cli: RunCli, schema: dict[str, Any], where: str
) -> None:
    _repository(git_repo, schema)

    said = _one_line_error(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))

    assert said.startswith(
        f".handoff-audit.yml: schema schemas/handoff.json: {where} {REFERS_TO_ITSELF}"
    ), said


def _ci_with_schema(
    runner: Runner, run_cli: RunCli, tmp_path: Path, schema: dict[str, Any]
) -> Result:
    """`ci` on a pull request that brings ``schema`` as its own configured schema."""
    runner.run("pull_request", runner.pull_request(), comment="false")  # sets up the environment
    runner.repo.write("schemas/handoff.json", json.dumps(schema))
    runner.repo.write(".handoff-audit.yml", "schema: schemas/handoff.json\n")
    runner.head = runner.repo.commit("a schema of the pull request's own")
    event = tmp_path / "event.json"
    event.write_text(json.dumps(runner.pull_request()), encoding="utf-8")
    runner.mp.setenv("GITHUB_EVENT_PATH", str(event))

    result = run_cli(["ci"], cwd=runner.repo.root)
    return result


@pytest.mark.parametrize(("schema", "where"), LOOPS)
def test_ci_names_a_schema_that_refers_to_itself_in_an_annotation(
    runner: Runner, run_cli: RunCli, tmp_path: Path, schema: dict[str, Any], where: str
) -> None:
    result = _ci_with_schema(runner, run_cli, tmp_path, schema)

    assert result.code == 2, (result.out, result.err)
    assert "internal error" not in result.err
    said = f"schema schemas/handoff.json: {where} {REFERS_TO_ITSELF}"
    assert said in result.err
    assert len(result.err.strip().splitlines()) == 1
    [annotation] = [line for line in result.out.splitlines() if line.startswith("::error ")]
    assert annotation.startswith("::error title=handoff-audit%3A input::")
    assert said in annotation


DYNAMIC_SCOPE_LOOP = {
    "$id": "https://example.com/handoff.json",
    "$defs": {
        "a": {"$ref": "inner"},
        "inner": {
            "$id": "inner",
            "$dynamicRef": "#node",
            "$defs": {"x": {"$dynamicAnchor": "node"}},
        },
        "m": {"$id": "m", "$dynamicAnchor": "node", "$ref": "inner"},
    },
    "allOf": [{"$ref": "m"}],
}
"""A loop only the dynamic scope makes (inner's ``#node`` is m's anchor when reached through m),
which the load-time check does not see: checking a packet recurses until Python stops it."""
DEEP = (
    "schema schemas/handoff.json: a $ref, $dynamicRef or $recursiveRef "
    f"{REFERS_TO_ITSELF} (through $ref"
)


def test_a_loop_met_while_checking_a_packet_is_a_configuration_error(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    _repository(git_repo, DYNAMIC_SCOPE_LOOP)

    said = _one_line_error(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))

    assert said.startswith(f".handoff-audit.yml: {DEEP}"), said


def test_ci_names_a_loop_met_while_checking_a_packet_in_an_annotation(
    runner: Runner, run_cli: RunCli, tmp_path: Path
) -> None:
    result = _ci_with_schema(runner, run_cli, tmp_path, DYNAMIC_SCOPE_LOOP)

    assert result.code == 2, (result.out, result.err)
    assert "internal error" not in result.err
    assert DEEP in result.err
    assert len(result.err.strip().splitlines()) == 1
    [annotation] = [line for line in result.out.splitlines() if line.startswith("::error ")]
    assert annotation.startswith("::error title=handoff-audit%3A input::")
    assert DEEP in annotation


def test_a_tree_schema_whose_dynamic_ref_goes_through_items_still_validates(
    git_repo: GitRepo,
) -> None:
    """Not a loop: each `$dynamicRef` applies to a child, one level down the packet."""
    tree = {
        "$dynamicAnchor": "node",
        "type": "object",
        "properties": {"name": {"type": "string"}, "children": {"items": {"$dynamicRef": "#node"}}},
    }
    schema = {"$defs": {"tree": tree}, "properties": {"x-tree": {"$ref": "#/$defs/tree"}}}
    leaf = {"name": "leaf", "children": [{"name": 7}]}
    _repository(git_repo, schema, **{"x-tree": {"name": "root", "children": [leaf]}})

    assert _schema_findings(git_repo) == [
        (
            "/x-tree/children/0/children/0/name",
            "x-tree.children[0].children[0].name: expected a string, got a number (7)",
        )
    ]


@pytest.mark.parametrize("keyword", ["additionalProperties", "unevaluatedProperties"])
def test_a_backtracking_pattern_property_beside_extra_properties_runs_in_linear_time(
    git_repo: GitRepo, keyword: str
) -> None:
    known = {name: {} for name in packet_data()}
    schema = {
        "type": "object",
        "properties": known,
        "patternProperties": {BACKTRACKS: {"type": "string"}},
        keyword: {"type": "string"},
    }
    _repository(git_repo, schema, **{SLOW_TEXT: 7})

    [(pointer, message)] = _schema_findings(git_repo)

    assert pointer == f"/{SLOW_TEXT}"
    if keyword == "additionalProperties":
        assert message == f"{SLOW_TEXT}: expected a string, got a number (7)"
    else:  # jsonschema says which properties fail, not why
        assert message.startswith(f'unknown field "{SLOW_TEXT}"'), message


@pytest.mark.parametrize("keyword", ["additionalProperties", "unevaluatedProperties"])
def test_a_custom_schema_with_pattern_properties_still_validates(
    git_repo: GitRepo, keyword: str
) -> None:
    known = {name: {} for name in packet_data()}
    schema = {
        "type": "object",
        "properties": known,
        "patternProperties": {"^x-": {"type": "string"}, "^note_[0-9]+$": {"pattern": "^ok"}},
        keyword: False,
    }
    packet = {"x-team": "payments", "x-count": 3, "note_1": "ok, done", "note_2": "no", "extra": 1}
    _repository(git_repo, schema, **packet)

    findings = dict(_schema_findings(git_repo))

    assert set(findings) == {"/x-count", "/note_2", "/extra"}, findings
    assert findings["/x-count"] == "x-count: expected a string, got a number (3)"
    assert findings["/note_2"] == 'note_2: "no" is not a match of the pattern ^ok'
    assert findings["/extra"].startswith('unknown field "extra"'), findings["/extra"]


def test_a_custom_schema_leaves_other_jsonschema_users_alone(tmp_path: Path) -> None:
    """Only the configured schema's validator runs RE2: jsonschema elsewhere in the process
    keeps Python's `re`, lookahead and all."""
    import jsonschema

    from handoff_audit.schema.messages import validator_for, violations

    path = tmp_path / "handoff.schema.json"
    path.write_text(json.dumps({"properties": {"id": {"pattern": "^(a+)+$"}}}), "utf-8")
    validator = validator_for(str(path))

    assert [v.pointer for v in violations(validator, {"id": SLOW_TEXT})] == ["/id"]
    jsonschema.validate("ab", {"pattern": "^(?!x)ab"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate("xab", {"pattern": "^(?!x)"})


def test_a_schema_nested_too_deep_for_jsonschema_is_a_configuration_error(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    """jsonschema checks a schema recursively, so a few hundred nested ``allOf`` raised a
    RecursionError (exit 3); the file is now refused in one line before it is checked."""
    schema: dict[str, Any] = {"type": "object"}
    for _ in range(400):
        schema = {"allOf": [schema]}
    _repository(git_repo, schema)

    said = _one_line_error(run_cli(["check", "--target-branch", "main"], cwd=git_repo.root))

    assert said.startswith(
        ".handoff-audit.yml: schema schemas/handoff.json: nested deeper than 64 levels (line 1, "
    ), said
    assert said.endswith("); flatten it (move parts under `$defs`)"), said
