"""Run a command once and measure it: wall time, CPU time, peak memory, git processes spawned.

CPU comes from `os.wait4` on that one child (so what the benchmark itself ran before does not
count). Peak memory is summed over the child's whole process tree (its worker processes and git
included): a thread polls /proc every few milliseconds and keeps the largest sum of their
proportional set sizes (PSS: a page shared by a forked worker and its parent counts once, not
twice, as a plain sum of resident sizes would count it); where /proc cannot say, the largest
single process of `os.wait4` stands in. Git processes are counted for real: a `git` wrapper
placed first on PATH logs every invocation to a file and then execs the real git, so the count
does not trust the tool's own idea of how often it runs git.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
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
    """Peak resident memory in MiB, summed over the process and its descendants at each poll."""
    peak_single_mb: float
    """Peak resident memory in MiB of the largest single process (`os.wait4`)."""
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
    stdin: bytes | None = None,
) -> Measured:
    """Run ``args`` to completion (``stdin`` on its standard input) and measure it."""
    if counter is not None:
        counter.reset()
        env = counter.env(env)
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.TemporaryFile() as given,
    ):
        given.write(stdin or b"")
        given.seek(0)
        started = time.perf_counter()
        proc = subprocess.Popen(
            list(args),
            cwd=cwd,
            env=env,
            stdin=given if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=err,
        )
        tree = TreeMemory(proc.pid)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        tree.stop()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    single = usage.ru_maxrss / 1024
    return Measured(
        code=proc.returncode,
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        peak_mb=max(tree.peak_mb, single),
        peak_single_mb=single,
        git_processes=len(counter.calls()) if counter is not None else 0,
        stdout=stdout,
        stderr=stderr,
    )


def git(root: Path, *args: str) -> str:
    """Run git in ``root`` and return what it printed, stripped; a failure raises."""
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def bench_repository(root: Path, branch: str, readme: str = "bench\n") -> None:
    """A fresh repository in ``root``: one commit of README.md on ``main``, then on ``branch``."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "bench@example.com")
    git(root, "config", "user.name", "bench")
    (root / "README.md").write_text(readme)
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    git(root, "switch", "-qc", branch)


class TreeMemory:
    """Polls the resident memory of a process and all its descendants; keeps the peak sum."""

    INTERVAL = 0.05
    """Seconds between polls. Reading ``smaps_rollup`` walks the process's page tables under
    its memory lock, so polling every 5 ms took a core's share from the measured command on a
    2-core machine (a 10,000-packet audit: 5.79 s median wall at 5 ms, 4.09 s at 50 ms, the
    same 203 MB peak; bench/README.md). The peak of a short command is still caught: the
    largest single process of `os.wait4` stands in when it is larger."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_mb = 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._done.set()
        self._thread.join()

    def _poll(self) -> None:
        while not self._done.is_set():
            kib = sum(_proportional_kib(pid) for pid in set(_tree(self.pid)))
            self.peak_mb = max(self.peak_mb, kib / 1024)
            self._done.wait(self.INTERVAL)


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants, from /proc/PID/task/TID/children, but for a child between
    ``vfork`` and ``exec`` (it shares its blocked parent's memory: counting it would count the
    parent twice)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        children: list[int] = []
        for task in tasks:
            try:
                with open(f"/proc/{current}/task/{task}/children") as handle:
                    children += [int(child) for child in handle.read().split()]
            except OSError:
                continue
        if children and _state(current) == "D":
            own = _cmdline(current)
            children = [child for child in children if _cmdline(child) != own]
        todo += children
    return found


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read()
    except OSError:
        return b""


def _proportional_kib(pid: int) -> int:
    """The process's proportional set size in KiB (0 once it has exited)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, IndexError, ValueError):
        pass
    return 0


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


Command = tuple[Sequence[str], Path, bytes | None]
"""A command line, the folder it runs in, and its standard input (``None``: none)."""


def median_runs(
    commands: Mapping[str, Command], env: dict[str, str], runs: int
) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and median CPU seconds of each command over ``runs`` runs, interleaved,
    after one warm-up.

    Interleaving spreads the noise of a shared machine over every command alike.
    """
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for args, cwd, stdin in commands.values():
        done = run(args, cwd, env, stdin=stdin)
        if done.code != 0:
            raise SystemExit(f"bench: {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    for _ in range(runs):
        for name, (args, cwd, stdin) in commands.items():
            done = run(args, cwd, env, stdin=stdin)
            walls[name].append(done.wall)
            cpus[name].append(done.cpu)
    return (
        {name: statistics.median(values) for name, values in walls.items()},
        {name: statistics.median(values) for name, values in cpus.items()},
    )


def check_cpu(folder: Path, timeout: float, *options: str) -> float:
    """The CPU seconds of the real CLI's ``check`` (``options`` and ``--jobs 1``) in
    ``folder``, under ``timeout``; infinite when it was killed or ended in an error."""
    tool = str(Path(sys.executable).parent / "handoff-audit")
    command = ["timeout", str(timeout), tool, "check", *options, "--jobs", "1"]
    result = run(command, folder, clean_env())
    return result.cpu if result.code in (0, 1) else float("inf")
