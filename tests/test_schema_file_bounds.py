"""A configured `schema:` is the pull request's own: a schema file nested deeper than the
packets' reader allows is refused where it is read, naming the place, and `ci` ends as it does
for any configuration error."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from action_runner import Runner
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


def _repository(git_repo: GitRepo, schema_text: str) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.write("reports/tests.xml", "<testsuite/>\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/refunds")
    data = packet_data(last_known_good_commit=git_repo.head(), status="archived")
    git_repo.write("handoff.json", data)
    git_repo.write("s.json", schema_text)
    git_repo.write(".handoff-audit.yml", "schema: s.json\n")
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


def test_a_ref_chain_within_the_limit_still_judges_packets(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    _repository(git_repo, _ref_chain(99))

    result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)

    assert result.code == 1, (result.out, result.err)
    schema = [f["message"] for f in result.json()["findings"] if f["rule"] == "schema"]
    assert schema == [
        "the packet is missing required field x-team; add it (see s.json, the configured schema)"
    ], schema
