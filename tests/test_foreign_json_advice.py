"""The advice of the one `schema` finding on another tool's JSON file, followed on real
repositories (the review rev51-7): it counts the file's keys as they are, names the
configuration in use for both of its ways out, says so when the configuration already leaves
the file out, and never lets a credential in the file go unreported once it is left out."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from agent_support import run_hook, stop_event
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


KAIROUS = {  # u-stem/kairous' .claude/handoff.json
    "task": "v0.12.0 streak counter done",
    "status": "completed",
    "completed": ["streak calculation (PR #166)"],
    "next": ["next epic: #143 elaboration persistence"],
    "decisions": ["streak computed in the app layer"],
    "blockers": [],
    "files_modified": [],
    "updated_at": "2026-04-12T00:30:00+09:00",
}


def _packets_setting(out: str) -> str | None:
    found = re.search(r"in \.handoff-audit\.yml: (extend-packets: \[.*?\]) \(", out)
    return found.group(1) if found else None


def test_a_file_named_that_packets_already_leaves_out_gets_no_fix_already_in_place(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _commit_foreign(git_repo, KAIROUS)
    first: Result = run_cli(["check"], cwd=git_repo.root)
    setting = _packets_setting(first.out)
    assert setting is not None, first.out
    git_repo.write(".handoff-audit.yml", setting + "\n")
    git_repo.commit("leave the other tool's file out, as printed")
    assert run_cli(["check"], cwd=git_repo.root).code == 0
    named: Result = run_cli(["check", ".claude/handoff.json"], cwd=git_repo.root)
    [line] = [x for x in named.out.splitlines() if x.startswith(".claude/handoff.json")]
    assert _packets_setting(line) is None, line  # no setting: the one in force is the fix
    assert "`packets` in .handoff-audit.yml already leaves it out" in line, line
    assert line.count('"!.claude/handoff.json"') == 0, line


def test_the_packets_fix_never_adds_an_exclusion_the_list_already_has(
    git_repo: GitRepo, run_cli: Any
) -> None:
    """The user left out the JSON file but not its markdown: named, the file's fix adds the
    markdown's exclusion alone, never the JSON file's a second time."""
    packets = ["**/handoff.json", ".handoff/**/*.json", "**/handoff.md", "!.claude/handoff.json"]
    git_repo.write(".handoff-audit.yml", f"packets: {json.dumps(packets)}\n")
    git_repo.write(".claude/handoff.md", "# notes of the other tool\n")
    _commit_foreign(git_repo, KAIROUS)
    done: Result = run_cli(["check", ".claude/handoff.json"], cwd=git_repo.root)
    setting = _packets_setting(done.out)
    assert setting is not None, done.out
    entries = json.loads(setting.removeprefix("extend-packets: "))
    assert entries == ["!.claude/handoff.md"], entries


TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def test_following_the_packets_fix_keeps_a_credential_in_the_file_reported(
    git_repo: GitRepo, run_cli: Any
) -> None:
    data = {**KAIROUS, "decisions": [f"deploy with token {TOKEN} from the CI secret"]}
    _commit_foreign(git_repo, data)
    first: Result = run_cli(["check"], cwd=git_repo.root)
    assert "secret: decisions[0]" in first.out, first.out
    setting = _packets_setting(first.out)
    assert setting is not None, first.out
    git_repo.write(".handoff-audit.yml", setting + "\n")
    git_repo.commit("leave the other tool's file out, as printed")
    for args in (["check"], ["check", ".claude"]):
        after: Result = run_cli(args, cwd=git_repo.root)
        assert after.code == 1, after.out + after.err
        found = [x for x in after.out.splitlines() if x.startswith(".claude/handoff.json")]
        assert len(found) == 1 and ": secret: decisions[0] contains" in found[0], after.out
        assert TOKEN not in after.out + after.err
    # once the credential is gone, the file left out is silent again
    git_repo.write(".claude/handoff.json", json.dumps(KAIROUS, indent=2) + "\n")
    git_repo.commit("token removed")
    clean: Result = run_cli(["check"], cwd=git_repo.root)
    assert clean.code == 0 and clean.out.strip() == "No handoff packets found.", clean.out


def test_the_markdown_beside_another_tools_json_gets_no_md_incomplete(
    git_repo: GitRepo, run_cli: Any
) -> None:
    data = {"status": "ok", "agent": "x", "model": "y", "tokens": 3, "session_id": "abc"}
    git_repo.write("vendor/tool/handoff.md", "# Session abc\n\nModel y, 3 tokens.\n")
    _commit_foreign(git_repo, data, "vendor/tool/handoff.json")
    done: Result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.err
    report = done.json()
    (packet,) = report["packets"]
    assert packet["markdown"] == "vendor/tool/handoff.md", packet
    rules = [(f["rule"], f["path"]) for f in report["findings"]]
    assert rules == [("schema", "vendor/tool/handoff.json")], rules  # one finding for the pair


GEOCOMPARE = {  # iandorsey00/geocompare's handoff.json: a `branch`, and a format of its own
    "project": "geocompare",
    "handoff_date": "2026-03-08",
    "branch": "main",
    "version": "0.6.2",
    "last_commit": "9d11bd7",
    "status": {"lint_status": "pass", "test_status": "pass (26 passed)"},
    "interfaces": {"canonical_filter_flag": "--where"},
    "validation_commands": ["python3 -m pytest -q"],
    "next_tasks": ["Add CLI integration tests for --where"],
}


def test_a_file_whose_only_own_field_is_branch_is_another_tools_file(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _commit_foreign(git_repo, GEOCOMPARE, "handoff.json")
    done: Result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.err
    findings = done.json()["findings"]
    assert [(f["rule"], f["path"]) for f in findings] == [("schema", "handoff.json")], findings
    message = findings[0]["message"]
    assert message.startswith("not a handoff packet in this tool's shape: only branch of")
    assert "7 of 9 top-level keys unknown" in message and "did you mean" not in message
    # followed as printed, the packets setting leaves it out
    setting = _packets_setting(run_cli(["check"], cwd=git_repo.root).out)
    assert setting is not None
    git_repo.write(".handoff-audit.yml", setting + "\n")
    git_repo.commit("leave the other tool's file out, as printed")
    after: Result = run_cli(["check"], cwd=git_repo.root)
    assert after.code == 0 and after.out.strip() == "No handoff packets found.", after.out


@pytest.mark.parametrize(
    "data",
    [  # a packet with misspelled fields, and one missing most of them: still ours
        {"branch": "main", "status": "active", "summry": "x", "nxt_action": "y", "commnds": []},
        {"branch": "main", "status": "active", "summary": "x", "project": "p", "owner": "o"},
    ],
)
def test_a_packet_with_typos_or_missing_fields_is_still_judged_as_one(
    git_repo: GitRepo, run_cli: Any, data: dict[str, Any]
) -> None:
    _commit_foreign(git_repo, data, "handoff.json")
    done: Result = run_cli(["check"], cwd=git_repo.root)
    assert done.code == 1, done.err
    assert "schema: the packet is missing required fields" in done.out, done.out
    assert "not a handoff packet in this tool's shape" not in done.out, done.out


def test_the_stop_hook_leaves_a_file_that_names_another_branch_alone(git_repo: GitRepo) -> None:
    """geocompare's file names `main`; on `feat/x` the hook took it for a broken packet of
    another branch and said to fix a value in it and render its twin."""
    _commit_foreign(git_repo, GEOCOMPARE, "handoff.json")
    git_repo.git("switch", "-qc", "feat/x")
    git_repo.write("src/app.py", "print(1)\n")
    git_repo.commit("work")
    hook = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert hook.code == 2, hook.err
    assert "broken" not in hook.err and "render --write" not in hook.err, hook.err
    assert "handoff.json is not this tool's packet: leave it alone" in hook.err, hook.err
    assert "new --output .handoff/feat-x.json" in hook.err, hook.err
