"""Run a command once and measure it: wall time, CPU time, peak memory, git processes spawned.

Peak memory and CPU come from `os.wait4` on that one child (so what the benchmark itself ran
before does not count). Git processes are counted for real: a `git` wrapper placed first on PATH
logs every invocation to a file and then execs the real git, so the count does not trust the
tool's own idea of how often it runs git.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Measured:
    """One run of one command."""

    code: int
    """Its exit code."""
    wall: float
    """Wall-clock seconds from spawn to exit."""
    cpu: float
    """User + system CPU seconds of the process and the children it waited for."""
    peak_mb: float
    """Peak resident memory in MiB (the largest of the process and its waited-for children)."""
    git_processes: int
    """Git processes started while it ran (0 when git was not wrapped)."""
    stdout: bytes
    """What it printed."""
    stderr: bytes
    """What it printed on standard error."""


class GitCounter:
    """A folder with a `git` wrapper that logs each call; put it first on PATH."""

    def __init__(self, folder: Path) -> None:
        real = shutil.which("git")
        if real is None:
            raise SystemExit("bench: git is not on PATH")
        self.folder = folder
        self.log = folder / "calls.log"
        folder.mkdir(parents=True, exist_ok=True)
        wrapper = folder / "git"
        wrapper.write_text(
            "#!/bin/sh\n"
            f"printf '%s\\n' \"$*\" >> '{self.log}'\n"
            f"exec '{os.path.realpath(real)}' \"$@\"\n"
        )
        wrapper.chmod(0o755)

    def env(self, base: dict[str, str]) -> dict[str, str]:
        """``base`` with the wrapper first on PATH."""
        return {**base, "PATH": f"{self.folder}{os.pathsep}{base.get('PATH', '')}"}

    def reset(self) -> None:
        self.log.write_text("")

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []


def clean_env() -> dict[str, str]:
    """The environment without CI variables that would change what the tool does."""
    return {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GITHUB_", "INPUT_", "RUNNER_")) and key != "CI"
    }


def run(
    args: Sequence[str],
    cwd: Path,
    env: dict[str, str],
    counter: GitCounter | None = None,
) -> Measured:
    """Run ``args`` to completion and measure it."""
    if counter is not None:
        counter.reset()
        env = counter.env(env)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(
            list(args), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    return Measured(
        code=proc.returncode,
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        peak_mb=usage.ru_maxrss / 1024,
        git_processes=len(counter.calls()) if counter is not None else 0,
        stdout=stdout,
        stderr=stderr,
    )


def arg_budget(env: dict[str, str]) -> int:
    """Bytes of command-line arguments one exec may take, leaving the environment and a margin."""
    try:
        limit = os.sysconf("SC_ARG_MAX")
    except (ValueError, OSError):
        limit = 128 * 1024
    env_bytes = sum(len(k) + len(v) + 2 for k, v in env.items())
    return max(16 * 1024, limit - env_bytes - 64 * 1024)


def chunks(fixed: Sequence[str], items: Sequence[str], budget: int) -> list[list[str]]:
    """As few command lines ``fixed + some items`` as fit in ``budget`` bytes each."""
    base = sum(len(a) + 1 + 8 for a in fixed)
    out: list[list[str]] = []
    current: list[str] = []
    size = base
    for item in items:
        cost = len(item.encode()) + 1 + 8  # the string, its NUL, its argv pointer
        if current and size + cost > budget:
            out.append([*fixed, *current])
            current, size = [], base
        current.append(item)
        size += cost
    out.append([*fixed, *current])
    return out


def median_runs(
    commands: Mapping[str, tuple[Sequence[str], Path]], env: dict[str, str], runs: int
) -> dict[str, float]:
    """Median wall seconds of each command over ``runs`` runs, interleaved, after one warm-up.

    Interleaving spreads the noise of a shared machine over every command alike.
    """
    walls: dict[str, list[float]] = {name: [] for name in commands}
    for name, (args, cwd) in commands.items():
        done = run(args, cwd, env)
        if done.code != 0 and name.endswith("--version"):
            raise SystemExit(f"bench: {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    for _ in range(runs):
        for name, (args, cwd) in commands.items():
            walls[name].append(run(args, cwd, env).wall)
    return {name: statistics.median(values) for name, values in walls.items()}
