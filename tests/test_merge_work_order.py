"""The files merges of main made by hand do not depend on the order they are asked in or on
commit dates: with an empty commit dated years back between two clean merges of main (and a
side branch merged back), the Stop hook still sees the archived packet's finish, and
`made_by_hand` gives the same answer for the merges in either order. Real git, real hook."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

from conftest import GitRepo, Result
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.git.merge_work import made_by_hand

Run = Callable[..., Result]
NEW = ["new", "--summary", "Edited f.txt line 5", "--next-action", "Tune f.txt line 9"]


def _at(repo: GitRepo, day: str, *args: str) -> str:
    """``git ARGS`` with both dates at ``day``; the new HEAD."""
    env = {**os.environ, "GIT_AUTHOR_DATE": day, "GIT_COMMITTER_DATE": day}
    subprocess.run(["git", *args], cwd=repo.root, env=env, check=True, capture_output=True)
    return repo.git("rev-parse", "HEAD")


def _edit(repo: GitRepo, old: str, new: str) -> None:
    text = (repo.root / "f.txt").read_text()
    repo.write("f.txt", text.replace(f"\n{old}\n", f"\n{new}\n"))


def test_a_skewed_date_between_merges_of_main_keeps_the_branch_finished(
    tmp_path: Path, run_cli: Run
) -> None:
    repo = GitRepo(tmp_path)
    repo.write("f.txt", "".join(f"{n}\n" for n in range(1, 31)))
    repo.write("reports/t.txt", "ok\n")
    repo.commit("base", date="2026-01-01T00:00:00Z")
    repo.git("checkout", "-q", "-b", "feat")
    _edit(repo, "5", "5feat")
    repo.commit("f1", date="2026-01-02T00:00:00Z")
    pointer = ["--verdict-pointer", "reports/t.txt"]
    assert run_cli([*NEW, *pointer], cwd=repo.root).code == 0
    repo.commit("packet", date="2026-01-03T00:00:00Z")
    assert run_cli(["archive"], cwd=repo.root).code == 0
    repo.commit("handoff: done", date="2026-01-04T00:00:00Z")
    repo.git("checkout", "-q", "main")
    _edit(repo, "20", "20main")
    repo.commit("m1", date="2026-01-05T00:00:00Z")
    repo.git("checkout", "-q", "feat")
    m1 = _at(repo, "2026-01-06T00:00:00Z", "merge", "-q", "--no-edit", "main", "-m", "M1")
    _at(repo, "2001-01-01T00:00:00Z", "commit", "-q", "--allow-empty", "-m", "X")
    repo.git("checkout", "-q", "main")
    _edit(repo, "25", "25main")
    repo.commit("m2", date="2026-01-08T00:00:00Z")
    repo.git("checkout", "-q", "feat")
    m2 = _at(repo, "2026-01-09T00:00:00Z", "merge", "-q", "--no-edit", "main", "-m", "M2")
    repo.git("checkout", "-q", "-b", "side", m1)
    repo.write(".gitignore", "*.log\n")
    repo.commit("S", date="2026-01-10T00:00:00Z")
    repo.git("checkout", "-q", "feat")
    _at(repo, "2026-01-11T00:00:00Z", "merge", "-q", "--no-edit", "side", "-m", "H")
    assert made_by_hand(repo.root, [m1, m2]) == {m1: frozenset(), m2: frozenset()}
    assert made_by_hand(repo.root, [m2, m1]) == made_by_hand(repo.root, [m1, m2])
    assert judge(repo.root).problems == []
