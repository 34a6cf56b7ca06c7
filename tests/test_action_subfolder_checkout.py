"""A repository checked out into a subfolder of the workspace (actions/checkout's ``path:``),
audited with the action's ``path`` input: run as root in the container, ``ci`` trusts that
repository (not only the workspace) and hands back what it wrote under its ``.git``."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from action_runner import BRANCH, Runner

RUNNER_UID = 1001


def runner_owned_checkout(
    runner: Runner, workspace: Path, folder: str, monkeypatch: pytest.MonkeyPatch
) -> int:
    """A depth-1 clone of the runner's repository at ``workspace/folder``, owned by the runner's
    user; returns that user's id. Not run as root, git is told to see another owner."""
    origin = f"file://{runner.repo.root}"
    clone = ["git", "clone", "-q", "--depth", "1", "--branch", BRANCH, origin]
    subprocess.run([*clone, str(workspace / folder)], check=True)
    if os.geteuid() != 0:
        monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
        return os.getuid()
    for path in [workspace, *workspace.rglob("*")]:
        os.chown(path, RUNNER_UID, RUNNER_UID, follow_symlinks=False)
    return RUNNER_UID


def push(runner: Runner) -> dict[str, object]:
    payload = runner.event("push.branch.json")
    payload.update(ref=f"refs/heads/{BRANCH}", after=runner.head)
    return payload


def test_a_repository_checked_out_into_a_subfolder_is_audited_and_given_back(
    runner: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    owner = runner_owned_checkout(runner, workspace, "repo", monkeypatch)
    repo = workspace / "repo"
    done = runner.run(
        "push", push(runner), workspace=workspace, path="repo", comment="false", home_owner=owner
    )
    assert "dubious ownership" not in done.out
    assert done.code == 0, done.out
    assert done.outputs["packets"] == "1"
    assert "handoff.json" in done.summary
    gitconfig = Path(os.environ["HOME"]) / ".gitconfig"
    assert f"directory = {repo}\n" in gitconfig.read_text()  # marked safe
    shallow = subprocess.run(
        ["git", "-c", "safe.directory=*", "-C", str(repo), "rev-parse", "--is-shallow-repository"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert shallow == "false"  # the audit deepened the clone: it wrote under repo/.git
    others = [p for p in [workspace, *workspace.rglob("*")] if p.lstat().st_uid != owner]
    assert others == []


def test_a_submodule_given_as_the_path_input_is_trusted(
    runner: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    git = ["git", "-c", "user.email=a@b.c", "-c", "user.name=A", "-C", str(workspace)]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    add = [*git, "-c", "protocol.file.allow=always", "submodule", "add", "-q"]
    subprocess.run([*add, f"file://{runner.repo.root}", "vendor/sm"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "submodule"], check=True)
    owner = os.getuid()
    if os.geteuid() == 0:
        owner = RUNNER_UID
        for path in [workspace, *workspace.rglob("*")]:
            os.chown(path, owner, owner, follow_symlinks=False)
    else:
        monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    done = runner.run(
        "push",
        push(runner),
        workspace=workspace,
        path="vendor/sm",
        comment="false",
        home_owner=owner,
    )
    assert "dubious ownership" not in done.out
    assert done.code == 0, done.out
    assert done.outputs["packets"] == "1"
    gitconfig = (Path(os.environ["HOME"]) / ".gitconfig").read_text()
    assert f"directory = {workspace / 'vendor' / 'sm'}\n" in gitconfig
    others = [p for p in [workspace, *workspace.rglob("*")] if p.lstat().st_uid != owner]
    assert others == []
