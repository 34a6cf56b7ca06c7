"""A configured `schema:` is the pull request's own: a schema file nested deeper than the
packets' reader allows is refused where it is read, naming the place, and `ci` ends as it does
for any configuration error."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from action_runner import Runner, parse_file_command
from action_support import packet_data
from conftest import GitRepo, Result

RunCli = Callable[..., Result]


def _properties(levels: int) -> str:
    return '{"properties":{"a":' * levels + '{"type":"string"}' + "}}" * levels


DEEP_SCHEMAS = [
    pytest.param('{"enum":' + "[" * 100_000 + "]" * 100_000 + "}", 72, id="enum-100000-arrays"),
    pytest.param(_properties(900), 609, id="900-properties"),
    pytest.param('{"allOf":[' * 3000 + "{}" + "]}" * 3000, 321, id="3000-all-of"),
]
"""A schema file and the column (on line 1) where its nesting passes 64 levels."""


def _repository(git_repo: GitRepo, schema_text: str, config: str = "schema: s.json\n") -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.write("reports/tests.xml", "<testsuite/>\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    data = packet_data(last_known_good_commit=git_repo.head(), status="archived")
    git_repo.write("handoff.json", data)
    git_repo.write("s.json", schema_text)
    git_repo.write(".handoff-audit.yml", config)
    git_repo.commit("handoff")


@pytest.mark.parametrize(("schema_text", "column"), DEEP_SCHEMAS)
def test_check_refuses_a_schema_file_nested_too_deep_in_one_line(
    git_repo: GitRepo, run_cli: RunCli, schema_text: str, column: int
) -> None:
    _repository(git_repo, schema_text)

    result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert result.err == (
        "handoff-audit: error: .handoff-audit.yml: schema s.json: nested deeper than 64 levels "
        f"(line 1, column {column}); flatten it (move parts under `$defs`)\n"
    )


def test_ci_refuses_a_deep_schema_file_and_replaces_the_comment(
    runner: Runner, run_cli: RunCli, tmp_path: Path
) -> None:
    runner.run("pull_request", runner.pull_request())
    [earlier] = runner.fake.ours(2)
    assert "active-in-merge" in earlier["body"]
    runner.repo.write("s.json", DEEP_SCHEMAS[0].values[0])
    runner.repo.write(".handoff-audit.yml", "schema: s.json\n")
    runner.head = runner.repo.commit("a schema of the pull request's own")
    event = tmp_path / "event.json"
    event.write_text(json.dumps(runner.pull_request("pull_request.synchronize.json")), "utf-8")
    runner.mp.setenv("GITHUB_EVENT_PATH", str(event))
    Path(runner.tmp / "runner-0" / "file_commands" / "set_output_1").write_text("", "utf-8")

    result = run_cli(["ci"], cwd=runner.repo.root)

    said = "schema s.json: nested deeper than 64 levels (line 1, column 72)"
    assert result.code == 2, (result.out, result.err)
    assert "internal error" not in result.err
    assert said in result.err
    runner_files = runner.tmp / "runner-0" / "file_commands"
    assert "blocked<<" in (runner_files / "set_output_1").read_text("utf-8")
    summary = (runner_files / "step_summary_1").read_text("utf-8")
    assert "the audit could not run" in summary and said in summary
    [comment] = runner.fake.ours(2)
    assert comment["id"] == earlier["id"]
    assert "the audit could not run" in comment["body"] and said in comment["body"]


def _ref_chain(links: int) -> str:
    """``$defs`` l0 -> l1 -> ... -> l<links>, each a `$ref` to the next, the last an object."""
    defs: dict[str, object] = {f"l{i}": {"$ref": f"#/$defs/l{i + 1}"} for i in range(links)}
    defs[f"l{links}"] = {"type": "object", "required": ["x-team"]}
    return json.dumps({"$defs": defs, "$ref": "#/$defs/l0"})


def test_a_long_ref_chain_without_a_loop_is_refused_as_too_deep_not_as_a_loop(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    _repository(git_repo, _ref_chain(1000))

    result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert result.err == (
        "handoff-audit: error: .handoff-audit.yml: schema s.json: $ref '#/$defs/l0' at the top "
        "level starts a chain of more than 100 schemas applied to the same value ($ref, "
        "$dynamicRef, allOf, anyOf, oneOf, not or if, with no property or item between); "
        "handoff-audit follows at most 100: shorten the chain (refer to the schema at its end "
        "directly)\n"
    )


def _only_x_team_is_missing(git_repo: GitRepo, run_cli: RunCli) -> None:
    """`check` read the schema and judged the packet by it: the one schema finding is the
    missing ``x-team`` field the schema requires."""
    result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)

    assert result.code == 1, (result.out, result.err)
    schema = [f["message"] for f in result.json()["findings"] if f["rule"] == "schema"]
    assert schema == [
        "the packet is missing required field x-team; add it (see s.json, the configured schema)"
    ], schema


def test_a_ref_chain_within_the_limit_still_judges_packets(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    _repository(git_repo, _ref_chain(99))
    _only_x_team_is_missing(git_repo, run_cli)


def _doubling_any_of(levels: int) -> str:
    """Each level an `anyOf` of two references to the next: checking a packet (an object, no
    string) tries 2**levels paths; 30 levels took hours."""
    defs: dict[str, object] = {
        f"l{i}": {"anyOf": [{"$ref": f"#/$defs/l{i + 1}"}, {"$ref": f"#/$defs/l{i + 1}"}]}
        for i in range(levels)
    }
    defs[f"l{levels}"] = {"type": "string"}
    return json.dumps({"$defs": defs, "$ref": "#/$defs/l0"})


SLOW = (
    "schema s.json: checking the packets against it took over 10 s, the most handoff-audit "
    "gives a configured schema in one run (schema-timeout); simplify it: an anyOf or oneOf whose "
    "branches refer to schemas that branch again doubles the work at every level; or raise "
    "schema-timeout for a schema that is only large"
)


def _cli(args: list[str], cwd: str | Path) -> subprocess.CompletedProcess[str]:
    """The real CLI in a subprocess that must end within 30 s: the schemas here would keep it
    busy for hours without the time bound (then the test fails instead of hanging)."""
    return subprocess.run(
        ["handoff-audit", *args], cwd=cwd, capture_output=True, text=True, timeout=30, check=False
    )


def test_check_stops_a_schema_that_would_take_hours_at_its_time_bound(git_repo: GitRepo) -> None:
    _repository(git_repo, _doubling_any_of(30))

    result = _cli(["check", "--target-branch", "main"], git_repo.root)

    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr == f"handoff-audit: error: .handoff-audit.yml: {SLOW}\n"


def test_schema_timeout_sets_the_bound(git_repo: GitRepo) -> None:
    _repository(git_repo, _doubling_any_of(30), "schema: s.json\nschema-timeout: 0.5\n")

    started = time.monotonic()
    result = _cli(["check", "--target-branch", "main"], git_repo.root)

    assert result.returncode == 2, (result.stdout, result.stderr)
    assert time.monotonic() - started < 8  # not the default 10 s
    shorter = SLOW.replace("over 10 s", "over 0.5 s")
    assert result.stderr == f"handoff-audit: error: .handoff-audit.yml: {shorter}\n"


@pytest.mark.parametrize(
    ("name", "text", "written"),
    [
        (".handoff-audit.yml", "schema-timeout: 0\n", "0"),
        (".handoff-audit.yml", "schema-timeout: -5\n", "-5"),
        (".handoff-audit.yml", "schema-timeout: ten\n", '"ten"'),
        (".handoff-audit.yml", "schema-timeout: 601\n", "601"),
        (".handoff-audit.yml", "schema-timeout: .nan\n", "NaN"),
        (".handoff-audit.yml", "schema-timeout: .inf\n", "Infinity"),
        ("pyproject.toml", "[tool.handoff-audit]\nschema-timeout = true\n", "true"),
    ],
    ids=["zero", "negative", "text", "above-ceiling", "nan", "infinity", "toml-boolean"],
)
def test_a_bad_schema_timeout_is_a_one_line_error_naming_the_file_and_key(
    git_repo: GitRepo, run_cli: RunCli, name: str, text: str, written: str
) -> None:
    git_repo.write(name, text)
    git_repo.commit("configure")
    source = "pyproject.toml [tool.handoff-audit]" if name == "pyproject.toml" else name

    result = run_cli(["check"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert result.err == (
        f"handoff-audit: error: {source}: schema-timeout is {written}; expected a number of "
        "seconds above 0, at most 600, e.g. 30\n"
    )


def test_ci_blocks_on_a_schema_that_would_take_hours(runner: Runner, tmp_path: Path) -> None:
    runner.run("pull_request", runner.pull_request(), comment="false")  # sets up the environment
    runner.repo.write("s.json", _doubling_any_of(30))
    runner.repo.write(".handoff-audit.yml", "schema: s.json\n")
    runner.head = runner.repo.commit("a schema of the pull request's own")
    event = tmp_path / "event.json"
    event.write_text(json.dumps(runner.pull_request()), "utf-8")
    runner.mp.setenv("GITHUB_EVENT_PATH", str(event))

    result = _cli(["ci"], runner.repo.root)

    assert result.returncode == 2, (result.stdout, result.stderr)
    assert SLOW in result.stderr
    runner_files = runner.tmp / "runner-0" / "file_commands"
    outputs = parse_file_command((runner_files / "set_output_1").read_text("utf-8"))
    assert outputs["blocked"] == "true"
    summary = (runner_files / "step_summary_1").read_text("utf-8")
    assert "the audit could not run" in summary and SLOW in summary


def _unique_items_packet(git_repo: GitRepo, items: list[object]) -> list[str]:
    """The `schema` findings of `check` on a packet whose ``x`` holds ``items``, under a schema
    that wants them unique."""
    schema = {"type": "object", "properties": {"x": {"type": "array", "uniqueItems": True}}}
    git_repo.write("README.md", "hi\n")
    git_repo.write("reports/tests.xml", "<testsuite/>\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    data = packet_data(last_known_good_commit=git_repo.head(), status="archived", x=items)
    git_repo.write("handoff.json", json.dumps(data, separators=(",", ":")))
    git_repo.write("s.json", json.dumps(schema))
    git_repo.write(".handoff-audit.yml", "schema: s.json\n")
    git_repo.commit("handoff")
    done = _cli(["check", "--format", "json", "--target-branch", "main"], git_repo.root)
    assert done.returncode in (0, 1), done.stderr
    findings = json.loads(done.stdout)["findings"]
    return [f["pointer"] for f in findings if f["rule"] == "schema"]


def test_unique_items_over_many_objects_is_checked_in_linear_time(git_repo: GitRepo) -> None:
    """jsonschema compared every pair: 8,000 objects took 70 s, these 30,000 about 15 minutes."""
    items: list[object] = [{"id": i, "on": [i]} for i in range(30_000)]
    items.append({"on": [7], "id": 7.0})

    assert _unique_items_packet(git_repo, items) == ["/x"]


@pytest.mark.parametrize(
    ("items", "unique"),
    [
        ([1, 1.0], False),
        ([True, 1], True),
        ([[False], [0]], True),
        ([{"a": 1, "b": [None]}, {"b": [None], "a": 1}], False),
        ([{"a": "1"}, {"a": 1}], True),
        (["null", None], True),
    ],
)
def test_unique_items_judges_equal_json_values_as_jsonschema_does(
    git_repo: GitRepo, items: list[object], unique: bool
) -> None:
    assert _unique_items_packet(git_repo, items) == ([] if unique else ["/x"])


def test_a_schema_file_with_a_duplicate_key_is_read_as_json_reads_it_the_last_one_wins(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    """The schema is read as `json.loads` reads it; only the nesting is bounded (the packets'
    strict reader refused the duplicate key: exit 2)."""
    _repository(git_repo, '{"type":"object","required":["x-none"],"required":["x-team"]}')
    _only_x_team_is_missing(git_repo, run_cli)


def test_a_deep_schema_file_is_placed_past_a_duplicate_key_and_across_lines(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    text = '{"type": "object", "type": "object",\n "x": ' + _properties(70) + "}"
    _repository(git_repo, text)

    result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert "nested deeper than 64 levels (line 2, column 610);" in result.err, result.err


def test_a_schema_file_that_starts_with_a_byte_order_mark_says_so(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    _repository(git_repo, '\ufeff{"type": "object"}')

    result = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert result.err == (
        "handoff-audit: error: .handoff-audit.yml: schema s.json: starts with a UTF-8 byte order "
        "mark (BOM) (line 1, column 1); save it as UTF-8 without a BOM\n"
    )


@pytest.mark.parametrize(
    ("written", "instead"), [("3e2", "300"), ("1.0e1", "10.0"), ("5e-1", "0.5")]
)
def test_a_number_yaml_reads_as_text_is_named_so_with_how_to_write_it(
    git_repo: GitRepo, run_cli: RunCli, written: str, instead: str
) -> None:
    git_repo.write(".handoff-audit.yml", f"jobs: 1\nschema-timeout: {written}\n")
    git_repo.commit("configure")

    result = run_cli(["check"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert result.err == (
        f"handoff-audit: error: .handoff-audit.yml: line 2: schema-timeout is {written}, which "
        f"YAML reads as text, not a number; write {instead} instead; expected a number of "
        "seconds above 0, at most 600, e.g. 30\n"
    )
    git_repo.write(".handoff-audit.yml", f"jobs: 1\nschema-timeout: {instead}\n")
    again = run_cli(["check"], cwd=git_repo.root)
    assert again.code != 2, again


@pytest.mark.parametrize(
    ("written", "number", "expected"),
    [
        ("schema-timeout: 1e3", "1000", "a number of seconds above 0, at most 600, e.g. 30"),
        ("jobs: 1.5e0", "1.5", "an integer >= 1 (1 = no worker processes)"),
    ],
)
def test_a_number_yaml_reads_as_text_that_the_key_would_refuse_is_not_suggested(
    git_repo: GitRepo, run_cli: RunCli, written: str, number: str, expected: str
) -> None:
    """``1e3`` is 1000, over ``schema-timeout``'s 600: the message says so with the range
    instead of suggesting 1000, which the next run refuses."""
    git_repo.write(".handoff-audit.yml", f"{written}\n")
    git_repo.commit("configure")

    result = run_cli(["check"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    key, _, value = written.partition(": ")
    assert result.err == (
        f"handoff-audit: error: .handoff-audit.yml: line 1: {key} is {value}, which YAML reads "
        f"as text, not a number; as a number it is {number}, which {key} does not take: "
        f"expected {expected}\n"
    )


def test_a_quoted_number_is_text_the_user_chose(git_repo: GitRepo, run_cli: RunCli) -> None:
    git_repo.write(".handoff-audit.yml", 'schema-timeout: "1e3"\n')
    git_repo.commit("configure")

    result = run_cli(["check"], cwd=git_repo.root)

    assert result.code == 2, (result.out, result.err)
    assert "YAML reads" not in result.err
    assert 'schema-timeout is "1e3"; expected a number' in result.err
