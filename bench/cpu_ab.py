"""CPU and wall time of one audit with two source trees of the package, runs alternating.

A change to the audit's speed is judged by the CPU time it saves (less noisy than wall time on
a shared machine) and must not change a byte of the report: this runs
``handoff-audit check --format json --target-branch main --jobs J`` on one repository with
``PYTHONPATH`` set to each tree in turn, ``--jobs 1`` and ``--jobs 2``, and prints the medians,
the after/before ratios and how many different reports came out (1 = the same bytes).

    git worktree add /tmp/before HEAD~1
    python bench/cpu_ab.py --before /tmp/before/src --after src --size 10000 --runs 5
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import synth


def _run(tool: str, repo: Path, src: str, jobs: str) -> tuple[bytes, float, float]:
    """The report, the CPU seconds (the audit, its workers and the git it waited for) and the
    wall seconds of one audit."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [tool, "check", "--format", "json", "--target-branch", "main", "--jobs", jobs],
        cwd=repo,
        env={**os.environ, "PYTHONPATH": src},
        stdout=subprocess.PIPE,
    )
    assert child.stdout is not None
    out = child.stdout.read()
    _, _, usage = os.wait4(child.pid, 0)
    return out, usage.ru_utime + usage.ru_stime, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="the src folder of the old tree")
    parser.add_argument("--after", required=True, help="the src folder of the new tree")
    parser.add_argument("--size", type=int, default=10_000, help="packets (default 10,000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    args = parser.parse_args(argv)
    tool = str(Path(sys.executable).parent / "handoff-audit")
    trees = {"before": str(Path(args.before).resolve()), "after": str(Path(args.after).resolve())}
    for src in trees.values():
        # Both from bytecode, as an installed copy runs: a tree without it (a `git archive`
        # under PYTHONDONTWRITEBYTECODE=1) compiles every module it imports on every run.
        compileall.compile_dir(src, quiet=1)
    with tempfile.TemporaryDirectory() as work:
        repo = synth.build(Path(work) / "repo", args.size).root
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        reports: set[bytes] = set()
        for _ in range(args.runs):
            for jobs in ("1", "2"):
                for name, src in trees.items():
                    out, cpu, wall = _run(tool, repo, src, jobs)
                    reports.add(out)
                    times.setdefault((name, jobs), []).append((cpu, wall))
    print(f"different reports: {len(reports)} (1 = the same bytes)")
    for (name, jobs), values in sorted(times.items()):
        cpu = statistics.median(v[0] for v in values)
        wall = statistics.median(v[1] for v in values)
        print(f"{name:6} --jobs {jobs}: CPU {cpu:.2f} s, wall {wall:.2f} s (median of {args.runs})")
    for jobs in ("1", "2"):
        before = statistics.median(v[0] for v in times[("before", jobs)])
        after = statistics.median(v[0] for v in times[("after", jobs)])
        print(f"--jobs {jobs}: CPU after/before {after / before:.2f}")
    return 0 if len(reports) == 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
