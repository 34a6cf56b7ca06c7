"""What merges of main made by hand is asked of git once for all of them: `check`'s later-work
walk, `show`'s freshness and the Stop hook's finish walk start as many git processes after 8
merges of main (some with conflicts resolved by hand) as after one, and still find the files
made by hand; on git before 2.36, which cannot redo a merge, too. The clean merges stay clean
only when git is asked about the newest first (it forgets the parents of a commit it has shown,
which an older merge's redo needs). Real repositories, real git, the real CLI and hook."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import GitRepo, Result
from handoff_audit.authoring.agent_gate import judge
from handoff_audit.git import plumbing

Run = Callable[..., Result]
LINES = "".join(f"l{n}\n" for n in range(1, 9))
NEW = ["new", "--summary", "Work done.", "--next-action", "Do step 2.", "--verdict-pointer", "a.py"]


def _branch(root: Path, run_cli: Run, *, finished: bool) -> GitRepo:
    """main with a.py; feat/k changed its first line and wrote its packet (archived when
    ``finished``)."""
    repo = GitRepo(root)
    repo.write("a.py", LINES)
    repo.commit("init")
    repo.git("switch", "-q", "-c", "feat/k")
    repo.write("a.py", LINES.replace("l1", "L1 branch"))
    repo.commit("branch work")
    assert run_cli(NEW, cwd=repo.root).code == 0
    repo.commit("handoff")
    if finished:
        assert run_cli(["archive"], cwd=repo.root).code == 0
        repo.commit("handoff: done")
    return repo


def _merges_of_main(repo: GitRepo, count: int, by_hand: set[int]) -> None:
    """``count`` merges of main into feat/k: those in ``by_hand`` of main's change to a.py's
    first line, a conflict resolved by hand; the others of its last line, clean."""
    for i in range(count):
        repo.git("switch", "-q", "main")
        lines = (repo.root / "a.py").read_text().splitlines(keepends=True)
        lines[0 if i in by_hand else -1] = f"main {i}\n"
        repo.write("a.py", "".join(lines))
        repo.commit(f"main {i}")
        repo.git("switch", "-q", "feat/k")
        merge = ["git", "merge", "-q", "--no-edit", "main"]
        merged = subprocess.run(merge, cwd=repo.root, capture_output=True, text=True)
        assert ("CONFLICT" in merged.stdout) == (i in by_hand), merged.stdout
        if i in by_hand:
            lines = (repo.root / "a.py").read_text().splitlines(keepends=True)
            repo.write("a.py", f"both {i}\n" + "".join(lines[lines.index(">>>>>>> main\n") + 1 :]))
            repo.git("add", "a.py")
            repo.git("commit", "-q", "--no-edit")


def _spawned(run: Callable[[], object]) -> int:
    before = plumbing.spawn_count()
    run()
    return plumbing.spawn_count() - before


def _active_branch_counts(tmp_path: Path, run_cli: Run, merges: int) -> tuple[int, int]:
    """git processes of `check` and `show` on a branch whose packet the merges outdate."""
    repo = _branch(tmp_path / f"active{merges}", run_cli, finished=False)
    _merges_of_main(repo, merges, {0, merges - 1})

    def check() -> None:
        checked = run_cli(["check", "--target-branch", "main"], cwd=repo.root)
        assert "packet-outdated" in checked.out and "Merge branch 'main'" in checked.out

    def show() -> None:
        shown = run_cli(["show"], cwd=repo.root).out
        assert "which the handoff may not describe" in shown and "a.py" in shown, shown

    return _spawned(check), _spawned(show)


def _finished_branch_counts(
    tmp_path: Path, run_cli: Run, merges: int, *, redone: bool = True
) -> tuple[int, int]:
    """git processes of the Stop hook's judgement on a finished branch after ``merges``
    merges of main: all clean (it stays finished, but where git cannot redo a merge: then a
    file both sides changed is work), then one more resolved by hand (reopened)."""
    repo = _branch(tmp_path / f"finished{merges}", run_cli, finished=True)
    _merges_of_main(repo, merges, set())
    clean = _spawned(lambda: _judged(repo.root, finished=redone))
    _merges_of_main(repo, 1, {0})
    return clean, _spawned(lambda: _judged(repo.root, finished=False))


def _judged(root: Path, *, finished: bool) -> None:
    gate = judge(root)
    assert (gate.problems == []) == finished, gate.problems
    if not finished:
        assert "a.py" in str(gate.problems), gate.problems


def test_merges_of_main_cost_the_same_git_processes_however_many(
    tmp_path: Path, run_cli: Run
) -> None:
    assert _active_branch_counts(tmp_path, run_cli, 1) == _active_branch_counts(
        tmp_path, run_cli, 8
    )
    assert _finished_branch_counts(tmp_path, run_cli, 1) == _finished_branch_counts(
        tmp_path, run_cli, 8
    )


@pytest.fixture
def old_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """git as before 2.36 (no ``--remerge-diff``) first on PATH."""
    real = shutil.which("git")
    assert real is not None
    folder = tmp_path / "old-git"
    folder.mkdir()
    wrapper = folder / "git"
    wrapper.write_text(
        "#!/bin/sh\n"
        'for arg in "$@"; do\n'
        '  if [ "$arg" = --remerge-diff ]; then\n'
        "    echo 'fatal: unrecognized argument: --remerge-diff' >&2; exit 128\n"
        "  fi\n"
        "done\n"
        f'exec {real} "$@"\n'
    )
    wrapper.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:{Path(real).parent}")


@pytest.mark.usefixtures("old_git")
def test_before_git_2_36_merges_of_main_still_cost_the_same(tmp_path: Path, run_cli: Run) -> None:
    assert _active_branch_counts(tmp_path, run_cli, 1) == _active_branch_counts(
        tmp_path, run_cli, 8
    )
    assert _finished_branch_counts(tmp_path, run_cli, 1, redone=False) == (
        _finished_branch_counts(tmp_path, run_cli, 8, redone=False)
    )
