"""A committed change to `.claude/settings.local.json` (a permission Claude Code records there)
is no work: the hook and `check` ignore it, and so do `show` and the SessionStart brief, which
no longer tell the next session that the handoff may not describe it. Real repositories, the
real CLI and hook."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]
LOCAL = ".claude/settings.local.json"


def test_a_committed_personal_settings_change_is_no_work_in_the_brief(
    git_repo: GitRepo, run_cli: Run
) -> None:
    git_repo.write(".handoff-audit.yml", 'verify: "true"\n')
    git_repo.write("a.py", "a = 0\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat/l")
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    (git_repo.root / ".claude/settings.json").rename(git_repo.root / LOCAL)
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("work")  # `git add -A` takes the local settings too
    made = run_cli(
        ["new", "--verify", "--summary", "Work done.", "--next-action", "Do step 2.",
         "--verdict-pointer", "a.py"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    settings = json.loads((git_repo.root / LOCAL).read_text(encoding="utf-8"))
    git_repo.write(LOCAL, settings | {"permissions": {"allow": ["Bash(pytest:*)"]}})
    git_repo.commit("allow pytest")
    assert run_hook(stop_event(git_repo.root)).code == 0
    assert run_cli(["check"], cwd=git_repo.root).code == 0
    shown = run_cli(["show"], cwd=git_repo.root).out
    event = {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(git_repo.root)}
    started = run_hook({**event, "source": "startup"})
    brief = json.loads(started.out)["hookSpecificOutput"]["additionalContext"]
    for text in (shown, brief):
        assert "may not describe" not in text and LOCAL not in text, text
        assert "current: nothing was committed since its last change" in text, text
