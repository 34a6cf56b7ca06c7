"""Benchmark handoff-audit against check-jsonschema on synthetic repositories.

    python bench/run.py                      # N = 1,000, 10,000, 50,000
    python bench/run.py --sizes 100 --startup-runs 3

For each N it builds a repository (see `synth.py`), runs the real CLI
`handoff-audit check --format json` in a subprocess (every rule, git included), then, on the same
files, `check-jsonschema --schemafile <the bundled schema>` over every JSON packet in one call,
and the read+parse floor (`floor.py`: one Python process reading every packet and twin and
parsing the JSON), and prints a table; `--svg` draws the curve. Then it times start-up against
`check-jsonschema --version` and says which targets are met. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure
import plot
import synth

TARGET_N = 10_000
MAX_GIT = 15
"""The git processes of one audit at most, whatever N: ten, and since session 55 the merge gate's
``diff --merge-base`` of the merge target against the commit for the links it adds
(`git/linked_folders`); since session 58 the one ``rev-list`` that tells which other branches
hold the commits of every packet whose last known good commit is off the history (the bench's
lkg-unknown packets copied from feat/spike, `git/foreign_commits`); since session 59 the two
that read the merge gate's settings from ``--target-branch``'s configuration as the Action reads
them from the base (`cli/check._target_gate`: its configuration files listed and read; the
target's tip is taken from the refs the audit reads anyway, read once and handed to it, since
session 60: 16 before)."""
MAX_PEAK_MB = 250
MAX_PEER_RATIO = 0.5
MAX_FLOOR_RATIO = 3.0
MAX_STARTUP_RATIO = 0.5
MAX_GROWTH_50K = 5.5
FLOOR = Path(__file__).resolve().parent / "floor.py"


@dataclass
class SizeResult:
    """What one N measured (the check-jsonschema fields are filled in after the audit's)."""

    n: int
    """Packets built."""
    packets_reported: int | None
    """Packets the audit's JSON report lists (``None`` if its output was not a JSON report)."""
    commits: int
    """Commits reachable from the checked-out branch."""
    build_s: float
    """Seconds to build the repository."""
    audit_wall: float
    """Wall seconds of `handoff-audit check` (the median run with ``--repeat``)."""
    audit_cpu: float
    """Its CPU seconds, git processes included."""
    audit_peak_mb: float
    """Its peak memory, MiB, summed over its process tree (workers and git included)."""
    audit_code: int
    """Its exit code (1: findings, as expected)."""
    git_processes: int
    """Git processes it started, counted by the wrapper."""
    findings: int | None
    """Findings in its report."""
    findings_by_rule: dict[str, int] = field(default_factory=dict)
    """Findings per rule id."""
    peer_wall: float | None = None
    """Wall seconds of check-jsonschema over every JSON packet (summed over its calls)."""
    peer_cpu: float | None = None
    """Its CPU seconds."""
    peer_peak_mb: float | None = None
    """Its peak resident memory, MiB (largest of its calls)."""
    peer_calls: int = 0
    """check-jsonschema processes needed to stay under ARG_MAX."""
    peer_failed_files: int | None = None
    """Files check-jsonschema rejected (schema errors or unparsable)."""
    floor_wall: float | None = None
    """Wall seconds of the read+parse floor (`floor.py`) over the same files."""
    floor_cpu: float | None = None
    """Its CPU seconds."""
    floor_peak_mb: float | None = None
    """Its peak memory, MiB."""
    canonical_twins: bool = False
    """True when the twins came from the package's renderer."""
    git_calls: list[str] = field(default_factory=list)
    """The git command lines of the audit (for ``--show-git``)."""

    @property
    def ratio(self) -> float | None:
        return self.audit_wall / self.peer_wall if self.peer_wall else None

    @property
    def floor_ratio(self) -> float | None:
        return self.audit_wall / self.floor_wall if self.floor_wall else None


def _tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"bench: {name} not found; install the package with its test extra")
    return found


def _schema_file(work: Path) -> Path:
    target = work / "handoff.schema.json"
    text = resources.files("handoff_audit.schema").joinpath("handoff.schema.json").read_text()
    target.write_text(text)
    return target


