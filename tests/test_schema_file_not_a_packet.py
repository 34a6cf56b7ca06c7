"""A JSON Schema in the repository is never audited as a packet: the file `schema:` names, and
any file that is itself a JSON Schema, even where a ``packets`` glob matches its name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import GitRepo, Result
from git_helpers import dump, packet

RunCli = Callable[..., Result]

OWN_FORMAT = {"task": "Fix GBP rounding", "owner": "ana", "steps": ["a"], "done": False}
OWN_SCHEMA = {  # another tool's packet schema, without "$schema": only `schema:` marks it
    "type": "object",
    "required": ["task", "owner"],
    "properties": {"task": {"type": "string"}, "owner": {"type": "string"}},
}


def _check(run_cli: RunCli, repo: GitRepo, *args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli(["check", "--format", "json", *args], cwd=repo.root)
    assert result.code in (0, 1), result.err
    return result.code, result.json()


def _bundled_schema(run_cli: RunCli) -> str:
    result = run_cli(["schema"])
    assert result.code == 0, result.err
    return result.out


def test_the_configured_copy_of_the_bundled_schema_is_not_a_packet(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    # The README's example: `handoff-audit schema > schemas/handoff.json`, `schema:` naming it;
    # the default glob **/handoff.json matches the schema's name.
    git_repo.write("schemas/handoff.json", _bundled_schema(run_cli))
    git_repo.write(".handoff-audit.yml", "schema: schemas/handoff.json\n")
    git_repo.commit("pin the packet schema")
    code, report = _check(run_cli, git_repo)
    assert (code, report["packets"], report["findings"]) == (0, [], [])


def test_a_json_schema_under_a_packet_name_is_not_a_packet_without_configuration(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    git_repo.write("schemas/handoff.json", _bundled_schema(run_cli))
    git_repo.commit()
    code, report = _check(run_cli, git_repo)
    assert (code, report["packets"], report["findings"]) == (0, [], [])
    code, report = _check(run_cli, git_repo, "schemas/handoff.json")
    assert (code, report["packets"], report["findings"]) == (0, [], [])


def test_following_the_foreign_shape_advice_clears_the_audit(
    git_repo: GitRepo, run_cli: RunCli
) -> None:
    git_repo.write("handoff.json", OWN_FORMAT)
    git_repo.commit()
    code, report = _check(run_cli, git_repo, "--select", "schema")
    assert code == 1
    assert [f["message"][:40] for f in report["findings"]] == [
        "not a handoff packet in this tool's shape"[:40]
    ]
    # The advice: point `schema:` at the format's JSON Schema. Kept where a packet glob matches
    # it, and without "$schema", it is still the schema, not a packet.
    git_repo.write("schemas/handoff.json", OWN_SCHEMA)
    git_repo.write(".handoff-audit.yml", "schema: schemas/handoff.json\n")
    git_repo.commit()
    code, report = _check(run_cli, git_repo, "--select", "schema")
    assert (code, report["findings"]) == (0, [])
    assert [p["path"] for p in report["packets"]] == ["handoff.json"]
    code, report = _check(run_cli, git_repo, "--select", "schema", "schemas/handoff.json")
    assert (code, report["packets"]) == (0, [])


def test_a_packet_with_schema_keys_is_still_a_packet(git_repo: GitRepo, run_cli: RunCli) -> None:
    stray = packet(**{"$schema": "../handoff.schema.json", "properties": {"a": 1}})
    git_repo.write("handoff.json", dump(stray))
    git_repo.commit()
    code, report = _check(run_cli, git_repo, "--select", "schema")
    assert code == 1
    assert [p["path"] for p in report["packets"]] == ["handoff.json"]
    assert [f["pointer"] for f in report["findings"]] == ["/properties"]
