"""Schema findings point at the schema that judged: with a configured `schema:`, the hint names
that file, since `handoff-audit schema` prints only the bundled one (review 49-8, defect 4)."""

from __future__ import annotations

import json
from typing import Any

from action_support import packet_data
from conftest import GitRepo
from handoff_audit.schema import load_schema


def _messages(run_cli: Any, repo: GitRepo, cwd: str = ".") -> list[str]:
    result = run_cli(["check", "--format", "json", "--branch", "feat/refunds"], cwd=repo.root / cwd)
    assert result.code in (0, 1), result.err
    return [f["message"] for f in result.json()["findings"] if f["rule"] == "schema"]


def _team_repo(repo: GitRepo) -> None:
    """The bundled schema plus a required ``ticket``, configured as schemas/handoff.json; a
    packet that lacks the ticket and has a field with no near name."""
    schema = json.loads(json.dumps(load_schema(None)))  # a copy: the bundled one is shared
    schema["properties"]["ticket"] = {"type": "string", "pattern": "^[A-Z]+-[0-9]+$"}
    schema["required"].append("ticket")
    repo.write("schemas/handoff.json", json.dumps(schema, indent=2))
    repo.write(".handoff-audit.yml", "schema: schemas/handoff.json\n")
    repo.write("reports/tests.xml", "<t/>\n")
    repo.write("src/refund.py", "x = 1\n")
    repo.write("handoff.json", packet_data(zzqq="PAY-12"))
    repo.commit("handoff with a team schema")


def test_a_configured_schema_is_the_one_the_hint_names(git_repo: GitRepo, run_cli: Any) -> None:
    _team_repo(git_repo)
    messages = _messages(run_cli, git_repo)
    missing = [m for m in messages if "missing required field ticket" in m]
    assert missing and "(see schemas/handoff.json, the configured schema)" in missing[0], messages
    unknown = [m for m in messages if '"zzqq"' in m]
    assert unknown and "schemas/handoff.json, the configured schema, lists" in unknown[0], messages
    assert not [m for m in messages if "handoff-audit schema" in m], messages
    from_below = _messages(run_cli, git_repo, "src")
    assert any("(see ../schemas/handoff.json, the configured schema)" in m for m in from_below)


def test_the_bundled_schema_still_sends_to_the_schema_command(
    git_repo: GitRepo, run_cli: Any
) -> None:
    data = packet_data(zzqq="x")
    del data["next_action"]
    git_repo.write("handoff.json", data)
    git_repo.commit("handoff")
    messages = _messages(run_cli, git_repo)
    assert any("(see `handoff-audit schema`)" in m for m in messages), messages
    assert any("`handoff-audit schema` lists the known fields" in m for m in messages), messages
