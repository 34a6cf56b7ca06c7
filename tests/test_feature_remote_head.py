"""Which branch `origin/HEAD` makes the default, and what `check --target-branch` says of a
target that is no protected branch.

A normal clone of a remote whose default branch is `canary` (or `dev`, `next`, `stable`) with a
leftover `main` was taken, for a while, as a feature branch against `origin/main`: the Stop hook
asked canary for a handoff. `origin/HEAD` names the default branch again, whatever its name.

A clone of a remote whose HEAD is the feature branch (`git clone --branch fix/x` of a bare copy
made while fix/x was checked out) takes fix/x for the default too, so `check --target-branch
main` applied no merge gate and said nothing. It says so now, in one note on standard error:
the protected branches, where they came from, and the line of the configuration in use
(`.handoff-audit.yml`, or `[tool.handoff-audit]` of `pyproject.toml` in its TOML) that makes the
target one, on the target: the merge gate reads the target's settings (`origin/main`'s in a clone
without a local `main`), as the Action reads a pull request's base's."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_support import a_is_2_branch, run_hook, stop_event
from conftest import GitRepo
from git_helpers import git, hits, packet

ON_MAIN = ", whose settings the merge gate reads (as the Action reads a pull request's base's)"


def _clone_of_remote_head(
    repo: GitRepo,
    tmp_path: Path,
    branch: str = "fix/x",
    *,
    packet: bool = True,
    main_config: tuple[str, str] | None = None,
) -> Path:
    """A clone of ``branch`` alone (``origin/main``, no local ``main``), the remote's HEAD
    ``branch``; ``main_config``: a configuration file and its text on main."""
    if main_config is not None:
        repo.write(*main_config)
    a_is_2_branch(repo, branch, with_packet=packet)
    bare, clone = tmp_path / "remote.git", tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--bare", str(repo.root), str(bare))
    git(tmp_path, "clone", "-q", "--branch", branch, bare.as_uri(), str(clone))
    assert git(clone, "symbolic-ref", "refs/remotes/origin/HEAD") == f"refs/remotes/origin/{branch}"
    assert not git(clone, "branch", "--list", "main")
    return clone


def _merged_into_main(clone: Path, name: str, text: str) -> None:
    """``name`` with ``text`` committed on the remote's main (the clone keeps no local main)."""
    git(clone, "switch", "-q", "-c", "main", "origin/main")
    (clone / name).write_text(text)
    git(clone, "add", name)
    git(clone, "commit", "-q", "-m", "protect main")
    git(clone, "push", "-q", "origin", "main")
    git(clone, "switch", "-q", "fix/x")
    git(clone, "branch", "-q", "-D", "main")


def test_a_remote_default_branch_of_any_name_stays_protected(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("switch", "-q", "-c", "canary")
    git_repo.write("b.py", "b = 1\n")
    git_repo.commit("work")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(git_repo.root), str(clone))
    run = run_hook(stop_event(clone))
    assert run.code == 0, run.err
    assert "canary is a protected branch" in run.err, run.err


