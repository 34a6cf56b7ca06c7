"""Another tool's handoff.json at the top folder, left out of `packets` with ``!handoff.json``
(the tool's own advice), played as an agent (the review rev52-1, section 2): the hook's "no
handoff" fix writes the branch's packet beside it, and `new` without --output names that path,
never the setting that would read the file again."""

from __future__ import annotations

import json
from typing import Any

from agent_support import run_fix, run_hook, stop_event, the_command
from conftest import GitRepo, Result

OTHER_TOOL = {
    "session": "abc",
    "status": "in_progress",
    "tasks": ["a"],
    "updated": "2026-12-01",
    "author": "other",
}
LEFT_OUT = 'packets: ["**/handoff.json", ".handoff/**/*.json", "**/HANDOFF.md", "!handoff.json"]\n'
NEW = [
    "new",
    "--summary",
    "Added p.py",
    "--next-action",
    "Implement the p parser in p.py",
    "--verdict-pointer",
    "app.py",
]


def _other_tools_file(repo: GitRepo, setting: str | None) -> bytes:
    """main: the other tool's handoff.json (and ``setting`` as the configuration); feat/p one
    commit of work. The file's bytes."""
    repo.write("app.py", "print(1)\n")
    repo.write("handoff.json", json.dumps(OTHER_TOOL) + "\n")
    if setting is not None:
        repo.write(".handoff-audit.yml", setting)
    repo.commit("another tool's handoff.json")
    repo.git("checkout", "-q", "-b", "feat/p")
    repo.write("p.py", "p = 1\n")
    repo.commit("p")
    return (repo.root / "handoff.json").read_bytes()


def test_new_without_output_names_the_path_beside_a_file_packets_leaves_out(
    git_repo: GitRepo, run_cli: Any
) -> None:
    before = _other_tools_file(git_repo, LEFT_OUT)
    refused: Result = run_cli(NEW, cwd=git_repo.root)
    assert refused.code == 2
    assert "--output .handoff/feat-p.json" in refused.err, refused.err
    assert '"!handoff.json", "handoff.json"' not in refused.err, refused.err
    assert len(refused.err.strip().splitlines()) == 1, refused.err
    written: Result = run_cli([*NEW, "--output", ".handoff/feat-p.json"], cwd=git_repo.root)
    assert written.code == 0, written.err
    assert (git_repo.root / "handoff.json").read_bytes() == before


def test_new_names_the_path_beside_another_tools_json_it_will_not_overwrite(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _other_tools_file(git_repo, None)
    refused: Result = run_cli(NEW, cwd=git_repo.root)
    assert refused.code == 2
    assert "another tool's JSON file" in refused.err, refused.err
    assert "leave it alone" in refused.err and "rename or move" not in refused.err
    assert "--output .handoff/feat-p.json" in refused.err, refused.err


def test_the_hooks_fixes_beside_a_left_out_file_end_the_session(git_repo: GitRepo) -> None:
    before = _other_tools_file(git_repo, LEFT_OUT)
    first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert first.code == 2, first.err
    assert "beside handoff.json, which `packets` leaves out" in first.err, first.err
    fix = the_command(first.err, "fix: ")
    assert "new --output .handoff/feat-p.json " in fix, first.err
    for _ in range(3):  # each printed fix in turn, as an agent follows them
        done = run_fix(git_repo.root, the_command(first.err, "fix: "))
        assert done.returncode == 0, done.stderr
        first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
        if first.code == 0:
            break
    assert first.code == 0, first.err
    assert (git_repo.root / "handoff.json").read_bytes() == before
    assert (git_repo.root / ".handoff-audit.yml").read_text(encoding="utf-8") == LEFT_OUT


def test_new_beside_a_left_out_file_never_names_a_branch_that_looks_like_a_credential(
    git_repo: GitRepo, run_cli: Any
) -> None:
    _other_tools_file(git_repo, LEFT_OUT)
    token = "ghp_R7x2Kq9Lm4Np8Vt3Wz6Yb1Cd5Fg0Hj2Ks7Q9a"  # made up, in a token's shape
    git_repo.git("branch", "-m", f"fix/{token}")
    refused: Result = run_cli(NEW, cwd=git_repo.root)
    assert refused.code == 2
    assert token.lower()[:12] not in refused.err.lower(), refused.err
    assert "git branch -m" in refused.err, refused.err


NO_HANDOFF_GLOB = 'packets: ["**/handoff.json", "**/HANDOFF.md", "!handoff.json"]\n'
"""A `packets` with no `.handoff/` glob (review rev52-3, section 6): `.handoff/feat-p.json` is
no path it finds, `.handoff/feat-p/handoff.json` is."""


def _play(git_repo: GitRepo) -> Result:
    """Each fix the hook prints, run in turn as an agent follows them; the last hook's result."""
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    for _ in range(3):
        if stop.code == 0:
            break
        assert stop.code == 2, stop.err
        done = run_fix(git_repo.root, the_command(stop.err, "fix: "))
        assert done.returncode == 0, done.stdout + done.stderr
        stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    return stop


def test_the_hooks_fix_beside_a_left_out_file_takes_a_path_the_globs_find(
    git_repo: GitRepo,
) -> None:
    before = _other_tools_file(git_repo, NO_HANDOFF_GLOB)
    first = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert first.code == 2, first.err
    assert "new --output .handoff/feat-p/handoff.json " in the_command(first.err, "fix: ")
    assert _play(git_repo).code == 0
    assert (git_repo.root / ".handoff/feat-p/handoff.json").is_file()
    assert (git_repo.root / "handoff.json").read_bytes() == before
    assert (git_repo.root / ".handoff-audit.yml").read_text(encoding="utf-8") == NO_HANDOFF_GLOB


def test_new_never_advises_reading_a_left_out_file_again(git_repo: GitRepo, run_cli: Any) -> None:
    _other_tools_file(git_repo, NO_HANDOFF_GLOB)
    refused: Result = run_cli(NEW, cwd=git_repo.root)
    assert refused.code == 2
    assert '"!handoff.json", "handoff.json"' not in refused.err, refused.err
    assert "--output .handoff/feat-p/handoff.json" in refused.err, refused.err
    written = run_cli([*NEW, "--output", ".handoff/feat-p/handoff.json"], cwd=git_repo.root)
    assert written.code == 0, written.err


def test_beside_a_left_out_file_the_hook_names_the_packets_entry_the_path_needs(
    git_repo: GitRepo, run_cli: Any
) -> None:
    setting = '[tool.handoff-audit]\npackets = ["*.json", "**/HANDOFF.md", "!handoff.json"]\n'
    git_repo.write("pyproject.toml", setting)
    _other_tools_file(git_repo, None)
    stop = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert stop.code == 2, stop.err
    # the one entry the path needs, after the list set: never that list pasted again
    assert 'in pyproject.toml: extend-packets = [".handoff/**/*.json"]' in stop.err, stop.err
    assert "new --output .handoff/feat-p.json " in the_command(stop.err, "fix: ")
    refused: Result = run_cli(NEW, cwd=git_repo.root)
    assert refused.code == 2 and '"!handoff.json", "handoff.json"' not in refused.err
    assert "--output .handoff/feat-p.json, once `packets` finds that path" in refused.err
    setting += 'extend-packets = [".handoff/**/*.json"]\n'
    git_repo.write("pyproject.toml", setting)
    git_repo.commit("packets finds the branch's packet")
    assert _play(git_repo).code == 0
    assert (git_repo.root / ".handoff/feat-p.json").is_file()
