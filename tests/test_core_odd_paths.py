"""Every path git lists is considered, whatever characters it holds, and shown escaped."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import GitRepo
from git_helpers import packet
from handoff_audit.globs import matches

ODD = "notes\nx"


def test_a_newline_in_a_folder_does_not_hide_a_block_file(git_repo: GitRepo, run_cli: Any) -> None:
    git_repo.write("README.md", "hello\n")
    git_repo.commit("init")
    git_repo.git("checkout", "-q", "-b", "feat")
    git_repo.write(f"{ODD}/HANDOFF.md", "# Handoff\n\nNext: finish it.\n")
    git_repo.commit("handoff")
    args = ["check", "--select", "handoff-in-merge", "--branch", "feat", "--target-branch", "main"]
    result = run_cli([*args, "--format", "json"], cwd=git_repo.root)
    assert result.code == 1, result.err
    findings = json.loads(result.out)["findings"]
    assert [f["path"] for f in findings] == [f"{ODD}/HANDOFF.md"]
    text = run_cli(args, cwd=git_repo.root).out
    line = next(line for line in text.splitlines() if "handoff-in-merge" in line)
    assert line.startswith("notes\\nx/HANDOFF.md: handoff-in-merge: notes\\nx/HANDOFF.md would")


def test_a_newline_in_a_folder_does_not_hide_a_packet(git_repo: GitRepo, run_cli: Any) -> None:
    git_repo.write(f"{ODD}/handoff.json", packet(next_action="TODO"))
    git_repo.commit("packet")
    result = run_cli(["check", "--format", "json", "--select", "placeholder"], cwd=git_repo.root)
    report = json.loads(result.out)
    assert [p["path"] for p in report["packets"]] == [f"{ODD}/handoff.json"]
    assert result.code == 1


segment = st.text(st.characters(blacklist_characters="/", codec="utf-8"), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(segment, max_size=4), segment)
def test_globs_match_whatever_characters_a_path_holds(folders: list[str], name: str) -> None:
    path = "/".join([*folders, name])
    assert matches(path, "**/" + name.replace("[", "[[]").replace("*", "[*]").replace("?", "[?]"))
    assert matches(path, "**")
    assert matches(path, "/".join(["*"] * (len(folders) + 1)))
    assert matches(path, "/".join(["**", "*"])) or not folders
