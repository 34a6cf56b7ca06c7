"""Claude Code's `.claude/settings.local.json` is this machine's, never committed (the README's
place for a hook installed with this machine's path; Claude Code writes approved permissions
there itself): the Stop hook never asks to commit it, and no change to it is the branch's work,
for the hook, `new` and `packet-outdated` alike."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from agent_support import run_hook
from conftest import GitRepo, Result

NEW = ["new", "--verdict-pointer", "app.py"]


def _stop(root: Path) -> tuple[int, str]:
    done = run_hook({"hook_event_name": "Stop", "cwd": str(root), "stop_hook_active": False})
    return done.code, done.err


def _local_hook(git_repo: GitRepo, run_cli: Callable[..., Result], folder: str = "") -> Path:
    printed = run_cli(["hook", "--print"], cwd=git_repo.root)
    assert printed.code == 0, printed.err
    path = git_repo.root / folder / ".claude" / "settings.local.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(printed.out, encoding="utf-8")
    return path


def _allow(path: Path, rule: str) -> None:
    settings = json.loads(path.read_text(encoding="utf-8"))
    settings["permissions"] = {"allow": [rule]}
    path.write_text(json.dumps(settings, indent=2), encoding="utf-8")


def _feature(git_repo: GitRepo) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")


def test_hook_in_local_settings_is_never_asked_to_be_committed(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _feature(git_repo)
    local = _local_hook(git_repo, run_cli)
    code, err = _stop(git_repo.root)
    assert code == 0, err
    assert "settings.local.json" not in err
    _allow(local, "Bash(pytest:*)")  # what Claude Code writes there by itself
    code, err = _stop(git_repo.root)
    assert code == 0, err
    assert "no work of its own" in err


def test_local_settings_in_a_subfolder_are_no_work_either(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _feature(git_repo)
    _allow(_local_hook(git_repo, run_cli, "services/api"), "Bash(ls:*)")
    code, err = _stop(git_repo.root / "services" / "api")
    assert code == 0, err
    assert "settings.local.json" not in err


def test_new_neither_refuses_nor_lists_local_settings(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _feature(git_repo)
    git_repo.write("app.py", "x = 2\n")
    git_repo.commit("work")
    _allow(_local_hook(git_repo, run_cli), "Bash(pytest:*)")
    made = run_cli(
        [*NEW, "--summary", "x is 2", "--next-action", "Make x 3 in app.py."],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    packet = json.loads((git_repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == ["app.py"]
    assert "open_risks" not in packet or not any(
        "settings.local" in str(risk) for risk in packet["open_risks"]
    )


def test_committed_local_settings_change_outdates_no_packet(
    git_repo: GitRepo, run_cli: Callable[..., Result]
) -> None:
    _feature(git_repo)
    local = _local_hook(git_repo, run_cli)
    git_repo.git("add", "-f", str(local))
    git_repo.write("app.py", "x = 2\n")
    git_repo.commit("work")
    made = run_cli(
        [*NEW, "--summary", "x is 2", "--next-action", "Make x 3 in app.py."],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    git_repo.commit("handoff")
    _allow(local, "Bash(ls:*)")
    git_repo.commit("a permission")
    checked = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert checked.code == 0, checked.out
    assert checked.json()["findings"] == []
    code, err = _stop(git_repo.root)
    assert code == 0, err
