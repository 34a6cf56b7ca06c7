"""`handoff-audit show PATH` refuses what the writers refuse, in their words: a JSON file that
is not a handoff packet (``package.json``), and says a folder is a folder. Real repositories,
the real CLI."""

from __future__ import annotations

import json
from collections.abc import Callable

from agent_support import feature_repo
from conftest import GitRepo, Result
from git_helpers import packet
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]


def test_a_json_file_that_is_no_packet_is_refused_as_archive_refuses_it(
    git_repo: GitRepo, run_cli: Run
) -> None:
    feature_repo(git_repo)
    git_repo.write("package.json", {"name": "x"})
    git_repo.commit("package")
    shown = run_cli(["show", "package.json"], cwd=git_repo.root)
    assert (shown.code, shown.out) == (2, "")
    [line] = shown.err.splitlines()
    archived = run_cli(["archive", "package.json"], cwd=git_repo.root)
    assert archived.code == 2
    reason = archived.err.split("not a handoff packet (", 1)[1].split(")", 1)[0]
    said = f"handoff-audit: error: show: package.json: not a handoff packet ({reason}); give "
    assert line.startswith(said) and "handoff-audit new" in line
    assert "Next action" not in shown.err


def test_a_packet_update_will_complete_is_still_shown(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    data = packet("feat/refunds", git_repo.head(), next_action="Round GBP refunds.")
    del data["summary"]
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.write("handoff.md", render_packet(data))
    git_repo.commit("handoff")
    shown = run_cli(["show", "handoff.json"], cwd=git_repo.root)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("Next action: Round GBP refunds.")


def test_a_folder_is_said_to_be_a_folder(git_repo: GitRepo, run_cli: Run) -> None:
    feature_repo(git_repo)
    (git_repo.root / ".handoff").mkdir()
    shown = run_cli(["show", ".handoff"], cwd=git_repo.root)
    assert shown.code == 2
    assert shown.err == (
        "handoff-audit: error: show: .handoff: is a folder; name a packet (.json) or a handoff "
        "file (.md) in it\n"
    )
