"""A shallow clone with no remote: the Stop hook's fix for the missing history, `git fetch
--unshallow`, does nothing there and exits 0, so an agent believed it ran and was blocked again.
Now the hook says the history cannot be fetched here and lets the stop go with that line
(uncommitted work still blocks). Real repositories, the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result
from git_helpers import git
from test_shallow_no_merge_base import _shallow_feature

Run = Callable[..., Result]

NO_REMOTE = "the clone has no remote to fetch it from (`git fetch --unshallow` does nothing here)"


def test_a_packet_older_than_the_clone_lets_go_saying_why(
    git_repo: GitRepo, tmp_path: Path, run_cli: Run
) -> None:
    git_repo.write("app.py", "base = 1\n")
    git_repo.write("reports/t.txt", "ok\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "feat")
    git_repo.write("f.py", "f = 1\n")
    git_repo.commit("f1")
    made = run_cli(
        ["new", "--summary", "Started f.py", "--next-action", "Add f2",
         "--verdict-pointer", "reports/t.txt"],
        cwd=git_repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    git_repo.commit("handoff: new")
    git_repo.write("f.py", "f = 2\n")
    git_repo.commit("f2")
    git_repo.git("switch", "-q", "main")  # the clone's origin/HEAD: main, not feat
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", "-b", "feat", git_repo.root.as_uri(), str(clone))
    with_remote = run_hook(stop_event(clone))
    assert with_remote.code == 2 and "fix: git fetch --unshallow" in with_remote.err
    git(clone, "remote", "remove", "origin")
    stopped = run_hook(stop_event(clone))
    # a stop let go shows its warnings in systemMessage alone
    assert stopped.code == 0 and stopped.err == "", stopped.err
    assert not any(line.endswith("fetch --unshallow") for line in stopped.lines), stopped.said
    assert "handoff.json: this shallow clone does not hold the history" in stopped.said
    assert NO_REMOTE in stopped.said, stopped.said
    (clone / "f.py").write_text("f = 3\n", encoding="utf-8")
    dirty = run_hook(stop_event(clone))
    assert dirty.code == 2 and "uncommitted changes in f.py" in dirty.err, dirty.err
    assert "fix: git fetch --unshallow" not in dirty.err


def test_no_merge_base_and_no_remote_lets_go_saying_why(git_repo: GitRepo, tmp_path: Path) -> None:
    clone = _shallow_feature(git_repo, tmp_path)
    git(clone, "remote", "remove", "origin")
    stopped = run_hook(stop_event(clone))
    assert stopped.code == 0, stopped.err
    assert "feat/nop: this shallow clone does not hold the commits" in stopped.err, stopped.err
    assert NO_REMOTE in stopped.err, stopped.err
    (clone / "a.py").write_text("a = 4\n", encoding="utf-8")
    dirty = run_hook(stop_event(clone))
    assert dirty.code == 2 and "uncommitted changes in a.py" in dirty.err, dirty.err
