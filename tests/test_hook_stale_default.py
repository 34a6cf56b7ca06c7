"""A stale local default branch is not the base: in a clone whose local ``trunk`` was never
pulled, a branch cut from a fetched ``origin/trunk`` that is ahead of it has no work of its own
until it commits some. The Stop hook lets it stop, `new` lists none of a teammate's files and
`show` says the branch has no work; the branch's own commits still count. Real repositories,
the real CLI and hook."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _stale_clone(tmp_path: Path) -> GitRepo:
    """A clone of ``upstream`` (default ``trunk``) whose local ``trunk`` is behind
    ``origin/trunk`` after a fetch, with ``feat/z`` cut from ``origin/trunk``."""
    upstream = GitRepo(tmp_path / "upstream", branch="trunk")
    upstream.write("a.py", "a = 1\n")
    upstream.commit("init")
    upstream.git("clone", "-q", str(upstream.root), str(tmp_path / "clone"))
    clone = GitRepo.__new__(GitRepo)  # the clone exists: no `git init`
    clone.root = tmp_path / "clone"
    upstream.write("other.py", "teammate = 1\n")
    upstream.commit("teammate's work")
    clone.git("fetch", "-q")
    clone.git("switch", "-q", "-c", "feat/z", "origin/trunk")
    assert clone.git("rev-parse", "trunk") != clone.git("rev-parse", "HEAD")
    return clone


def test_a_branch_cut_from_the_fetched_remote_has_no_work_of_a_teammate(
    tmp_path: Path, run_cli: Run
) -> None:
    clone = _stale_clone(tmp_path)
    stopped = run_hook(stop_event(clone.root))
    assert stopped.code == 0, stopped.err
    assert "no work of its own against origin/trunk" in stopped.err, stopped.err
    shown = run_cli(["show"], cwd=clone.root)
    assert "other.py" not in shown.out + shown.err
    made = run_cli(
        ["new", "--summary", "Read the code base", "--next-action", "Start z.py",
         "--verdict-pointer", "a.py"],
        cwd=clone.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    packet = json.loads((clone.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == []
    (clone.root / "handoff.json").unlink()
    (clone.root / "handoff.md").unlink()
    # The branch's own work still needs a handoff, and only it is listed.
    clone.write("z.py", "z = 1\n")
    clone.commit("z")
    blocked = run_hook(stop_event(clone.root))
    assert blocked.code == 2 and "work of its own against origin/trunk" in blocked.err
    made = run_cli(
        ["new", "--summary", "z.py added", "--next-action", "Use z in a.py",
         "--verdict-pointer", "z.py"],
        cwd=clone.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    packet = json.loads((clone.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == ["z.py"]
    clone.commit("handoff")
    assert run_hook(stop_event(clone.root)).code == 0
    checked = run_cli(["check", "."], cwd=clone.root)
    assert checked.code == 0, checked.out + checked.err

    # A local trunk ahead of its remote (commits not pushed yet) stays the base.
    clone.git("switch", "-q", "trunk")
    clone.git("merge", "-q", "--ff-only", "origin/trunk")
    clone.write("local.py", "local = 1\n")
    clone.commit("not pushed yet")
    clone.git("switch", "-q", "-c", "feat/y")
    stopped = run_hook(stop_event(clone.root))
    assert stopped.code == 0, stopped.err
    assert "no work of its own against trunk" in stopped.err, stopped.err


def _fork_clone(tmp_path: Path) -> GitRepo:
    """A clone of a fork (``origin``) with the project as ``upstream``: local ``trunk`` was
    fast-forwarded to ``upstream/trunk`` once and not pushed to the fork (``origin/trunk`` is
    behind it); ``upstream/trunk`` moved on since and was fetched; ``feat/k`` is cut from it."""
    project = GitRepo(tmp_path / "project", branch="trunk")
    project.write("a.py", "a = 1\n")
    project.commit("init", date="2026-01-01T00:00:00Z")
    project.git("clone", "-q", str(project.root), str(tmp_path / "fork"))
    project.git("clone", "-q", str(tmp_path / "fork"), str(tmp_path / "clone"))
    clone = GitRepo.__new__(GitRepo)  # the clone exists: no `git init`
    clone.root = tmp_path / "clone"
    clone.git("remote", "add", "upstream", str(project.root))
    project.write("u1.py", "u = 1\n")
    project.commit("u1", date="2026-01-02T00:00:00Z")
    clone.git("fetch", "-q", "upstream")
    clone.git("merge", "-q", "--ff-only", "upstream/trunk")  # local trunk: ahead of the fork
    project.write("u2.py", "u = 2\n")
    project.commit("u2", date="2026-01-03T00:00:00Z")
    clone.git("fetch", "-q", "upstream")
    clone.git("switch", "-q", "-c", "feat/k", "upstream/trunk")
    clone.write("k.py", "k = 1\n")
    clone.commit("k")
    return clone


def test_every_remote_namesake_is_weighed_in_a_fork_clone(tmp_path: Path, run_cli: Run) -> None:
    clone = _fork_clone(tmp_path)
    blocked = run_hook(stop_event(clone.root))
    assert blocked.code == 2, blocked.err
    assert "work of its own against upstream/trunk" in blocked.err, blocked.err
    made = run_cli(
        ["new", "--summary", "k.py added", "--next-action", "Use k in a.py",
         "--verdict-pointer", "k.py"],
        cwd=clone.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    packet = json.loads((clone.root / "handoff.json").read_text(encoding="utf-8"))
    assert packet["changed_files"] == ["k.py"]
    (clone.root / "handoff.json").unlink()
    (clone.root / "handoff.md").unlink()
    # Both remotes ahead of the local trunk: the newer one is the base.
    fork = GitRepo.__new__(GitRepo)
    fork.root = tmp_path / "fork"
    fork.git("pull", "-q", str(tmp_path / "project"), "trunk")  # the fork at u2 ...
    clone.git("fetch", "-q", "origin")
    project = GitRepo.__new__(GitRepo)
    project.root = tmp_path / "project"
    project.write("u3.py", "u = 3\n")
    project.commit("u3", date="2026-01-04T00:00:00Z")  # ... the project at u3
    clone.git("fetch", "-q", "upstream")
    clone.git("switch", "-q", "-c", "feat/m", "upstream/trunk")
    shown = run_cli(["show"], cwd=clone.root)
    assert "u2.py" not in shown.out + shown.err and "u3.py" not in shown.out + shown.err
    stopped = run_hook(stop_event(clone.root))
    assert stopped.code == 0, stopped.err
    assert "no work of its own against upstream/trunk" in stopped.err, stopped.err
