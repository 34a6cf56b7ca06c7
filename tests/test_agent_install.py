"""`handoff-audit hook --install` / `--print`: merging into .claude/settings.json."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agent_support import ANSWERS, feature_repo, fill_in, hook_command, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]
OURS = {"type": "command", "command": "handoff-audit hook", "timeout": 30}
START = {"matcher": "startup|resume|clear|compact", "hooks": [OURS]}


@pytest.fixture(autouse=True)
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """handoff-audit on PATH, as after `pip install` (the tests may run without the venv's bin)."""
    bin_dir = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", bin_dir + os.pathsep + os.environ.get("PATH", ""))


EXISTING: dict[str, Any] = {
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Read(./.env)"]},
    "env": {"FOO": "bar"},
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "./notify.sh", "timeout": 5}]}],
    },
    "model": "opus",
}


def settings(repo: GitRepo) -> Any:
    return json.loads((repo.root / ".claude/settings.json").read_text(encoding="utf-8"))


def test_creates_the_settings_file(git_repo: GitRepo, run_cli: Run) -> None:
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert "added the handoff-audit hook for Stop, SubagentStop, SessionStart" in result.err
    assert settings(git_repo) == {
        "hooks": {
            "Stop": [{"hooks": [OURS]}],
            "SubagentStop": [{"hooks": [OURS]}],
            "SessionStart": [START],
        }
    }


