"""Work amended into the commit that wrote the packet, or into the commit that archived it, is no
work the packet describes: the hook holds the agent until the packet names it, and `check` says
which file (real repositories, the real CLI and hook, an agent obeying what is printed)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from agent_support import (
    ANSWERS,
    feature_repo,
    fill_in,
    run_fix,
    run_hook,
    stop_event,
    the_command,
)
from conftest import GitRepo, Result

Run = Callable[..., Result]
FIELDS = ["--summary", "Refunds done.", "--next-action", "Ship it."]
FIELDS += ["--verdict-pointer", "README.md"]


def _with_packet(repo: GitRepo, run_cli: Run) -> None:
    """``new`` on the branch, the packet committed together with work it lists."""
    repo.write("src/rates.py", "RATE = 2\n")
    repo.git("add", "src/rates.py")
    result = run_cli(["new", "--allow-dirty", *FIELDS], cwd=repo.root)
    assert result.code == 0, result.err
    repo.commit("refunds: rates, and the handoff")
    listed = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))["changed_files"]
    assert listed == ["src/rates.py", "src/refunds.py"]


def _amend(repo: GitRepo, path: str) -> None:
    repo.write(path, "import shutil\nshutil.rmtree('/var/data')\n")
    repo.git("add", path)
    repo.git("commit", "-q", "--amend", "--no-edit")


def test_work_amended_into_the_packet_s_commit_holds_the_agent(
    git_repo: GitRepo, run_cli: Run, tmp_path: Path
) -> None:
    repo = feature_repo(git_repo)
    _with_packet(repo, run_cli)
    # the packet's commit holds work it lists: nothing to refresh
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0
    assert "packet-outdated" not in run_cli(["check"], cwd=repo.root).out
    assert "does not list" not in run_cli(["show"], cwd=repo.root).out

    _amend(repo, "src/cleanup.py")
    checked = run_cli(["check"], cwd=repo.root)
    assert "packet-outdated" in checked.out and "`src/cleanup.py`" in checked.out, checked.out
    assert "which its changed_files does not list" in checked.out
    blocked = run_hook(stop_event(repo.root), cwd=repo.root)
    assert blocked.code == 2 and "src/cleanup.py" in blocked.err, blocked.err
    shown = run_cli(["show"], cwd=repo.root).out
    assert "also changed files it does not list" in shown and "src/cleanup.py" in shown, shown

    fix = the_command(blocked.err, "fix: ")
    summary = {"<what the commits since the packet changed>": "Cleanup added."}
    done = run_fix(repo.root, fill_in(fix, ANSWERS | summary))
    assert done.returncode == 0, done.stderr
    repo.commit("handoff: refreshed")
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    assert "src/cleanup.py" in data["changed_files"]
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 0


def test_work_amended_into_the_archive_commit_reopens_the_branch(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = feature_repo(git_repo)
    _with_packet(repo, run_cli)
    assert run_cli(["archive"], cwd=repo.root).code == 0
    repo.commit("handoff: done")
    finished = run_hook(stop_event(repo.root), cwd=repo.root)
    assert finished.code == 0 and "has handed its work over" in finished.err, finished.err

    _amend(repo, "src/cleanup.py")
    blocked = run_hook(stop_event(repo.root), cwd=repo.root)
    assert blocked.code == 2, blocked.err
    assert "has work of its own against main but no active handoff" in blocked.err


def _rewrite(repo: GitRepo, run_cli: Run, listed: list[str], summary: str) -> None:
    """The packet's ``changed_files`` and summary as a session writing it by hand sets them."""
    data = json.loads((repo.root / "handoff.json").read_text(encoding="utf-8"))
    data["changed_files"], data["summary"] = listed, summary
    repo.write("handoff.json", data)
    rendered = run_cli(["render", "--write", "handoff.json"], cwd=repo.root)
    assert rendered.code == 0, rendered.err


def _quiet(repo: GitRepo, run_cli: Run) -> None:
    checked = run_cli(["check"], cwd=repo.root)
    assert "packet-outdated" not in checked.out, checked.out
    assert "does not list" not in run_cli(["show"], cwd=repo.root).out
    stopped = run_hook(stop_event(repo.root / "src"), cwd=repo.root / "src")
    assert stopped.code == 0, stopped.err


def test_a_rename_or_a_listed_folder_in_the_packet_s_commit_is_described(
    git_repo: GitRepo, run_cli: Run
) -> None:
    repo = feature_repo(git_repo)
    _with_packet(repo, run_cli)
    # a rename committed with the packet that names the file as it is now
    repo.git("mv", "src/rates.py", "src/tariffs.py")
    _rewrite(repo, run_cli, ["src/refunds.py", "src/tariffs.py"], "Renamed rates.py to tariffs.py.")
    repo.commit("rename rates.py to tariffs.py, with its handoff")
    _quiet(repo, run_cli)
    # a packet that lists the folder it worked in, or a glob of it
    for listed in (["src/"], ["./src"], ["src/**/*.py"]):
        repo.write(f"src/c{len(listed[0])}.py", "c = 1\n")
        _rewrite(repo, run_cli, listed, f"Added a file under {listed[0]}.")
        repo.commit("a file under src/, with its handoff")
        _quiet(repo, run_cli)
    # a file outside what it lists is still work the packet does not describe
    _amend(repo, "tools/cleanup.py")
    checked = run_cli(["check"], cwd=repo.root)
    assert "packet-outdated" in checked.out and "`tools/cleanup.py`" in checked.out, checked.out
    assert run_hook(stop_event(repo.root), cwd=repo.root).code == 2
