#!/usr/bin/env python3
"""How long the Action takes from nothing to its first line of output, with podman:

- build path (what a branch, a fork or ``uses: ./`` does): build the image from the Dockerfile
  with no layer cached (the base image is there), then run it;
- prebuilt path (what a released version does): run the image that is already there. On a
  runner it must first be pulled; the image's size is printed so that the pull can be judged,
  since no registry is reachable here.

Each run audits a small repository mounted as the runner mounts the workspace, with
``handoff-audit ci`` as the entry point; the clock stops at the container's first line on
standard output. Needs root and podman (``scripts/podman-base.sh`` prepares both).

    python bench/action_start.py [--build-runs 2] [--run-runs 5] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from handoff_audit.markdown import render_packet

ROOT = Path(__file__).resolve().parents[1]
LOCAL_BASE = "docker.io/library/debian:bookworm-slim"
PACKET = {
    "branch": "main",
    "last_known_good_commit": "",
    "status": "active",
    "summary": "Refund endpoint added; tests pass.",
    "changed_files": ["src/refund.py"],
    "commands_run": [{"cmd": "pytest -q", "exit": 0}],
    "failed_attempts": [],
    "open_risks": [],
    "next_action": "Wire the refund endpoint into the admin UI.",
    "verdict_pointer": "src/refund.py",
}


def podman_env() -> dict[str, str]:
    done = subprocess.run(
        [str(ROOT / "scripts" / "podman-base.sh")], capture_output=True, text=True, check=True
    )
    return {**os.environ, "CONTAINERS_CONF": done.stdout.strip().splitlines()[-1]}


def make_workspace(folder: Path) -> Path:
    """A git repository with one commit holding source and an active packet."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    folder.mkdir(parents=True)
    git("init", "-q", "-b", "main")
    git("config", "user.email", "bench@example.com")
    git("config", "user.name", "bench")
    (folder / "src").mkdir()
    (folder / "src" / "refund.py").write_text("def refund(): ...\n")
    git("add", "-A")
    git("commit", "-q", "-m", "work")
    packet = {**PACKET, "last_known_good_commit": git("rev-parse", "HEAD")}
    (folder / "handoff.json").write_text(json.dumps(packet, indent=2) + "\n")
    (folder / "handoff.md").write_text(render_packet(packet))
    git("add", "-A")
    git("commit", "-q", "-m", "handoff")
    return folder


def build(env: dict[str, str], tag: str) -> float:
    """Seconds to build the image from the Dockerfile with nothing cached but the base."""
    start = time.monotonic()
    subprocess.run(
        ["podman", "build", "--pull=never", "--no-cache", "--quiet",
         "--build-arg", f"BASE={LOCAL_BASE}", "-t", tag, "."],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )  # fmt: skip
    return time.monotonic() - start


def first_line(env: dict[str, str], tag: str, workspace: Path) -> tuple[float, str]:
    """Seconds from ``podman run`` to the container's first line on standard output."""
    variables = {
        "GITHUB_ACTIONS": "true",
        "GITHUB_WORKSPACE": "/github/workspace",
        "GITHUB_EVENT_NAME": "workflow_dispatch",
        "HOME": "/github/home",
        "INPUT_COMMENT": "false",
        "INPUT_FAIL-ON": "never",
        "INPUT_PATH": ".",
    }
    command = ["podman", "run", "--rm", "--network=none", "-w", "/github/workspace",
               "-v", f"{workspace}:/github/workspace", "--tmpfs", "/github/home"]  # fmt: skip
    for name in variables:
        command += ["-e", name]
    start = time.monotonic()
    proc = subprocess.Popen(
        [*command, tag], env={**env, **variables}, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().decode("utf-8", "replace").strip()
    elapsed = time.monotonic() - start
    proc.communicate()
    if not line:
        raise SystemExit(f"the container printed nothing (exit {proc.returncode})")
    return elapsed, line


def image_size(env: dict[str, str], tag: str) -> int:
    out = subprocess.run(
        ["podman", "image", "inspect", "--format", "{{.Size}}", tag],
        env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return int(out.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-runs", type=int, default=2)
    parser.add_argument("--run-runs", type=int, default=5)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    env = podman_env()
    tag = f"localhost/handoff-audit-bench:{uuid.uuid4().hex[:8]}"
    builds: list[float] = []
    build_path: list[float] = []
    prebuilt: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        workspace = make_workspace(Path(tmp) / "workspace")
        try:
            for _ in range(args.build_runs):
                subprocess.run(["podman", "rmi", "--force", tag], env=env, capture_output=True)
                built = build(env, tag)
                ran, line = first_line(env, tag, workspace)
                builds.append(built)
                build_path.append(built + ran)
            for _ in range(args.run_runs):
                ran, line = first_line(env, tag, workspace)
                prebuilt.append(ran)
            size = image_size(env, tag)
            base_size = image_size(env, LOCAL_BASE)
        finally:
            subprocess.run(["podman", "rmi", "--force", tag], env=env, capture_output=True)
    result = {
        "build_path_seconds": statistics.median(build_path),
        "build_seconds": statistics.median(builds),
        "prebuilt_seconds": statistics.median(prebuilt),
        "ratio": statistics.median(build_path) / statistics.median(prebuilt),
        "image_bytes": size,
        "added_to_base_bytes": size - base_size,
        "first_line": line,
        "runs": {"build_path": build_path, "prebuilt": prebuilt},
    }
    print(f"first line: {line}")
    print(
        f"build path (build from the Dockerfile + run): {result['build_path_seconds']:.1f} s "
        f"(median of {len(build_path)}; the build alone {result['build_seconds']:.1f} s)"
    )
    runs = len(prebuilt)
    print(f"prebuilt image (run only): {result['prebuilt_seconds']:.2f} s (median of {runs})")
    print(f"ratio: {result['ratio']:.0f}x")
    print(
        f"image: {size / 1e6:.0f} MB uncompressed, {(size - base_size) / 1e6:.0f} MB of it on top "
        "of the base"
    )
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
