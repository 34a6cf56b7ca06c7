"""The advice of the one `schema` finding on another tool's JSON file, followed on real
repositories (the review rev51-7): it counts the file's keys as they are, names the
configuration in use for both of its ways out, says so when the configuration already leaves
the file out, and never lets a credential in the file go unreported once it is left out."""

from __future__ import annotations

import json
from typing import Any

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
