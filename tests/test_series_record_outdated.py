"""`handoff-outdated` on the current file of a series: on a work branch that did not touch the
series it is the project's record, judged by the commits up to the merge base, not by the
branch's own work; on the default branch, by every later commit, as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import GitRepo
from git_helpers import check, hits
from handoff_audit.git import plumbing
from test_handoff_forms import GOOD

RECORD = "docs/handoffs/2026-12-04-a.md"


def _record_on_main(repo: GitRepo) -> None:
    repo.write("src/app.py", "x = 1\n")
    repo.write(RECORD, GOOD)
    repo.commit("record")


def _outdated(run_cli: Any, repo: GitRepo, *args: str) -> list[str]:
    return [f["path"] for f in hits(check(run_cli, repo.root, *args), "handoff-outdated")]


def test_a_branch_s_own_commits_do_not_outdate_a_series_it_did_not_touch(
    run_cli: Any, tmp_path: Path
) -> None:
    """Whatever the number of series, in the same number of git processes."""

    def git_processes_of_check(repo: GitRepo) -> int:
        before = plumbing.spawn_count()
        assert _outdated(run_cli, repo) == []
        return plumbing.spawn_count() - before

    counts = []
    for series in (["docs/handoffs"], ["docs/handoffs", "notes/handoffs", "log/handoffs"]):
        repo = GitRepo(tmp_path / str(len(series)))
        repo.write(".handoff-audit.yml", f"series: {json.dumps(series)}\n")
        for folder in series:
            repo.write(f"{folder}/2026-12-04-a.md", GOOD)
        _record_on_main(repo)
        repo.git("checkout", "-q", "-b", "feat/t")
        repo.write("src/t.py", "t = 1\n")
        repo.commit("t")
        counts.append(git_processes_of_check(repo))
        strict = run_cli(["check", "--strict", "-q"], cwd=repo.root)
        assert strict.code == 0, strict.out + strict.err
    assert counts[0] == counts[1]


def test_commits_on_main_after_the_record_still_count_on_a_branch(
    run_cli: Any, git_repo: GitRepo
) -> None:
    _record_on_main(git_repo)
    git_repo.write("src/app.py", "x = 2\n")
    git_repo.commit("later work on main")
    git_repo.git("checkout", "-q", "-b", "feat/t")
    git_repo.write("src/t.py", "t = 1\n")
    git_repo.commit("t")
    (finding,) = hits(check(run_cli, git_repo.root), "handoff-outdated")
    assert finding["path"] == RECORD
    assert "later work on main" in finding["message"]
    assert "`t`" not in finding["message"]

    # A branch that wrote the series, and main itself: every later commit counts.
    git_repo.git("checkout", "-q", "main")
    git_repo.git("checkout", "-q", "-b", "feat/w")
    git_repo.write(RECORD, GOOD + "\nMore.\n")
    git_repo.commit("record touched")
    git_repo.write("src/t.py", "t = 1\n")
    git_repo.commit("t")
    assert _outdated(run_cli, git_repo) == [RECORD]
    git_repo.git("checkout", "-q", "main")
    git_repo.write("src/app.py", "x = 3\n")
    git_repo.commit("more work on main")
    assert _outdated(run_cli, git_repo) == [RECORD]
