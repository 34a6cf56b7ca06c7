"""A repository that tracks both ``handoff.md`` (``handoff.json``'s twin) and a hand-written
``HANDOFF.md``: on macOS and Windows the two names are one file, so the twin is read from
whichever a clone kept. Twins pair by their exact name, and the two tracked names get one
finding that says they collide and which one to rename, never an ``md-mismatch`` between the
JSON and the note."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from action_support import packet_data
from conftest import GitRepo, Result
from handoff_audit.engine.discovery import pair
from handoff_audit.markdown import render_packet

Run = Callable[..., Result]

NOTE = "# Session handoff\n\n## State\nParser done in app.py.\n\n## Next step\nWire it in.\n"


def _both_tracked(git_repo: GitRepo) -> None:
    git_repo.write("app.py", "x = 1\n")
    git_repo.commit("work")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    data = packet_data(
        branch="feat/x",
        last_known_good_commit=git_repo.head(),
        changed_files=["app.py"],
        verdict_pointer="app.py",
    )
    git_repo.write("handoff.json", data)
    git_repo.write("handoff.md", render_packet(data))
    git_repo.write("HANDOFF.md", NOTE)
    git_repo.commit("a packet, its twin, and a note whose name differs only in letter case")


def test_two_tracked_names_differing_in_case_get_one_finding(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _both_tracked(git_repo)
    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    said = [f for f in done.json()["findings"] if f["rule"].startswith("md-m")]
    assert [(f["rule"], f["severity"], f["path"]) for f in said] == [
        ("md-mismatch", "warning", "handoff.md")
    ], done.out
    assert said[0]["message"] == (
        "git tracks both handoff.md and HANDOFF.md, names that differ only in letter case: on "
        "macOS and Windows they are one file, so a clone keeps only one of them and the twin of "
        "handoff.json is read from whichever it kept; HANDOFF.md is a working note the merge "
        "gate blocks: once the work is done, delete it in a commit after the last work "
        '(`git rm -- :/HANDOFF.md && git commit -m "handoff: done"`), then check again'
    )
    git_repo.git("rm", "-q", "--", ":/HANDOFF.md")
    git_repo.commit("handoff: done")
    again = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert [f for f in again.json()["findings"] if f["rule"].startswith("md-m")] == [], again.out


def test_the_case_pair_advice_never_renames_a_note_past_the_gate(
    git_repo: GitRepo, run_cli: Run
) -> None:
    _both_tracked(git_repo)
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    messages = {(f["rule"], f["path"]): f["message"] for f in done.json()["findings"]}
    assert "git rm -- :/HANDOFF.md" in messages[("handoff-in-merge", "HANDOFF.md")]
    pair_advice = messages[("md-mismatch", "handoff.md")]
    assert "git rm -- :/HANDOFF.md" in pair_advice, pair_advice
    assert "git mv" not in pair_advice and "NEW-NAME" not in pair_advice, pair_advice


def test_twins_pair_by_exact_name_where_the_file_system_ignores_case(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    _both_tracked(git_repo)

    def lexists(name: str) -> bool:
        """`os.path.lexists` as macOS and Windows answer it: letter case aside."""
        folder, _, base = name.rpartition("/")
        listed = os.listdir(git_repo.root / folder)
        return any(entry.casefold() == base.casefold() for entry in listed)

    monkeypatch.chdir(git_repo.root)
    pairs = pair([Path("handoff.json"), Path("handoff.md"), Path("HANDOFF.md")], lexists)
    assert sorted((p.path, p.kind, p.markdown) for p in pairs) == [
        ("HANDOFF.md", "markdown", "HANDOFF.md"),
        ("handoff.json", "json", "handoff.md"),
    ]