def _audit_args(all_branches: bool, jobs: int | None = None) -> list[str]:
    args = [_tool("handoff-audit"), "check", "--format", "json", "--target-branch", synth.TARGET]
    args += ["--all-branches"] if all_branches else []
    return [*args, "--jobs", str(jobs)] if jobs else args


def measure_size(n: int, work: Path, options: argparse.Namespace) -> SizeResult:
    root = _fresh(work / f"repo-{n}")
    repo = synth.build(root, n, commits=options.commits, seed=options.seed)
    env = measure.clean_env()
    counter = measure.GitCounter(work / "gitlog")
    audits = [
        measure.run(_audit_args(options.all_branches, options.jobs), repo.root, env, counter)
        for _ in range(options.repeat)
    ]
    calls = counter.calls()
    audits.sort(key=lambda m: m.wall)
    audit = audits[len(audits) // 2]
    if audit.code not in (0, 1):
        raise SystemExit(
            f"bench: handoff-audit check exited {audit.code} at N={n}:\n"
            + audit.stderr.decode(errors="replace")[-2000:]
        )
    packets, findings, by_rule = _read_report(audit.stdout)
    result = SizeResult(
        n=n,
        packets_reported=packets,
        commits=repo.commits,
        build_s=repo.build_seconds,
        audit_wall=audit.wall,
        audit_cpu=audit.cpu,
        audit_peak_mb=audit.peak_mb,
        audit_code=audit.code,
        git_processes=audit.git_processes,
        findings=findings,
        findings_by_rule=by_rule,
        canonical_twins=repo.canonical_twins,
        git_calls=calls[: audit.git_processes],
    )
    if not options.no_peer:
        _measure_peer(result, repo, work, env, options.repeat)
    _measure_floor(result, repo, work, env, options.repeat)
    if options.profile and n == max(options.sizes):
        _profile(repo.root, options)
    if not options.keep:
        shutil.rmtree(repo.root)
    return result


def _fresh(root: Path) -> Path:
    """``root``, which must not exist yet (a kept repository from an earlier run is refused)."""
    if root.exists():
        raise SystemExit(f"bench: {root} exists (kept from an earlier run?); remove it first")
    return root


def _profile(root: Path, options: argparse.Namespace) -> None:
    """One more audit under pyinstrument (not timed); its text report goes to ``--profile``."""
    args = [sys.executable, "-m", "pyinstrument", "-r", "text", "-o", str(options.profile)]
    args += ["--", _tool("handoff-audit"), *_audit_args(options.all_branches)[1:]]
    done = subprocess.run(args, cwd=root, capture_output=True, check=False)
    if b"No module named pyinstrument" in done.stderr:
        raise SystemExit("bench: --profile needs pyinstrument: pip install pyinstrument")
    print(f"profile of the audit at the largest N: {options.profile}", flush=True)


def _measure_peer(
    result: SizeResult, repo: synth.Synthetic, work: Path, env: dict[str, str], repeat: int
) -> None:
    fixed = [_tool("check-jsonschema"), "--schemafile", str(_schema_file(work))]
    lines = measure.chunks(fixed, repo.json_packets, measure.arg_budget(env))
    totals: list[tuple[float, float, float, int]] = []
    for _ in range(repeat):
        wall = cpu = peak = 0.0
        failed = 0
        for args in lines:
            done = measure.run(args, repo.root, env)
            if done.code not in (0, 1):
                raise SystemExit(
                    f"bench: check-jsonschema exited {done.code}:\n"
                    + done.stderr.decode(errors="replace")[-2000:]
                )
            wall, cpu, peak = wall + done.wall, cpu + done.cpu, max(peak, done.peak_mb)
            failed += _peer_failures(done.stdout + done.stderr)
        totals.append((wall, cpu, peak, failed))
    totals.sort()
    wall, cpu, peak, failed = totals[len(totals) // 2]
    result.peer_wall, result.peer_cpu, result.peer_peak_mb = wall, cpu, peak
    result.peer_calls, result.peer_failed_files = len(lines), failed


def _measure_floor(
    result: SizeResult, repo: synth.Synthetic, work: Path, env: dict[str, str], repeat: int
) -> None:
    listed = work / f"floor-{result.n}.txt"
    listed.write_text("\n".join(repo.json_packets) + "\n")
    runs = [
        measure.run([sys.executable, str(FLOOR), str(listed)], repo.root, env)
        for _ in range(repeat)
    ]
    runs.sort(key=lambda m: m.wall)
    done = runs[len(runs) // 2]
    if done.code != 0:
        raise SystemExit(f"bench: floor.py failed:\n{done.stderr.decode(errors='replace')}")
    result.floor_wall, result.floor_cpu, result.floor_peak_mb = done.wall, done.cpu, done.peak_mb


def _peer_failures(output: bytes) -> int:
    """Files check-jsonschema rejected: ``path::$.pointer: message`` or ``Failed to parse path``."""
    files = set()
    for line in output.decode(errors="replace").splitlines():
        line = line.strip()
        if line.startswith("Failed to parse "):
            files.add(line.removeprefix("Failed to parse "))
        elif "::" in line:
            files.add(line.split("::", 1)[0])
    return len(files)


def _read_report(stdout: bytes) -> tuple[int | None, int | None, dict[str, int]]:
    try:
        report = json.loads(stdout)
        packets = len(report["packets"])
        findings = report["findings"]
        return packets, len(findings), dict(Counter(f["rule"] for f in findings))
    except (ValueError, KeyError, TypeError):
        return None, None, {}


STOP_EVENT = {"session_id": "bench", "hook_event_name": "Stop", "stop_hook_active": False}


def compile_bytecode() -> None:
    """Write handoff_audit's bytecode, as `pip install` does for every package it installs.

    An editable install run with PYTHONDONTWRITEBYTECODE set (this machine sets it) never has
    any, so each run would first compile the package's source, while check-jsonschema runs
    from the bytecode pip wrote for it: a cost no installed copy (wheel, action image) pays.
    A package folder this user may not write to was compiled when it was installed."""
    package = Path(str(resources.files("handoff_audit")))
    done = subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(package)], capture_output=True, check=False
    )
    if done.returncode != 0:
        print(f"bench: could not compile {package}; timing it as it is", flush=True)


def measure_startup(
    work: Path, runs: int, no_peer: bool
) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and CPU seconds of each start-up command (`measure.median_runs`), each
    from compiled bytecode (`compile_bytecode`)."""
    compile_bytecode()
    one = synth.build_one(_fresh(work / "one-packet"))
    stop = json.dumps({**STOP_EVENT, "cwd": str(one)}).encode()
    commands: dict[str, measure.Command] = {
        "handoff-audit --version": ([_tool("handoff-audit"), "--version"], one, None),
        "handoff-audit check (1 packet)": ([_tool("handoff-audit"), "check"], one, None),
        "handoff-audit hook (Stop, 1 packet)": ([_tool("handoff-audit"), "hook"], one, stop),
    }
    if not no_peer:
        commands["check-jsonschema --version"] = (
            [_tool("check-jsonschema"), "--version"],
            one,
            None,
        )
    return measure.median_runs(commands, measure.clean_env(), runs)


def _version(args: list[str]) -> str:
    try:
        done = subprocess.run(args, capture_output=True, text=True, check=False)
    except OSError:
        return "?"
    return (done.stdout or done.stderr).strip().splitlines()[0] if done.stdout else "?"


def machine() -> dict[str, Any]:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "git": _version(["git", "--version"]),
        "handoff-audit": _version([_tool("handoff-audit"), "--version"]),
        "check-jsonschema": _version([_tool("check-jsonschema"), "--version"]),
    }


def _f(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def table(results: list[SizeResult]) -> str:
    head = (
        "| N | audit wall s | audit CPU s | peak MB (all processes) | git procs | findings "
        "| check-jsonschema wall s | its peak MB | read+parse floor wall s | its peak MB "
        "| audit / check-jsonschema | audit / floor |\n"
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    )
    rows = []
    for r in results:
        rows.append(
            f"| {r.n:,} | {_f(r.audit_wall)} | {_f(r.audit_cpu)} "
            f"| {_f(r.audit_peak_mb, 0)} | {r.git_processes} "
            f"| {'—' if r.findings is None else f'{r.findings:,}'} | {_f(r.peer_wall)} "
            f"| {_f(r.peer_peak_mb, 0)} | {_f(r.floor_wall)} | {_f(r.floor_peak_mb, 0)} "
            f"| {_f(r.ratio)} | {_f(r.floor_ratio)} |"
        )
    return head + "\n".join(rows) + "\n"


def curve(results: list[SizeResult], caption: str) -> str:
    """The SVG: wall time and peak memory against N for the three."""
    ordered = sorted(results, key=lambda r: r.n)
    sizes = [r.n for r in ordered]
    times = {
        "handoff-audit check": [r.audit_wall for r in ordered],
        "check-jsonschema": [r.peer_wall for r in ordered],
        "read+parse floor": [r.floor_wall for r in ordered],
    }
    memory = {
        "handoff-audit check": [r.audit_peak_mb for r in ordered],
        "check-jsonschema": [r.peer_peak_mb for r in ordered],
        "read+parse floor": [r.floor_peak_mb for r in ordered],
    }
    return plot.svg(sizes, times, memory, caption)


def startup_table(startup: dict[str, float], cpu: dict[str, float]) -> str:
    peer = startup.get("check-jsonschema --version")
    peer_cpu = cpu.get("check-jsonschema --version")
    lines = [
        "| command | median wall ms | vs check-jsonschema --version | median CPU ms | CPU ratio |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, wall in startup.items():
        ratio = f"{wall / peer:.2f}" if peer else "—"
        cpu_ratio = f"{cpu[name] / peer_cpu:.2f}" if peer_cpu else "—"
        lines.append(
            f"| `{name}` | {wall * 1000:.0f} | {ratio} | {cpu[name] * 1000:.0f} | {cpu_ratio} |"
        )
    return "\n".join(lines) + "\n"


def targets(results: list[SizeResult], startup: dict[str, float]) -> list[str]:
    """One line per target of issue 23: met or not, and by how much."""
    out = []

    def line(ok: bool | None, text: str) -> None:
        mark = "n/a " if ok is None else ("MET " if ok else "MISS")
        out.append(f"[{mark}] {text}")

    at = {r.n: r for r in results}
    ten = at.get(TARGET_N)
    if ten is None and results:
        line(None, f"the audit targets are at N={TARGET_N:,}; add it to --sizes")
    elif ten is not None:
        if ten.ratio is not None:
            line(
                ten.ratio <= MAX_PEER_RATIO,
                f"N={TARGET_N:,}: audit <= {MAX_PEER_RATIO}x check-jsonschema: "
                f"{ten.audit_wall:.2f} s vs {ten.peer_wall:.2f} s ({ten.ratio:.2f}x)",
            )
        if ten.floor_ratio is not None:
            line(
                ten.floor_ratio <= MAX_FLOOR_RATIO,
                f"N={TARGET_N:,}: audit <= {MAX_FLOOR_RATIO}x the read+parse floor: "
                f"{ten.audit_wall:.2f} s vs {ten.floor_wall:.2f} s ({ten.floor_ratio:.2f}x)",
            )
        line(
            ten.audit_peak_mb <= MAX_PEAK_MB,
            f"N={TARGET_N:,}: peak memory over all processes <= {MAX_PEAK_MB} MB: "
            f"{ten.audit_peak_mb:.0f} MB",
        )
        big = at.get(5 * TARGET_N)
        if big is not None:
            growth = big.audit_wall / ten.audit_wall
            line(
                growth <= MAX_GROWTH_50K,
                f"N={5 * TARGET_N:,} within {MAX_GROWTH_50K}x the N={TARGET_N:,} time: "
                f"{big.audit_wall:.2f} s vs {ten.audit_wall:.2f} s ({growth:.2f}x)",
            )
    gits = {r.git_processes for r in results}
    if gits:
        line(
            len(gits) == 1 and max(gits) <= MAX_GIT,
            "git processes constant: "
            + ", ".join(f"N={r.n:,}: {r.git_processes}" for r in results),
        )
    peer = startup.get("check-jsonschema --version")
    if peer:
        for name in startup:
            if name.startswith("handoff-audit"):
                ratio = startup[name] / peer
                line(
                    ratio <= MAX_STARTUP_RATIO,
                    f"`{name}` <= {MAX_STARTUP_RATIO}x check-jsonschema --version: "
                    f"{startup[name] * 1000:.0f} ms vs {peer * 1000:.0f} ms ({ratio:.2f}x)",
                )
    return out


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default="1000,10000,50000",
        help="comma-separated packet counts (default: 1000,10000,50000)",
    )
    parser.add_argument(
        "--commits", type=int, default=200, help="ordinary work commits (default 200)"
    )
    parser.add_argument("--seed", type=int, default=7, help="generator seed (default 7)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; median (default 1)")
    parser.add_argument("--no-peer", action="store_true", help="skip check-jsonschema")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up timing")
    parser.add_argument(
        "--startup-only", action="store_true", help="only the start-up timing (no --sizes)"
    )
    parser.add_argument("--startup-runs", type=int, default=21, help="start-up runs (median)")
    parser.add_argument("--all-branches", action="store_true", help="audit with --all-branches")
    parser.add_argument("--workdir", type=Path, help="build here (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the built repositories")
    parser.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    parser.add_argument(
        "--profile", type=Path, help="profile the largest N's audit with pyinstrument into FILE"
    )
    parser.add_argument("--show-git", action="store_true", help="print the git calls of an audit")
    parser.add_argument("--jobs", type=int, help="pass --jobs N to the audit (default: its own)")
    parser.add_argument("--svg", type=Path, help="draw time and memory against N into FILE")

    options = parser.parse_args(argv)
    try:
        options.sizes = [int(s.replace("_", "")) for s in options.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--sizes: expected numbers like 100,1000; got {options.sizes!r}")
    for n in options.sizes:
        try:
            synth.Mix.for_size(n)
        except ValueError as error:
            parser.error(f"--sizes {n}: {error}")
    if options.startup_only and options.no_startup:
        parser.error("--startup-only and --no-startup cannot be combined")
    if options.startup_only:
        options.sizes = []
    if options.repeat < 1 or options.startup_runs < 1:
        parser.error("--repeat and --startup-runs must be at least 1")
    return options


def main(argv: list[str] | None = None) -> int:
    options = parse_args(argv)
    info = machine()
    print("machine: " + "; ".join(f"{k} {v}" for k, v in info.items()), flush=True)
    with tempfile.TemporaryDirectory(prefix="handoff-bench-") as tmp:
        work = options.workdir.resolve() if options.workdir else Path(tmp)
        if options.profile:
            options.profile = options.profile.resolve()
        work.mkdir(parents=True, exist_ok=True)
        results = []
        for n in options.sizes:
            result = measure_size(n, work, options)
            results.append(result)
            print(
                f"N={n:,}: built in {result.build_s:.1f} s, audit {result.audit_wall:.2f} s "
                f"(exit {result.audit_code}), {result.git_processes} git processes"
                + ("" if result.canonical_twins else " [plain twins: no render_packet yet]"),
                flush=True,
            )
            if options.show_git:
                for call in result.git_calls:
                    print(f"    git {call}")
        startup, startup_cpu = (
            ({}, {})
            if options.no_startup
            else measure_startup(work, options.startup_runs, options.no_peer)
        )
    if results:
        print()
        print(table(results))
    for r in results:
        rules = ", ".join(f"{k} {v}" for k, v in sorted(r.findings_by_rule.items())) or "—"
        print(
            f"N={r.n:,}: findings by rule: {rules}; check-jsonschema rejected "
            f"{'—' if r.peer_failed_files is None else r.peer_failed_files} files "
            f"in {r.peer_calls} call(s)"
        )
    if startup:
        print()
        print(startup_table(startup, startup_cpu))
    print()
    verdicts = targets(results, startup)
    print("\n".join(verdicts))
    if options.svg and results:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        caption = (
            f"bench/run.py, {info['cores']} cores, {info['handoff-audit']}, "
            f"{info['check-jsonschema']}; load average {load}"
        )
        options.svg.write_text(curve(results, caption))
        print(f"curve: {options.svg}")
    if options.json:
        payload = {
            "machine": info,
            "sizes": [
                {
                    **{k: v for k, v in asdict(r).items() if k != "git_calls"},
                    "ratio": r.ratio,
                    "floor_ratio": r.floor_ratio,
                }
                for r in results
            ],
            "startup_median_s": startup,
            "startup_cpu_median_s": startup_cpu,
            "targets": verdicts,
            "median_audit_us_per_packet": (
                statistics.median(r.audit_cpu / r.n * 1e6 for r in results) if results else None
            ),
            "load_average": os.getloadavg(),
        }
        options.json.write_text(json.dumps(payload, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
