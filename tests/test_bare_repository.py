"""A bare repository (a server's, `git clone --bare`) has commits but no work tree: `check`,
`show`, `new`, `update`, `archive` and `supersede` say so in one line naming themselves, exit 2,
instead of "No handoff packets found." (exit 0) or "not inside a git repository"."""

from __future__ import annotations

from pathlib import Path

import pytest

from git_helpers import check, hits

COMMANDS = [
    ["check"],
    ["check", "--format", "json"],
    ["show"],
    ["new", "--summary", "Did it.", "--next-action", "Do next.", "--verdict-pointer", "app.py"],
    # Each names itself, not `new`: `archive` in a clone is `archive`, and `new` is refused
    # where the branch already has an active packet.
    ["update"],
    ["update", "--summary", "Did more."],
    ["archive"],
    ["supersede"],
    ["update", "handoff.json"],
    ["archive", "handoff.json"],
    ["supersede", "handoff.json"],
    ["render", "handoff.json"],
    ["show", "handoff.json"],
]


@pytest.fixture
def bare(git_repo, tmp_path: Path, run_cli) -> Path:  # type: ignore[no-untyped-def]
    """A bare clone of a repository whose HEAD holds a working note on main."""
    git_repo.write("app.py", "x\n")
    git_repo.commit("init")
    git_repo.write("HANDOFF.md", "# Handoff\n\nWIP, nothing here yet.\n")
    git_repo.commit("note")
    assert hits(check(run_cli, git_repo.root), "handoff-in-merge")  # fails in a work tree
    folder = tmp_path / "repo.git"
    git_repo.git("clone", "-q", "--bare", str(git_repo.root), str(folder))
    return folder


@pytest.mark.parametrize("args", COMMANDS)
def test_a_bare_clone_is_a_usage_error_naming_it(bare: Path, run_cli, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    for cwd in (bare, bare / "refs"):
        result = run_cli(args, cwd=cwd)
        assert result.code == 2, result.out
        [line] = result.err.splitlines()
        assert f"{bare}: a bare repository, which has no work tree" in line
        assert f"`handoff-audit {args[0]}` in a clone or a worktree" in line
        assert "worktree add" in line and "not inside a git repository" not in line
        assert "No handoff packets" not in result.out


def test_check_naming_a_bare_repository_from_outside(bare: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli(["check", bare.name], cwd=bare.parent)
    assert result.code == 2 and "a bare repository" in result.err


def test_git_init_bare_and_a_work_trees_own_git_folder(git_repo, tmp_path, run_cli) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty.git"
    git_repo.git("init", "-q", "--bare", str(empty))
    result = run_cli(["check"], cwd=empty)
    assert result.code == 2 and f"{empty}: a bare repository" in result.err
    # A work tree's own .git folder is a git folder too, but not a bare repository.
    git_repo.write("app.py", "x\n")
    git_repo.commit("init")
    git_repo.write("HANDOFF.md", "# Handoff\n\nWIP.\n")
    git_repo.commit("note")
    assert hits(check(run_cli, git_repo.root / ".git"), "handoff-in-merge")


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["hook", "--install"], "hook --install"),
    ],
)
def test_hook_install_names_itself(  # type: ignore[no-untyped-def]
    bare: Path, run_cli, args: list[str], named: str
) -> None:
    # `hook --install` said "not inside a git repository" (it is one, with no work tree for
    # the settings file).
    for cwd in (bare, bare / "refs"):
        result = run_cli(args, cwd=cwd)
        assert result.code == 2, result.out
        [line] = result.err.splitlines()
        assert f"{bare}: a bare repository, which has no work tree" in line, line
        assert f"run `handoff-audit {named}` in a clone or a worktree" in line, line
        assert "not inside a git repository" not in line


@pytest.mark.parametrize("rule", ["md-incomplete", "placeholder"])
def test_explain_file_names_itself(bare: Path, run_cli, rule: str) -> None:  # type: ignore[no-untyped-def]
    # `explain RULE --file` said to run `handoff-audit check` in a clone, not `explain`.
    for cwd in (bare, bare / "refs"):
        result = run_cli(["explain", rule, "--file", "HANDOFF.md"], cwd=cwd)
        assert result.code == 2, result.out
        [line] = result.err.splitlines()
        assert f"{bare}: a bare repository, which has no work tree" in line, line
        assert "run `handoff-audit explain` in a clone or a worktree" in line, line
