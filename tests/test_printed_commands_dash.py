"""The commands that findings and the hook print run as printed when a packet's name starts
with ``-`` (``-x.json``): the path is written ``./-x.json``, so that the command does not read
it as an option. Real repositories, the real CLI, the printed command run with ``sh -c``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from agent_support import feature_repo, run_fix, run_hook, stop_event, the_command
from authoring_support import REFUNDS
from conftest import GitRepo, Result
from git_helpers import check, hits

Run = Callable[..., Result]


def _two_active_packets(git_repo: GitRepo, run_cli: Run) -> None:
    """``-x.json`` and ``-y.json``, both active for the branch's default topic."""
    feature_repo(git_repo)
    git_repo.write(".handoff-audit.yml", 'packets: ["*.json"]\n')
    git_repo.commit("config")
    for name, topic in (("-x.json", []), ("-y.json", ["--topic", "t"])):
        made = run_cli(["new", "--output", f"./{name}", *topic, *REFUNDS], cwd=git_repo.root)
        assert made.code == 0, made.err
    second = git_repo.root / "-y.json"
    data = json.loads(second.read_text())
    del data["topic"]
    second.write_text(json.dumps(data, indent=2) + "\n")
    rendered = run_cli(["render", "--write", "./-y.json"], cwd=git_repo.root)
    assert rendered.code == 0, rendered.err
    git_repo.commit("two handoffs")


def _runs(git_repo: GitRepo, command: str) -> None:
    done = run_fix(git_repo.root, command)
    assert done.returncode == 0, (command, done.stderr)


def test_supersede_printed_for_a_dash_name_runs(git_repo: GitRepo, run_cli: Run) -> None:
    _two_active_packets(git_repo, run_cli)
    found = hits(check(run_cli, git_repo.root), "multiple-active")
    [command] = set(re.findall(r"\((handoff-audit supersede [^)]+)\)", found[0]["message"]))
    assert command == "handoff-audit supersede ./-x.json --by ./-y.json"

    blocked = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert blocked.code == 2, blocked.err
    fix = the_command(blocked.err, "fix:")
    assert fix == command
    _runs(git_repo, fix)
    assert json.loads((git_repo.root / "-x.json").read_text())["superseded_by"] == "-y.json"
    assert hits(check(run_cli, git_repo.root), "multiple-active") == []


def test_archive_printed_for_a_dash_name_runs(git_repo: GitRepo, run_cli: Run) -> None:
    _two_active_packets(git_repo, run_cli)
    merge = hits(check(run_cli, git_repo.root, "--target-branch", "main"), "active-in-merge")
    commands = [re.findall(r"`(handoff-audit archive [^`]+)`", hit["message"]) for hit in merge]
    assert commands == [["handoff-audit archive ./-x.json"], ["handoff-audit archive ./-y.json"]]
    for [command] in commands:
        _runs(git_repo, command)
    assert hits(check(run_cli, git_repo.root, "--target-branch", "main"), "active-in-merge") == []


def test_git_rm_printed_for_a_dash_name_on_main_runs(git_repo: GitRepo, run_cli: Run) -> None:
    git_repo.write("README.md", "# shop\n")
    git_repo.write(".handoff-audit.yml", 'block-files: ["-HANDOFF.md"]\npackets: ["*.md"]\n')
    git_repo.write("-HANDOFF.md", "# Refunds\n\n## Next step\n\nFix GBP rounding.\n")
    git_repo.commit("a push to main with a handoff")
    [hit] = hits(check(run_cli, git_repo.root), "handoff-in-merge")
    [command] = re.findall(r"`(git rm [^`]+)`", hit["message"])
    assert command == "git rm -- ':(top)-HANDOFF.md'"
    _runs(git_repo, command)
    assert not (git_repo.root / "-HANDOFF.md").exists()
