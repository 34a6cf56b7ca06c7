"""A packet file that is a symbolic link to a file holding no packet (``handoff.json ->
README.md``) was reported as that file's content, "invalid-json: not valid JSON: expecting a
value" at a place in README.md, `archive` said the same, and the merge gate's advice was
"`handoff-audit archive` refuses a packet that cannot be read". Every command now names it a
link to that file, with one fix: remove the link, which leaves the file as it is."""

from __future__ import annotations

import os
from collections.abc import Callable

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]

LINK = (
    "the file is a symbolic link to README.md, which holds no packet (not valid JSON: expecting "
    "a value at its line 1, column 1); a packet is a file of its own: remove the link "
    "(`rm -- handoff.json`, which leaves README.md as it is)"
)


def _linked(repo: GitRepo) -> None:
    repo.write("README.md", "# proj\n")
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/x")
    repo.write("src/a.py", "x = 1\n")
    repo.commit("work")
    os.symlink("README.md", repo.root / "handoff.json")
    repo.git("add", "handoff.json")
    repo.commit("a packet that is a link")


def test_check_names_a_packet_link_to_a_file_a_link(git_repo: GitRepo, run_cli: Run) -> None:
    _linked(git_repo)
    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    assert done.code == 1, done.out
    [finding] = [f for f in done.json()["findings"] if f["rule"] == "invalid-json"]
    assert finding["message"].startswith(LINK), finding["message"]
    assert finding["line"] is None


def test_archive_names_the_link(git_repo: GitRepo, run_cli: Run) -> None:
    _linked(git_repo)
    done = run_cli(["archive", "handoff.json"], cwd=git_repo.root)
    assert done.code == 2, done.out
    assert done.err.startswith(f"handoff-audit: error: handoff.json: {LINK}"), done.err
    assert (git_repo.root / "README.md").read_text(encoding="utf-8") == "# proj\n"


def test_the_merge_gate_advises_removing_the_link(git_repo: GitRepo, run_cli: Run) -> None:
    _linked(git_repo)
    done = run_cli(["check", "--target-branch", "main", "--format", "markdown"], cwd=git_repo.root)
    assert done.code == 1, done.out
    assert "cannot be read" not in done.out
    assert (
        "- `active-in-merge`: `handoff.json` is a symbolic link to a file that holds no packet "
        "(each finding names it); remove it, which leaves the file as it is: `git rm -- "
        ':/handoff.json && git commit -m "handoff: no link"`.'
    ) in done.out
    text = run_cli(["check", "--target-branch", "main"], cwd=git_repo.root)
    assert (
        "handoff.json: active-in-merge: this packet would be merged into the protected branch "
        "main, and it is a symbolic link to README.md, which holds no packet"
    ) in text.out


def test_the_link_gets_one_finding_not_md_missing_once_the_json_reads(
    git_repo: GitRepo, run_cli: Run
) -> None:
    """Review 59, item b3: beside the link's finding, `md-missing` said "once the JSON reads,
    run `handoff-audit render --write handoff.json`", which no link can follow: the link's own
    fix, `new` in its place, writes the twin too."""
    _linked(git_repo)
    done = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    rules = [f["rule"] for f in done.json()["findings"] if f["path"] == "handoff.json"]
    assert rules == ["invalid-json"], done.out
    hook = run_hook(stop_event(git_repo.root))
    assert hook.code == 2, hook.err
    assert "remove the link" in hook.err
    assert "once the JSON reads" not in hook.err and "1 more on this file" not in hook.err
