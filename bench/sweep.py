"""Run `handoff-audit check` on many real repositories, as their users would, and tally it.

    python bench/sweep.py FOLDER                 # every git repository directly in FOLDER
    python bench/sweep.py FOLDER --timeout 120 --json /tmp/sweep.json

Each repository is checked where it is, with no configuration but its own, by the installed
console script (`handoff-audit check --format json`), one at a time. Printed: how many ended
with each exit code (0 clean, 1 findings at the failing level; 2 and 3 are an input or
internal error, and any of those, a timeout or a report that is not JSON is listed by name),
the slowest runs, the packets found by file name (the current file of a series with older files
counts as "series"), and the
findings by rule. What it is for: finding the crash, the hang or the absurd message that only
the variety of real repositories shows, and seeing which default names find handoffs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

SLOWEST = 5
"""Runs listed by wall time."""


@dataclass
class Tally:
    """What the runs over a folder of repositories gave."""

    checked: int = 0
    """Repositories checked."""
    exits: Counter[int] = field(default_factory=Counter)
    """Runs per exit code."""
    failures: list[str] = field(default_factory=list)
    """Repositories whose run timed out, exited 2 or 3, or printed no JSON report, with why."""
    times: list[tuple[float, str]] = field(default_factory=list)
    """(seconds, repository) per run."""
    packets: Counter[str] = field(default_factory=Counter)
    """Packets found, by file name ("series" for the current file of a series with history)."""
    rules: Counter[str] = field(default_factory=Counter)
    """Findings by rule id."""


def sweep(folder: Path, timeout: float) -> Tally:
    """Check each git repository directly under ``folder`` and tally the runs."""
    tally = Tally()
    beside = Path(sys.executable).parent / "handoff-audit"  # the console script of this venv
    script = str(beside) if beside.exists() else "handoff-audit"
    for repo in sorted(path for path in folder.iterdir() if (path / ".git").exists()):
        tally.checked += 1
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [script, "check", "--format", "json"],
                cwd=repo,
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            tally.failures.append(f"{repo.name}: no answer within {timeout:g} s")
            continue
        except OSError as error:  # no console script to run: every repository would fail alike
            raise SystemExit(f"sweep: {script}: cannot be run ({error.strerror})") from None
        tally.times.append((time.perf_counter() - started, repo.name))
        tally.exits[done.returncode] += 1
        if done.returncode not in (0, 1):
            said = done.stderr.strip().splitlines()[-1:] or ["(nothing on stderr)"]
            tally.failures.append(f"{repo.name}: exit {done.returncode}: {said[0][:200]}")
            continue
        try:
            report = json.loads(done.stdout)
        except ValueError:
            tally.failures.append(f"{repo.name}: exit {done.returncode} and no JSON report")
            continue
        for packet in report["packets"]:
            name = PurePosixPath(packet["path"]).name
            tally.packets["series" if packet.get("history") else name] += 1
        tally.rules.update(finding["rule"] for finding in report["findings"])
    return tally


def render(tally: Tally) -> str:
    """The tally as the lines `main` prints."""
    slowest = sorted(tally.times, reverse=True)[:SLOWEST]
    lines = [
        f"repositories checked: {tally.checked}",
        "exit codes: " + ", ".join(f"{code}: {n}" for code, n in sorted(tally.exits.items())),
        f"failures (timeout, exit 2 or 3, no JSON): {len(tally.failures)}",
        *(f"  {failure}" for failure in tally.failures),
        "slowest: " + ", ".join(f"{name} {seconds:.2f} s" for seconds, name in slowest),
        f"packets: {sum(tally.packets.values())}",
        *(f"  {name}: {n}" for name, n in tally.packets.most_common()),
        "findings: " + ", ".join(f"{rule} {n}" for rule, n in tally.rules.most_common()),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="a folder of git repositories (clones)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per repository")
    parser.add_argument("--json", type=Path, help="also write the tally here as JSON")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"sweep: {args.folder}: not a folder", file=sys.stderr)
        return 2
    tally = sweep(args.folder, args.timeout)
    print(render(tally))
    if args.json:
        try:
            _write(args.json, tally)
        except OSError as error:
            print(f"sweep: {args.json}: cannot be written ({error.strerror})", file=sys.stderr)
            return 2
    return 1 if tally.failures else 0


def _write(path: Path, tally: Tally) -> None:
    path.write_text(
        json.dumps(
            {
                "checked": tally.checked,
                "exits": dict(tally.exits),
                "failures": tally.failures,
                "seconds": {name: seconds for seconds, name in tally.times},
                "packets": dict(tally.packets),
                "rules": dict(tally.rules),
            },
            indent=1,
        ),
        encoding="utf-8",
    )


if __name__ == "__main__":
    raise SystemExit(main())