def test_keeps_other_hooks_permissions_and_keys_in_order(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(".claude/settings.json", EXISTING)
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    merged = settings(git_repo)
    assert list(merged) == list(EXISTING)
    assert {k: v for k, v in merged.items() if k != "hooks"} == {
        k: v for k, v in EXISTING.items() if k != "hooks"
    }
    assert merged["hooks"]["PreToolUse"] == EXISTING["hooks"]["PreToolUse"]
    assert merged["hooks"]["Stop"] == [*EXISTING["hooks"]["Stop"], {"hooks": [OURS]}]
    assert merged["hooks"]["SubagentStop"] == [{"hooks": [OURS]}]


def test_twice_leaves_one_entry_and_the_file_untouched(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(".claude/settings.json", EXISTING)
    run_cli(["hook", "--install"], cwd=git_repo.root)
    path = git_repo.root / ".claude/settings.json"
    first = path.read_bytes()
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 0
    assert "already installed; unchanged" in result.err
    assert path.read_bytes() == first
    commands = [
        hook["command"]
        for event in settings(git_repo)["hooks"].values()
        for group in event
        for hook in group["hooks"]
    ]
    assert commands.count("handoff-audit hook") == 3  # Stop, SubagentStop, SessionStart, once each


def test_from_a_subfolder_writes_at_the_repository_top(git_repo: GitRepo, run_cli: Run) -> None:
    (git_repo.root / "src" / "deep").mkdir(parents=True)
    assert run_cli(["hook", "--install"], cwd=git_repo.root / "src" / "deep").code == 0
    assert (git_repo.root / ".claude/settings.json").is_file()
    assert not (git_repo.root / "src" / "deep" / ".claude").exists()


def test_configured_events(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write(".handoff-audit.yml", "agent-hook:\n  events: [Stop]\n")
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    assert list(settings(git_repo)["hooks"]) == ["Stop", "SessionStart"]


def test_print_shows_the_snippet_and_writes_nothing(git_repo: GitRepo, run_cli: Run) -> None:
    result = run_cli(["hook", "--install", "--print"], cwd=git_repo.root)
    assert result.code == 0
    assert json.loads(result.out)["hooks"]["Stop"] == [{"hooks": [OURS]}]
    assert not (git_repo.root / ".claude").exists()


def test_print_works_outside_a_repository(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli(["hook", "--print"], cwd=tmp_path)
    assert result.code == 0
    assert "SubagentStop" in json.loads(result.out)["hooks"]


def test_install_outside_a_repository_is_a_usage_error(tmp_path: Path, run_cli: Run) -> None:
    result = run_cli(["hook", "--install"], cwd=tmp_path)
    assert result.code == 2
    assert "not inside a git repository" in result.err
    assert not (tmp_path / ".claude").exists()


def test_broken_settings_are_left_alone(git_repo: GitRepo, run_cli: Run) -> None:
    cases = ['{"hooks": {', "[1, 2]", '{"hooks": []}', '{"hooks": {"Stop": {}}}']
    for text in cases:
        git_repo.write(".claude/settings.json", text)
        result = run_cli(["hook", "--install"], cwd=git_repo.root)
        assert result.code == 2, text
        assert result.err.startswith("handoff-audit: error: .claude/settings.json: ")
        assert len(result.err.strip().splitlines()) == 1
        assert (git_repo.root / ".claude/settings.json").read_text(encoding="utf-8") == text


@pytest.mark.parametrize(("agent", "folder"), [("claude", ".claude"), ("codex", ".codex")])
def test_a_file_where_the_settings_folder_goes_is_a_usage_error(
    git_repo: GitRepo, run_cli: Run, agent: str, folder: str
) -> None:
    git_repo.write(folder, "notes about the agent\n")
    result = run_cli(["hook", "--install", "--agent", agent], cwd=git_repo.root)
    assert result.code == 2, result.err
    assert result.err.startswith(f"handoff-audit: error: {folder}: not a folder")
    assert "--print" in result.err and "Traceback" not in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert (git_repo.root / folder).read_text(encoding="utf-8") == "notes about the agent\n"


def test_a_settings_link_to_a_file_in_the_repository_is_written_through(
    git_repo: GitRepo, run_cli: Run
) -> None:
    target = git_repo.write("config/claude-settings.json", {"permissions": EXISTING["permissions"]})
    link = git_repo.root / ".claude/settings.json"
    link.parent.mkdir()
    link.symlink_to("../config/claude-settings.json")
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert os.readlink(link) == "../config/claude-settings.json"
    written = json.loads(target.read_text(encoding="utf-8"))
    assert written["permissions"] == EXISTING["permissions"]
    assert written["hooks"]["Stop"] == [{"hooks": [OURS]}]


def test_a_settings_link_out_of_the_repository_is_refused(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}\n", encoding="utf-8")
    link = git_repo.root / ".claude/settings.json"
    link.parent.mkdir()
    link.symlink_to(outside)
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 2
    assert f"a symbolic link to {outside}, outside the repository" in result.err
    assert "hook --print" in result.err and len(result.err.strip().splitlines()) == 1
    assert outside.read_text(encoding="utf-8") == "{}\n" and link.is_symlink()


def _unreadable(link: Path) -> str:
    link.write_bytes(b'{"model": "\xff"}\n')
    return "not UTF-8 text (byte 11); save it as UTF-8 and run --install again"


def _looping(link: Path) -> str:
    link.symlink_to("settings.json")
    return "a symbolic link that loops; not touching it: point it at the settings file"


def _fifo(link: Path) -> str:
    os.mkfifo(link)
    return "not a regular file; not touching it: move it away and run --install again"


def _byte_order_mark(link: Path) -> str:
    link.write_bytes(b'\xef\xbb\xbf{\r\n  "model": "opus"\r\n}\r\n')  # as Notepad saves it
    return "starts with a byte order mark (U+FEFF), which JSON does not allow; save it as UTF-8"


@pytest.mark.parametrize("make", [_unreadable, _looping, _fifo, _byte_order_mark])
def test_settings_it_cannot_read_get_one_line_naming_the_file_and_the_fix(
    git_repo: GitRepo, run_cli: Run, make: Callable[[Path], str]
) -> None:
    link = git_repo.root / ".claude/settings.json"
    link.parent.mkdir()
    said = make(link)
    before = os.readlink(link) if link.is_symlink() else None
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 2, result.err
    assert result.err.startswith(f"handoff-audit: error: .claude/settings.json: {said}")
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
    assert (os.readlink(link) if link.is_symlink() else None) == before


def test_settings_it_cannot_write_back_unchanged_are_refused_with_the_place(
    git_repo: GitRepo, run_cli: Run
) -> None:
    cases = {
        '{\n  "env": {"MAX": 1e400},\n  "model": "opus"\n}\n': ".claude/settings.json:2:18: ",
        '{"model": "opus", "model": "sonnet"}\n': ".claude/settings.json:1:19: duplicate key",
    }
    for text, place in cases.items():
        git_repo.write(".claude/settings.json", text)
        result = run_cli(["hook", "--install"], cwd=git_repo.root)
        assert result.code == 2, text
        assert result.err.startswith(f"handoff-audit: error: {place}"), result.err
        assert len(result.err.strip().splitlines()) == 1
        assert (git_repo.root / ".claude/settings.json").read_text(encoding="utf-8") == text


def test_the_hook_under_another_path_counts_as_installed(git_repo: GitRepo, run_cli: Run) -> None:
    mine = {"type": "command", "command": "/opt/venv/bin/handoff-audit hook"}
    git_repo.write(".claude/settings.json", {"hooks": {"Stop": [{"hooks": [mine]}]}})
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    hooks = settings(git_repo)["hooks"]
    assert hooks["Stop"] == [{"hooks": [mine]}]
    assert hooks["SubagentStop"] == [{"hooks": [OURS]}]


def test_fixes_of_a_hook_installed_by_its_path_run_as_printed(git_repo: GitRepo) -> None:
    """handoff-audit off PATH: the hook runs by its absolute path, and so must its fixes."""
    script = hook_command()[0]
    assert Path(script).name == "handoff-audit", "needs the installed console script"
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}
    assert not shutil.which("handoff-audit", path=bare["PATH"])
    repo = feature_repo(git_repo)
    installed = subprocess.run(
        [script, "hook", "--install"], cwd=repo.root, env=bare, capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stderr
    assert "that path is this machine's" in installed.stderr
    assert ".claude/settings.local.json" in installed.stderr
    repo.commit("the agent hook")
    command = settings(repo)["hooks"]["Stop"][0]["hooks"][0]["command"]
    folder = repo.root / "src"
    blocked = subprocess.run(
        ["sh", "-c", command],
        input=json.dumps(stop_event(folder)),
        cwd=folder,
        env=bare,
        capture_output=True,
        text=True,
    )
    assert blocked.returncode == 2, blocked.stderr
    fix = next(line for line in blocked.stderr.splitlines() if line.strip().startswith("fix:"))
    printed = fix.strip().removeprefix("fix:").strip()
    done = subprocess.run(
        ["bash", "-c", fill_in(printed)], cwd=folder, env=bare, capture_output=True, text=True
    )
    assert done.returncode == 0, (printed, done.stderr)
    written = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert written["next_action"] == ANSWERS["<the first thing the next session should do>"]


@pytest.mark.parametrize(("indent", "end"), [("    ", "\n"), ("\t", ""), ("  ", "")])
def test_keeps_the_files_indentation_and_its_end(
    git_repo: GitRepo, run_cli: Run, indent: str, end: str
) -> None:
    path = git_repo.root / ".claude/settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(EXISTING, indent=indent) + end, encoding="utf-8")
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    assert path.read_text(encoding="utf-8") == json.dumps(settings(git_repo), indent=indent) + end


@pytest.mark.parametrize("end", ["\r\n", ""])
def test_keeps_the_files_crlf_line_endings(git_repo: GitRepo, run_cli: Run, end: str) -> None:
    path = git_repo.root / ".claude/settings.json"
    path.parent.mkdir()
    lines = json.dumps(EXISTING, indent="    ").split("\n")
    path.write_bytes(("\r\n".join(lines) + end).encode())
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    written = path.read_bytes().decode()
    expected = json.dumps(settings(git_repo), indent="    ").replace("\n", "\r\n") + end
    assert written == expected
    assert "\n" not in written.replace("\r\n", "")


def test_a_hand_laid_out_file_with_the_hook_keeps_its_bytes(
    git_repo: GitRepo, run_cli: Run
) -> None:
    path = git_repo.root / ".claude/settings.json"
    path.parent.mkdir()
    snippet = json.loads(run_cli(["hook", "--print"], cwd=git_repo.root).out)
    text = json.dumps({"model": "opus", **snippet}, indent="\t", separators=(",", " : "))
    path.write_bytes(text.encode() + b"  ")  # its own spacing, no newline at the end
    result = run_cli(["hook", "--install"], cwd=git_repo.root)
    assert result.code == 0, result.err
    assert "already installed; unchanged" in result.err
    assert path.read_bytes() == text.encode() + b"  "


def test_help_names_the_events_install_writes(git_repo: GitRepo, run_cli: Run) -> None:
    """Review 57-3 L4: `hook --help` listed PreCompact, which `--install` does not write."""
    help_text = run_cli(["hook", "--help"], cwd=git_repo.root).out
    assert run_cli(["hook", "--install"], cwd=git_repo.root).code == 0
    head = help_text.split("\n\n")[1]
    named = set(re.findall(r"\b(Stop|SubagentStop|PreCompact|SessionStart)\b", head))
    assert named == set(settings(git_repo)["hooks"])
    said = " ".join(help_text.split())
    assert "PreCompact is not installed by default" in said
    assert "agent-hook.events and --install adds it too" in said
