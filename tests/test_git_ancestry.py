"""commits_behind equals ``git rev-list --count LKG..HEAD`` on a history full of merges, and
the walk limits degrade to clear findings instead of wrong ones."""

from __future__ import annotations

import random

import pytest

from git_helpers import check, hits, packet
from handoff_audit.git import facts, plumbing
from handoff_audit.git.ancestry_counts import Ancestry


def _tangled_history(git_repo, commits: int = 40, seed: int = 7) -> list[str]:  # type: ignore[no-untyped-def]
    """A reproducible history with several branches forking and merging at random."""
    rng = random.Random(seed)
    git_repo.write("f0", "0\n")
    shas = [git_repo.commit("root")]
    branches = ["main"]
    for i in range(1, commits):
        choice = rng.random()
        if choice < 0.2:
            name = f"b{i}"
            git_repo.git("checkout", "-q", "-b", name, rng.choice(shas))
            branches.append(name)
        elif choice < 0.35 and len(branches) > 1:
            current = git_repo.git("rev-parse", "--abbrev-ref", "HEAD")
            other = rng.choice([b for b in branches if b != current])
            git_repo.git("merge", "-q", "--no-ff", "--no-edit", "-s", "ours", other)
            shas.append(git_repo.head())
            continue
        else:
            git_repo.git("checkout", "-q", rng.choice(branches))
        git_repo.write(f"f{i}", f"{i}\n")
        shas.append(git_repo.commit(f"c{i}"))
    git_repo.git("checkout", "-q", "main")
    for name in branches[1:]:
        git_repo.git("merge", "-q", "--no-ff", "--no-edit", "-s", "ours", name)
    return shas


def test_behind_counts_match_git_on_a_tangled_history(git_repo) -> None:  # type: ignore[no-untyped-def]
    shas = _tangled_history(git_repo)
    head = git_repo.head()
    commits, truncated = plumbing.ancestry(git_repo.root, head, 10_000)
    assert not truncated
    counts = Ancestry(commits).behind(set(shas))
    reachable = set(git_repo.git("rev-list", head).split())
    assert set(counts) == set(shas) & reachable
    for sha, count in counts.items():
        assert count == int(git_repo.git("rev-list", "--count", f"{sha}..{head}")), sha


def test_lkg_beyond_the_ancestry_limit(git_repo, run_cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "0\n")
    lkg = git_repo.commit("start")
    for i in range(8):
        git_repo.write("src/app.py", f"{i + 1}\n")
        git_repo.commit(f"step {i}")
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff")
    monkeypatch.setattr(facts, "ANCESTRY_LIMIT", 5)
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "lkg-behind")
    assert "more than 5 commits behind" in hit["message"]
    assert not hits(report, "lkg-unknown")


def test_last_change_beyond_the_walk_limit_still_ages(
    git_repo, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    git_repo.write("src/app.py", "0\n")
    lkg = git_repo.commit("start", date="2020-01-01T00:00:00Z")
    git_repo.write("handoff.json", packet(lkg=lkg))
    git_repo.commit("handoff", date="2020-01-02T00:00:00Z")
    for i in range(6):
        git_repo.write("src/app.py", f"{i + 1}\n")
        git_repo.commit(f"step {i}", date=f"2020-02-0{i + 1}T00:00:00Z")
    monkeypatch.setattr(facts, "WALK_LIMIT", 3)
    report = check(run_cli, git_repo.root)
    [hit] = hits(report, "packet-age")
    assert "last changed before commit" in hit["message"]
    assert hits(report, "packet-outdated")
