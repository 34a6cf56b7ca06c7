"""The real Dockerfile, built with podman and run the way the runner runs a Docker action: the
workspace mounted and owned by another user, the event file, the file commands, the inputs as
``INPUT_<NAME>`` with hyphens kept, ``-e NAME`` passing values through the environment.

Slow (it builds an image): deselected by default, run by .ci/run (``pytest -m slow``).
"""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from action_runner import parse_file_command
from action_support import packet_data
from conftest import GitRepo
from fake_github import DATA, FakeGitHub, serve
from handoff_audit.action.comment import MARKER
from handoff_audit.markdown import render_packet

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
# The Dockerfile's base is pinned by digest; no registry is reachable here, so the build uses
# the local copy of the same base that scripts/podman-base.sh makes.
LOCAL_BASE = ("--build-arg", "BASE=docker.io/library/debian:bookworm-slim")
IMAGE_VERSION = "9.8.7"
RUNNER_UID = 1001  # the runner's user on GitHub's machines; the container runs as root


def podman_env() -> dict[str, str]:
    done = subprocess.run(
        [str(ROOT / "scripts" / "podman-base.sh")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return {**os.environ, "CONTAINERS_CONF": done.stdout.strip().splitlines()[-1]}


def test_image_runs_as_the_runner_runs_it(tmp_path: Path) -> None:
    env = podman_env()
    tag = f"localhost/handoff-audit-test:{uuid.uuid4().hex[:8]}"
    build = subprocess.run(
        [
            "podman",
            "build",
            "--pull=never",
            "--quiet",
            *LOCAL_BASE,
            "--build-arg",
            f"VERSION={IMAGE_VERSION}",
            "-t",
            tag,
            ".",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    try:
        version = subprocess.run(
            ["podman", "run", "--rm", "--entrypoint", "handoff-audit", tag, "--version"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        # .git is not in the build context: the version is the one the build was given.
        assert version.stdout == f"handoff-audit, version {IMAGE_VERSION}\n", version.stderr
        run_container(tmp_path, env, tag)
    finally:
        subprocess.run(["podman", "rmi", "--force", tag], env=env, capture_output=True, check=False)


def run_container(tmp: Path, env: dict[str, str], tag: str) -> None:
    repo = GitRepo(tmp / "origin")
    repo.write("README.md", "hello\n")
    base = repo.commit("base")
    repo.git("checkout", "-q", "-b", "feat/refunds")
    repo.write("src/refund.py", "x = 1\n")
    repo.write("reports/tests.xml", "<testsuite/>\n")
    repo.commit("work")
    data = packet_data(branch="feat/refunds", last_known_good_commit=repo.head())
    repo.write("handoff.json", data)
    repo.write("handoff.md", render_packet(data))
    repo.write("HANDOFF.md", "# Notes\n\nLeft over.\n")
    head = repo.commit("handoff")
    origin = repo.root
    # The checkout is shallow, as actions/checkout makes it by default: the container has to
    # deepen it (writing into .git as root) and must hand every file back to the runner's user.
    workspace = tmp / "workspace"
    subprocess.run(
        ["git", "clone", "-q", "--depth=1", "--branch=feat/refunds", f"file://{origin}", workspace],
        check=True,
    )
    repo = GitRepo(workspace)
    repo.git("remote", "set-url", "origin", "/origin")

    payload = json.loads((DATA / "events/pull_request.opened.json").read_text())
    payload["pull_request"]["head"].update(sha=head, ref="feat/refunds")
    payload["pull_request"]["base"].update(sha=base, ref="main")
    payload["repository"]["default_branch"] = "main"
    temp = tmp / "runner_temp"
    for folder in ("_github_workflow", "_runner_file_commands", "_github_home"):
        (temp / folder).mkdir(parents=True)
    (temp / "_github_workflow/event.json").write_text(json.dumps(payload))
    output = temp / "_runner_file_commands/set_output_0b2c"
    summary = temp / "_runner_file_commands/step_summary_0b2c"
    output.touch()
    summary.touch()
    for path in [repo.root, *repo.root.rglob("*"), temp, *temp.rglob("*")]:
        os.chown(path, RUNNER_UID, RUNNER_UID, follow_symlinks=False)

    fake = FakeGitHub()
    with serve(fake) as api:
        fake.add_pull(2, "feat/refunds")
        variables = {
            "GITHUB_ACTIONS": "true",
            "CI": "true",
            "HOME": "/github/home",
            "GITHUB_WORKSPACE": "/github/workspace",
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": "/github/workflow/event.json",
            "GITHUB_OUTPUT": "/github/file_commands/set_output_0b2c",
            "GITHUB_STEP_SUMMARY": "/github/file_commands/step_summary_0b2c",
            "GITHUB_REPOSITORY": f"{fake.owner}/{fake.repo}",
            "GITHUB_API_URL": api,
            "GITHUB_SHA": base,
            "GITHUB_REF": "refs/pull/2/merge",
            "INPUT_GITHUB-TOKEN": "bot-token",
            "INPUT_PATH": ".",
            "INPUT_FAIL-ON": "error",
            "INPUT_COMMENT": "true",
            "INPUT_MAX-COMMITS-BEHIND": "",
            "INPUT_PROTECTED-BRANCHES": "",
            "INPUT_BLOCK-FILES": "",
            "INPUT_CONFIG": "",
        }
        command = ["podman", "run", "--rm", "--network=host", "--workdir", "/github/workspace"]
        for name in variables:
            command += ["-e", name]  # the runner passes names only; values come from the env
        command += [
            "-v", f"{temp}:/github/runner_temp",
            "-v", f"{temp / '_github_home'}:/github/home",
            "-v", f"{temp / '_github_workflow'}:/github/workflow",
            "-v", f"{temp / '_runner_file_commands'}:/github/file_commands",
            "-v", f"{repo.root}:/github/workspace",
            "-v", f"{origin}:/origin:ro",
            tag,
        ]  # fmt: skip
        done = subprocess.run(
            command, env={**env, **variables}, capture_output=True, text=True, check=False
        )
    assert fake.violations == []
    assert done.returncode == 1, done.stdout + done.stderr
    assert "::error file=HANDOFF.md" in done.stdout
    outputs = parse_file_command(output.read_text())
    assert outputs["blocked"] == "true"
    assert outputs["packets"] == "2"
    assert int(outputs["errors"]) >= 2
    text = summary.read_text()
    assert "handoff-in-merge" in text and "active-in-merge" in text
    [comment] = fake.ours(2)  # the hyphenated token input reached the program
    assert comment["body"].startswith(MARKER)
    shallow = repo.git("-c", "safe.directory=*", "rev-parse", "--is-shallow-repository")
    assert shallow == "false"  # the container deepened the clone
    root_owned = [p for p in [repo.root, *repo.root.rglob("*")] if p.lstat().st_uid == 0]
    assert root_owned == []
    gitconfig = temp / "_github_home" / ".gitconfig"  # safe.directory went there, handed back
    assert "/github/workspace" in gitconfig.read_text()
    assert gitconfig.stat().st_uid == RUNNER_UID
