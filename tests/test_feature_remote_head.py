"""A clone of a remote whose HEAD is the feature branch (`git clone --bare` of a repository
while fix/x was checked out, then `git clone --branch fix/x`): `origin/HEAD` names fix/x. It was
taken for the default branch: `check --target-branch main` skipped the merge gate, and the Stop
hook said "fix/x is a protected branch: it needs no packet". While `main` or `master` exists,
such an `origin/HEAD` is passed over now; one naming a default name (`develop`) still counts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import run_fix, run_hook, stop_event
from conftest import GitRepo
from git_helpers import check, git, hits


def _clone_of_feature_head(
    repo: GitRepo, tmp_path: Path, branch: str = "fix/x", *, packet: bool = True
) -> Path:
    repo.write("a.py", "a = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", branch)
    repo.write("a.py", "a = 2\n")
    repo.commit("work")
    if packet:
        made = run_fix(
            repo.root,
            "handoff-audit new --summary 'a is 2' --next-action 'Make a 3 in a.py.' "
            "--verdict-pointer https://ci.example/1",
        )
        assert made.returncode == 0, made.stderr
        repo.commit("handoff")
    bare, clone = tmp_path / "remote.git", tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--bare", str(repo.root), str(bare))
    git(tmp_path, "clone", "-q", "--branch", branch, bare.as_uri(), str(clone))
    assert git(clone, "symbolic-ref", "refs/remotes/origin/HEAD") == f"refs/remotes/origin/{branch}"
    return clone


def test_merge_into_main_is_gated(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _clone_of_feature_head(git_repo, tmp_path)
    report = check(run_cli, clone, "--target-branch", "main", "--fetch-history")
    [hit] = hits(report, "active-in-merge")
    assert "protected branch main" in hit["message"], hit


def test_hook_judges_the_feature_branch(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _clone_of_feature_head(git_repo, tmp_path, packet=False)
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    assert "is a protected branch" not in run.err
    assert "branch fix/x has work of its own against origin/main" in run.err, run.err


def test_a_remote_head_with_a_default_name_stays_protected(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    clone = _clone_of_feature_head(git_repo, tmp_path, "develop", packet=False)
    run = run_hook(stop_event(clone))
    assert run.code == 0 and "develop is a protected branch" in run.err, run.err
