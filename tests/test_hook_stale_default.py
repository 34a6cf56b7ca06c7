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
