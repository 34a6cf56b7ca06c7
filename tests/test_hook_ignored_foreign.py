"""A git-ignored JSON file in another tool's shape at a packet's path (asteroidin8/zndi: its
`.gitignore` keeps `handoff.json` local, where its own Cursor hooks read a batch of tasks; the
review rev57-1) is no handoff of the branch's: the Stop hook never asks to un-ignore and commit
it, and asks for the branch's packet beside it; `check` gives no warning about it. One that is
not valid JSON is named with its line and column, in one line, and left alone all the same."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from agent_support import feature_repo, run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

CURSOR_BATCH = {  # zndi's handoff.json, as its Cursor hooks write it (docs/agent/workflow.md)
    "status": "READY",
    "handoff_type": "app",
    "batch_id": "v1.2-todo-groups",
    "branch_hint": "feat/v1.2-todo-groups",
    "tests": ["tsc --noEmit: passed", "expo lint: 0 errors"],
    "tasks": [
        {
            "id": "v1.2-1",
            "title": "Todo groups UI",
            "files_changed": ["app/(tabs)/todo.tsx", "src/stores/useTodoStore.ts"],
        }
    ],
    "shared_files": {"task.md": "tasks[].task_md entries"},
}
GITIGNORE = "node_modules/\n\n# agent handoff (local only)\nhandoff.json\n\n*.log\n"


def _zndi(repo: GitRepo, text: str) -> GitRepo:
    repo.write(".gitignore", GITIGNORE)
    feature_repo(repo, "feat/v1.2-todo-groups")
    (repo.root / "handoff.json").write_text(text, encoding="utf-8")
    return repo


def _ignored(repo: GitRepo) -> bool:
    asked = subprocess.run(
        ["git", "check-ignore", "-q", "handoff.json"], cwd=repo.root, check=False
    )
    return asked.returncode == 0


def _write_beside_and_stop(repo: GitRepo, run: Any, text: str) -> None:
    """The hook's fix followed: the branch's packet beside the file, committed; the session
    stops, and the file and the .gitignore line are as they were."""
    new = the_command(run.err, "fix: ")
    assert new.startswith("handoff-audit new --output .handoff/feat-v1.2-todo-groups.json "), new
    assert run_fix(repo.root, new).returncode == 0
    repo.commit("handoff")
    again = run_hook(stop_event(repo.root))
    assert again.code == 0, again.err
    assert (repo.root / "handoff.json").read_text(encoding="utf-8") == text
    assert (repo.root / ".gitignore").read_text(encoding="utf-8") == GITIGNORE
    assert _ignored(repo) and "handoff.json" not in repo.git("ls-files")


def test_the_hook_leaves_another_tools_ignored_file_alone(git_repo: GitRepo) -> None:
    text = json.dumps(CURSOR_BATCH, indent=2) + "\n"
    repo = _zndi(git_repo, text)
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    assert "no active handoff" in run.err and "another tool's file" in run.err, run.err
    assert "check-ignore" not in run.err and ".gitignore" not in run.err, run.err
    _write_beside_and_stop(repo, run, text)


def test_check_gives_no_warning_about_it(git_repo: GitRepo, run_cli: Any) -> None:
    repo = _zndi(git_repo, json.dumps(CURSOR_BATCH, indent=2) + "\n")
    done: Result = run_cli(["check"], cwd=repo.root)
    assert done.code == 0, done.out + done.err
    assert "handoff.json" not in done.err, done.err


def test_one_that_is_not_valid_json_is_named_with_its_place_in_one_line(
    git_repo: GitRepo,
) -> None:
    text = json.dumps(CURSOR_BATCH, indent=2)[:-2] + ",\n}\n"  # a trailing comma, line 23
    repo = _zndi(git_repo, text)
    run = run_hook(stop_event(repo.root))
    assert run.code == 2, run.err
    [line] = [x for x in run.lines if "handoff.json:" in x]
    assert "handoff.json:23:1: not valid JSON: trailing comma before '}'" in line, run.err
    assert "leave it alone" in line and "repair it" in line, line
    assert "Expecting" not in run.err and "check-ignore" not in run.err, run.err
    _write_beside_and_stop(repo, run, text)
