"""A sparse checkout (`git sparse-checkout set`) whose definition leaves a working note out: the
merge gate printed `git rm -- :/packages/api/HANDOFF.md && git commit …`, which git refuses for a
path outside the sparse-checkout definition. The fix says `git rm --sparse` for such a path now,
and runs; a note inside the definition keeps the plain `git rm`."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import GitRepo
from git_helpers import git

NOTE = (
    "# Handoff: {0}\n\nDate: 2026-12-05\n\n## State\n- {0} skeleton done.\n\n"
    "## Next step\n- Add tests.\n"
)


def _sparse_clone(repo: GitRepo, tmp_path: Path) -> Path:
    """``mono`` adds a working note in packages/api (left out of the clone's sparse checkout)
    and one in packages/web (kept in it)."""
    repo.write("packages/api/a.py", "a = 1\n")
    repo.write("packages/web/w.py", "w = 1\n")
    repo.commit("init")
    repo.git("switch", "-q", "-c", "mono")
    repo.write("packages/api/HANDOFF.md", NOTE.format("api"))
    repo.write("packages/web/HANDOFF.md", NOTE.format("web"))
    repo.commit("notes")
    repo.git("switch", "-q", "main")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--branch", "mono", repo.root.as_uri(), str(clone))
    git(clone, "config", "user.email", "t@example.com")
    git(clone, "config", "user.name", "t")
    git(clone, "sparse-checkout", "set", "packages/web")
    assert not (clone / "packages/api").exists()
    return clone


def _fix(out: str, path: str) -> str:
    line = next(line for line in out.splitlines() if line.startswith(f"{path}: handoff-in-merge"))
    found = re.search(r"\(`(git rm [^`]*)`\)", line)
    assert found is not None, line
    return found.group(1)


def _runs_each_fix(out: str, clone: Path) -> None:
    """The note outside the definition gets `git rm --sparse`, the one inside the plain `git
    rm`, and both run."""
    outside = _fix(out, "packages/api/HANDOFF.md")
    inside = _fix(out, "packages/web/HANDOFF.md")
    assert outside.startswith("git rm --sparse -- :/packages/api/HANDOFF.md && "), outside
    assert inside.startswith("git rm -- :/packages/web/HANDOFF.md && "), inside
    for fix in (outside, inside):
        done = subprocess.run(["sh", "-c", fix], cwd=clone, capture_output=True, text=True)
        assert done.returncode == 0, (fix, done.stderr)


def test_the_merge_gate_says_git_rm_sparse_outside_the_definition(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _sparse_clone(git_repo, tmp_path)
    result = run_cli(["check", "--target-branch", "main"], cwd=clone)
    assert result.code == 1, result.err
    _runs_each_fix(result.out, clone)
    assert git(clone, "ls-files", "packages") == "packages/api/a.py\npackages/web/w.py"
    after = run_cli(["check", "--target-branch", "main"], cwd=clone)
    assert after.code == 0, after.out


def test_no_sparse_option_once_the_checkout_is_whole_again(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _sparse_clone(git_repo, tmp_path)
    git(clone, "sparse-checkout", "disable")  # its patterns file stays behind
    result = run_cli(["check", "--target-branch", "main"], cwd=clone)
    assert result.code == 1, result.err
    fix = _fix(result.out, "packages/api/HANDOFF.md")
    assert fix.startswith("git rm -- :/packages/api/HANDOFF.md && "), fix


def test_in_a_non_cone_checkout_only_a_path_left_out_of_the_work_tree_says_sparse(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    # Patterns other than a cone's are not matched here: a path the checkout left out of the
    # work tree is outside; one it holds takes the plain `git rm`, and both fixes run.
    clone = _sparse_clone(git_repo, tmp_path)
    git(clone, "sparse-checkout", "set", "--no-cone", "/packages/web/")
    assert not (clone / "packages/api").exists()
    result = run_cli(["check", "--target-branch", "main"], cwd=clone)
    assert result.code == 1, result.err
    _runs_each_fix(result.out, clone)