def test_a_remote_head_with_a_default_name_stays_protected(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    clone = _clone_of_remote_head(git_repo, tmp_path, "develop", packet=False)
    run = run_hook(stop_event(clone))
    assert run.code == 0 and "develop is a protected branch" in run.err, run.err


def _the_merge_into_main_is_gated(run_cli: Callable[..., Any], clone: Path) -> None:
    """Once the advice is followed, `check --target-branch main` blocks the clone's active
    packet, with no note that the gate was not applied."""
    again = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    assert "not applied" not in again.err, again.err
    [hit] = hits(json.loads(again.out), "active-in-merge")
    assert "protected branch main" in hit["message"], hit


def test_an_unprotected_target_branch_is_named_with_the_way_to_protect_it(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _clone_of_remote_head(git_repo, tmp_path)
    result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    assert result.code == 0 and not hits(json.loads(result.out), "active-in-merge"), result.out
    [note] = [line for line in result.err.splitlines() if "merge gate" in line]
    assert note == (
        "handoff-audit: note: the merge gate was not applied: --target-branch main is not a "
        "protected branch (protected: fix/x, from origin/HEAD); to gate merges into it, set "
        f'`protected-branches: ["main"]` in .handoff-audit.yml on main{ON_MAIN}'
    ), result.err
    # Following it gates the merge.
    _merged_into_main(clone, ".handoff-audit.yml", "protected-branches: [main]\n")
    _the_merge_into_main_is_gated(run_cli, clone)


def test_the_line_set_on_the_branch_alone_leaves_the_gate_to_mains_settings(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    """The Action reads main's settings on a pull request into it: the branch's own line takes
    effect once merged, and `check` says which settings it used."""
    clone = _clone_of_remote_head(git_repo, tmp_path)
    (clone / ".handoff-audit.yml").write_text("protected-branches: [main]\n")
    result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    assert result.code == 0 and not hits(json.loads(result.out), "active-in-merge"), result.out
    assert (
        "handoff-audit: note: the merge gate reads `protected-branches` from origin/main's "
        "configuration, not from .handoff-audit.yml, as the Action does on a pull request into "
        "main: this branch's change to it takes effect once merged into main"
    ) in result.err, result.err


def test_a_configured_list_is_named_and_kept_in_the_advice(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    main_config = (".handoff-audit.yml", "protected-branches: [release/*]\n")
    clone = _clone_of_remote_head(git_repo, tmp_path, packet=False, main_config=main_config)
    result = run_cli(["check", "--target-branch", "main"], cwd=clone)
    assert (
        "--target-branch main is not a protected branch (protected: release/*, from "
        "protected-branches); to gate merges into it, set `protected-branches: "
        f'["release/*", "main"]` in .handoff-audit.yml on main{ON_MAIN}'
    ) in result.err, result.err


def test_the_advice_names_pyproject_toml_in_its_syntax_when_the_configuration_is_there(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _clone_of_remote_head(git_repo, tmp_path)
    pyproject = clone / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n\n[tool.handoff-audit]\nmax-commits-behind = 20\n')
    result = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=clone)
    [note] = [line for line in result.err.splitlines() if "merge gate" in line]
    assert note.endswith(
        'to gate merges into it, set `protected-branches = ["main"]` under '
        f"[tool.handoff-audit] in pyproject.toml on main{ON_MAIN}"
    ), result.err
    assert ".handoff-audit.yml" not in result.err, result.err
    # The line, pasted where it says, gates the merge.
    text = pyproject.read_text() + 'protected-branches = ["main"]\n'
    pyproject.unlink()
    _merged_into_main(clone, "pyproject.toml", text)
    _the_merge_into_main_is_gated(run_cli, clone)


def test_a_configured_list_in_pyproject_toml_is_kept_in_toml(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    main_config = ("pyproject.toml", '[tool.handoff-audit]\nprotected-branches = ["release/*"]\n')
    clone = _clone_of_remote_head(git_repo, tmp_path, packet=False, main_config=main_config)
    result = run_cli(["check", "--target-branch", "main"], cwd=clone)
    assert (
        "(protected: release/*, from protected-branches); to gate merges into it, set "
        '`protected-branches = ["release/*", "main"]` under [tool.handoff-audit] in '
        "pyproject.toml"
    ) in result.err, result.err


def test_a_protected_target_branch_gets_no_note(
    git_repo: GitRepo, tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    clone = _clone_of_remote_head(git_repo, tmp_path, "develop", packet=False)
    result = run_cli(["check", "--target-branch", "develop"], cwd=clone)
    assert result.code == 0 and "merge gate" not in result.err, result.err


def test_the_suggested_line_quotes_a_glob_that_starts_with_a_star(
    git_repo: GitRepo, run_cli: Callable[..., Any]
) -> None:
    """`protected-branches: [*-lts, main, dev]` was suggested: `*-lts` is a YAML alias, so the
    pasted line broke the configuration. Every entry is quoted; the line loads and gates dev."""
    git_repo.write(".handoff-audit.yml", 'protected-branches: ["*-lts", main]\n')
    git_repo.write("a.py", "a = 1\n")
    git_repo.commit("init")
    git_repo.git("branch", "2.0-lts")
    git_repo.git("checkout", "-qb", "dev")
    git_repo.git("checkout", "-qb", "feat/x")
    data = packet("feat/x", git_repo.head())
    git_repo.write("handoff.json", json.dumps(data, indent=2) + "\n")
    git_repo.commit("handoff")
    result = run_cli(["check", "--format", "json", "--target-branch", "dev"], cwd=git_repo.root)
    assert not hits(json.loads(result.out), "active-in-merge"), result.out
    [line] = re.findall(r"`(protected-branches: [^`]*)`", result.err)
    assert line == 'protected-branches: ["*-lts", "main", "dev"]', result.err
    # The line merged into dev first: the merge gate reads dev's settings, as the Action does.
    git_repo.git("checkout", "-q", "dev")
    git_repo.write(".handoff-audit.yml", line + "\n")
    git_repo.commit("protect dev")
    git_repo.git("checkout", "-q", "feat/x")
    git_repo.git("merge", "-q", "--no-edit", "dev")
    again = run_cli(["check", "--format", "json", "--target-branch", "dev"], cwd=git_repo.root)
    assert "merge gate" not in again.err and "Traceback" not in again.err, again.err
    [hit] = hits(json.loads(again.out), "active-in-merge")
    assert "protected branch dev" in hit["message"], hit
