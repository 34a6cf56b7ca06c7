"""The advice of the one `schema` finding on another tool's JSON file, followed on real
repositories (the review rev51-7): it counts the file's keys as they are, names the
configuration in use for both of its ways out, says so when the configuration already leaves
the file out, and never lets a credential in the file go unreported once it is left out."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from conftest import GitRepo, Result

SETTLEMENTS = {  # ProbablyMaybeNo/settlements' .claude/handoff.json: 7 keys, `status` known
    "project": "Settlements",
    "last_updated": "2026-05-18",
    "last_session": "Initial project scaffold",
    "status": "Foundation complete; Notion dashboard pending.",
    "next_actions": ["Create Notion parent page + DBs (see scripts/notion_sync.py)"],
    "open_questions": ["Settlement-level economy mechanic: abstract or tracked per game?"],
    "do_not_touch": [".notion-ids.json (managed by notion_sync.py)"],
}


def _commit_foreign(
    repo: GitRepo, data: dict[str, Any], path: str = ".claude/handoff.json"
) -> None:
    repo.write(path, json.dumps(data, indent=2) + "\n")
    repo.commit("another tool's handoff")


def test_the_unknown_key_count_is_out_of_every_top_level_key(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _commit_foreign(git_repo, SETTLEMENTS)
    done: Result = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert "6 of 7 top-level keys unknown" in done.out, done.out


CODINGAGENTS = {  # linoyalex/codingagents' .claude/handoff.json, with its own JSON Schema
    "feature": "invariants-audit",
    "phase": 7,
    "goal": "Pipeline complete; ready for merge.",
    "scope": "none",
    "relevant_files": ["CHANGELOG.md"],
    "acceptance_criteria": ["AC-1"],
    "verification_commands": ["npm test"],
    "source_spec": "docs/prd.md",
}
OWN_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["feature", "phase", "goal"],
    "properties": {
        "feature": {"type": "string"},
        "phase": {"type": "integer"},
        "goal": {"type": "string"},
    },
}
SCHEMA_PATH = ".claude/schemas/handoff.schema.json"


@pytest.mark.parametrize("where", ["pyproject.toml", ".handoff-audit.yaml"])
def test_the_schema_way_out_names_the_configuration_in_use_and_works_there(
    git_repo: GitRepo, run_cli: Any, where: str
) -> None:
    git_repo.write(SCHEMA_PATH, json.dumps(OWN_SCHEMA) + "\n")
    if where == "pyproject.toml":
        head = '[project]\nname = "x"\nversion = "0"\n\n[tool.handoff-audit]\n'
        git_repo.write(where, head + "max-commits-behind = 30\n")
    else:
        git_repo.write(where, "max-commits-behind: 30\n")
    _commit_foreign(git_repo, CODINGAGENTS)
    done: Result = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 1, done.err
    said = re.search(r"point `(schema:?)` (in|under \[tool\.handoff-audit\] in) (\S+) at", done.out)
    assert said is not None, done.out
    key, _, named = said.groups()
    assert named == where, done.out
    assert ".handoff-audit.yml" not in done.out
    # followed literally, in the file it names: the file is judged by its own schema
    line = f'schema = "{SCHEMA_PATH}"' if key == "schema" else f"schema: {SCHEMA_PATH}"
    path = git_repo.root / where
    path.write_text(path.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
    git_repo.commit("point schema at our own")
    after: Result = run_cli(["check"], cwd=git_repo.root)
    assert after.code == 0, after.out + after.err
    assert "no findings" in after.out and "warning" not in after.err, after.out + after.err
