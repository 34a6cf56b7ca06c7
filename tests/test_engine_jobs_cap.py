"""`--jobs N` / `jobs: N` starts no more processes than the cores this process may run on, nor
than the packets: a value copied from a big workstation must not make a 2-core CI runner pay
each extra worker's start-up. The real command runs in a child process whose cores are set
with `sched_setaffinity` (as a container or `taskset` sets them), and every worker it forks is
counted there by `os.register_at_fork` (git's processes are spawned, not forked by Python)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GitRepo
from core_packets import packet, write_packet
from handoff_audit.engine.audit import capped_jobs

COUNT_FORKS = """
import os, sys
os.sched_setaffinity(0, {cores})
forks = []
os.register_at_fork(after_in_parent=lambda: forks.append(1))
from handoff_audit.cli.main import main
code = main(sys.argv[1:])
print(code, len(forks), file=sys.__stderr__)
"""


def _workers_forked(root: Path, cores: set[int], *args: str, cpu_count: str | None = None) -> int:
    """Worker processes `check ARGS` forks when it may run on ``cores`` only, with
    ``PYTHON_CPU_COUNT`` set to ``cpu_count`` (unset: ``None``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_CPU_COUNT"}
    if cpu_count is not None:
        env["PYTHON_CPU_COUNT"] = cpu_count
    done = subprocess.run(
        [sys.executable, "-c", COUNT_FORKS.format(cores=sorted(cores)), "check", "-q", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    code, forks = done.stderr.splitlines()[-1].split()
    assert code in ("0", "1"), done.stderr
    return int(forks)


def _repo(tmp_path: Path, packets: int) -> Path:
    repo = GitRepo(tmp_path / "repo")
    for number in range(packets):
        write_packet(repo.root / f"team{number}", packet(topic=f"work-{number}"))
    repo.commit("packets")
    return repo.root


def test_jobs_above_the_cores_fork_no_more_workers_than_the_cores(tmp_path: Path) -> None:
    root = _repo(tmp_path, 6)
    mine = sorted(os.sched_getaffinity(0))

    assert _workers_forked(root, set(mine[:1]), "--jobs", "8") == 0
    if len(mine) >= 2:
        assert _workers_forked(root, set(mine[:2]), "--jobs", "8") == 1
    (root / ".handoff-audit.yml").write_text("jobs: 16\n")
    assert _workers_forked(root, set(mine[:1])) == 0


def test_python_cpu_count_sets_the_cores_as_python_3_13_reads_it(tmp_path: Path) -> None:
    """``PYTHON_CPU_COUNT`` (Python 3.13's override of the cores) is the cap on every Python,
    so that a test or a runner can ask for workers a one-core machine would not fork."""
    root = _repo(tmp_path, 6)
    one = set(sorted(os.sched_getaffinity(0))[:1])
    assert _workers_forked(root, one, "--jobs", "8", cpu_count="3") == 2


def test_python_cpu_count_in_unicode_digits_is_ignored(tmp_path: Path) -> None:
    """``"²".isdigit()`` is true and ``int("²")`` fails: such a value is no override (Python
    3.13 ignores it too), never an internal error."""
    root = _repo(tmp_path, 6)
    one = set(sorted(os.sched_getaffinity(0))[:1])
    assert _workers_forked(root, one, "--jobs", "8", cpu_count="\u00b2") == 0


def test_jobs_above_the_packets_fork_no_more_workers_than_the_packets(tmp_path: Path) -> None:
    root = _repo(tmp_path, 1)
    assert _workers_forked(root, set(os.sched_getaffinity(0)), "--jobs", "8") == 0


@pytest.mark.parametrize(
    ("asked", "packets", "cores", "expected"),
    [
        (8, 300, 2, 2),
        (32, 300, 2, 2),
        (2, 300, 64, 2),
        (8, 3, 16, 3),
        (None, 5000, 4, 4),
        (1, 5000, 4, 1),
        (8, 0, 4, 1),
    ],
)
def test_the_processes_are_capped_at_the_cores_and_the_packets(
    asked: int | None, packets: int, cores: int, expected: int
) -> None:
    assert capped_jobs(asked, packets, cores, can_fork=True) == expected
    assert capped_jobs(asked, packets, cores, can_fork=False) == 1
