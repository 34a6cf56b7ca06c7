"""The Stop hook in a clone made with ``git clone -b feat``: no local ``main``, only
``origin/main``. Once the branch's packet is archived, the hook still judges the work tree against
``origin/main`` (it once asked the merge gate about a branch named ``origin/main``, found none and
let uncommitted work go); and when it cannot judge the handoff at all (git fails under it), the
uncommitted work, which needs no handoff to be judged, still blocks the stop. Real repositories,
the real CLI and hook."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent_support import run_hook, stop_event
from conftest import GitRepo, Result

Run = Callable[..., Result]


def _archived(repo: GitRepo, run_cli: Run) -> None:
    """``repo`` on ``feat`` with work of its own and its packet archived, all committed."""
    repo.write("reports/t.txt", "ok\n")
    repo.write("base.py", "base = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat")
    repo.write("x.py", "x = 1\n")
    repo.write("base.py", "base = 2\n")
    repo.commit("x")
    made = run_cli(
        ["new", "--summary", "x.py added", "--next-action", "Use x in base.py",
         "--verdict-pointer", "reports/t.txt"],
        cwd=repo.root,
    )  # fmt: skip
    assert made.code == 0, made.err
    repo.commit("handoff: new")
    assert run_cli(["archive"], cwd=repo.root).code == 0
    repo.commit("handoff: archived")


def _clone_of_feat(tmp_path: Path, run_cli: Run) -> GitRepo:
    """A ``git clone -b feat`` of a repository whose ``main`` and ``feat`` (archived packet)
    were pushed: the clone has ``origin/main`` and no local ``main``."""
    work = GitRepo(tmp_path / "work")
    _archived(work, run_cli)
    work.git("init", "-q", "--bare", str(tmp_path / "origin.git"))
    work.git("push", "-q", str(tmp_path / "origin.git"), "main", "feat")
    work.git("clone", "-q", "-b", "feat", str(tmp_path / "origin.git"), str(tmp_path / "clone"))
    clone = GitRepo.__new__(GitRepo)  # the clone exists: no `git init`
    clone.root = tmp_path / "clone"
    assert clone.git("for-each-ref", "--format=%(refname)", "refs/heads") == "refs/heads/feat"
    clone.git("rev-parse", "--verify", "-q", "origin/main")
    return clone


def test_uncommitted_work_blocks_against_origin_main(tmp_path: Path, run_cli: Run) -> None:
    clone = _clone_of_feat(tmp_path, run_cli)
    assert run_hook(stop_event(clone.root)).code == 0  # handed over, nothing left
    clone.write("x.py", "x = 2\n")
    stopped = run_hook(stop_event(clone.root))
    assert stopped.code == 2, stopped.err
    assert "origin/main" not in stopped.err, stopped.err
    assert "uncommitted changes in x.py" in stopped.err, stopped.err


def test_a_working_note_is_gated_against_origin_main(tmp_path: Path, run_cli: Run) -> None:
    clone = _clone_of_feat(tmp_path, run_cli)
    # A note in an agent's command folder is no handoff the hook judges; the gate blocks it.
    note = ".claude/commands/handoff.md"
    clone.write(note, "# Handoff\n\n## State\n\nx.py added.\n\n## Next step\n\nUse x.\n")
    clone.commit("note")
    gated = run_cli(["check", "--target-branch", "main"], cwd=clone.root)
    assert gated.code == 1 and f"{note}: handoff-in-merge" in gated.out, gated.out
    stopped = run_hook(stop_event(clone.root))
    assert stopped.code == 2, stopped.err
    assert f"{note} is a working note, and the merge gate blocks it" in stopped.err


def test_uncommitted_work_blocks_when_the_handoff_cannot_be_judged(
    tmp_path: Path, run_cli: Run
) -> None:
    repo = GitRepo(tmp_path / "repo")
    _archived(repo, run_cli)
    # The tree of main's commit is lost (a damaged clone): git cannot diff the branch's work.
    tree = repo.git("rev-parse", "main^{tree}")
    (repo.root / ".git" / "objects" / tree[:2] / tree[2:]).unlink()
    let_go = run_hook(stop_event(repo.root))
    assert let_go.code == 0 and "not judging" in let_go.err, let_go.err
    repo.write("x.py", "x = 2\n")
    stopped = run_hook(stop_event(repo.root))
    assert stopped.code == 2, stopped.err
    assert "uncommitted changes in x.py" in stopped.err, stopped.err
    assert "bad tree object" in stopped.err, stopped.err
    repo.commit("x = 2")
    # Committed, the work is in CI's sight; the handoff still cannot be judged: let go.
    assert run_hook(stop_event(repo.root)).code == 0
