"""A credential in another tool's JSON file is never folded into that file's one `schema`
advice (which says to leave the file alone): the Stop hook names it with its own fix, and
keeps blocking on it after `packets` leaves the file out, as `check` keeps failing on it
(the review rev51-10, section 5). The advice names only files that exist."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from agent_support import feature_repo, fill_in, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
THEIRS = {"status": "ok", "agent": "x", "model": "y", "tokens": 3, "created": "2025-01-01"}
PATH = "vendor/tool/handoff.json"


def test_a_secret_in_another_tools_json_blocks_with_its_own_fix(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    repo = feature_repo(git_repo, "feat/v")
    repo.write(PATH, json.dumps({**THEIRS, "notes": f"export GITHUB_TOKEN={TOKEN}"}) + "\n")
    repo.commit("work")
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert TOKEN not in run.err
    assert f"- {PATH}:1 secret: notes contains what looks like a GitHub token" in run.err
    assert f"fix: remove the credential from {PATH} at line 1, column " in run.err
    assert "(and 1 more on this file)" not in run.err
    assert "vendor/tool/handoff.md" not in run.err  # no such file
    # Follow the packet's advice only: a packet beside it, and the file left out of `packets`.
    command = "handoff-audit new " + the_command(run.err, "fix: handoff-audit new")
    assert run_fix(repo.root, fill_in(command)).returncode == 0
    setting = re.search(r"extend-packets: \[.*?\]", run.err)
    assert setting is not None, run.err
    repo.write(".handoff-audit.yml", setting.group(0) + "\n")
    repo.commit("handoff")
    again = run_hook(stop_event(repo.root))
    assert again.code == 2, again.err  # `check` still fails on the token: so does the hook
    assert f"- {PATH}:1 secret:" in again.err and TOKEN not in again.err
    checked = run_cli(["check", "-q"], cwd=repo.root)
    assert checked.code == 1 and "secret" in checked.out, checked.out
