"""A shallow clone of a feature branch whose default branch was fetched shallow too (`git fetch
--depth 1 origin main:refs/remotes/origin/main`): no commit joins the two. The Stop hook said
"<branch> has no work of its own: it needs no packet", `new` wrote `"changed_files": []`, and
`check --fetch-history` neither deepened the clone nor said the history was missing. Now the
hook blocks with `git fetch --unshallow` (and once run, judges the work), `new` refuses with the
same advice, and `check` deepens until the merge base is there, or says `history-unavailable`
without --fetch-history."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import a_is_2_branch, run_fix, run_hook, stop_event
from conftest import GitRepo
from git_helpers import check, git, hits


def _shallow_feature(repo: GitRepo, tmp_path: Path, *, packet: bool = False) -> Path:
    """The clone of ``feat/nop`` (one commit of work on ``main``'s one commit), ``main``
    fetched one commit deep, and one more commit of work in the clone."""
    a_is_2_branch(repo, "feat/nop", with_packet=packet)
    repo.git("switch", "-q", "main")
    clone = tmp_path / "clone"
    uri = repo.root.as_uri()
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "feat/nop", uri, str(clone))
    git(clone, "fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main")
    git(clone, "remote", "set-head", "origin", "main")
    (clone / "a.py").write_text("a = 3\n", encoding="utf-8")
    git(clone, "-c", "user.email=a@b", "-c", "user.name=A", "commit", "-qam", "more")
    joined = subprocess.run(["git", "merge-base", "HEAD", "origin/main"], cwd=clone, check=False)
    assert joined.returncode == 1
    return clone


def test_hook_blocks_until_the_history_is_fetched(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _shallow_feature(git_repo, tmp_path)
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    assert "no work of its own" not in run.err
    assert "share no commit in this shallow clone" in run.err, run.err
    assert "fix: git fetch --unshallow" in run.err, run.err
    assert run_fix(clone, "git fetch -q --unshallow").returncode == 0
    again = run_hook(stop_event(clone))
    assert again.code == 2 and "has work of its own against origin/main" in again.err, again.err


def test_the_fetch_needs_no_commit_and_a_gone_remote_has_a_way_out(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """Review 53-4: the block closed with "Run each fix, commit, then stop again", though a
    fetch commits nothing, and said nothing of a history that cannot be fetched."""
    clone = _shallow_feature(git_repo, tmp_path)
    shutil.rmtree(git_repo.root)  # the remote is gone: the fetch cannot work
    assert run_fix(clone, "git fetch -q --unshallow").returncode != 0
    run = run_hook(stop_event(clone))
    assert run.code == 2, run.err
    assert run.lines[-1] == "Run it, then stop again.", run.err
    assert (
        "  if the history cannot be fetched (no network, the remote gone): say so to the user; "
        "the hook lets the session end after 3 blocked stops in a row (agent-hook.max-blocks)"
    ) in run.lines, run.err
    codes = [run_hook(stop_event(clone, active=True)).code for _ in range(3)]
    assert codes == [2, 2, 0], codes


def test_new_refuses_an_unknown_changed_files(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _shallow_feature(git_repo, tmp_path)
    args = ["new", "--summary", "s", "--next-action", "Go on.", "--verdict-pointer", "https://x/1"]
    result = run_cli(args, cwd=clone)
    assert result.code == 2, result.err
    assert "share no commit in this shallow clone" in result.err, result.err
    assert "git fetch --unshallow" in result.err and "Traceback" not in result.err
    assert not (clone / "handoff.json").exists()


def test_check_deepens_to_the_merge_base_or_says_it_is_missing(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _shallow_feature(git_repo, tmp_path, packet=True)
    assert json.loads((clone / "handoff.json").read_text())["changed_files"] == ["a.py"]
    report = check(run_cli, clone, "--target-branch", "main")
    [hit] = hits(report, "history-unavailable")
    assert "share no commit in this shallow clone" in hit["message"], hit
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"
    report = check(run_cli, clone, "--target-branch", "main", "--fetch-history")
    assert not hits(report, "history-unavailable"), report["findings"]
    assert git(clone, "merge-base", "HEAD", "origin/main") != ""
