"""`check` on a pull request of N large active packets (about 760 KB each, under the default
`max-file-bytes`): the text format against the markdown format (the job summary's renderer), in
one run, optionally for a second source tree too (``--against SRC``, e.g. an older checkout's
``src``), so that the figures are ratios measured side by side.

    python bench/big_packets.py --packets 20 --repeat 3 [--against /tmp/base/src]
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import bench_repository, git

HERE = Path(__file__).resolve().parent
RUN = "import sys; from handoff_audit.cli.main import main; sys.exit(main(sys.argv[1:]))"


def build(root: Path, packets: int, source: Path) -> None:
    """A repository on ``feat/x`` with ``packets`` large active packets and their twins."""
    bench_repository(root, "feat/x", readme="hi\n")
    lkg = git(root, "rev-parse", "HEAD")
    (root / ".handoff").mkdir()
    commands = [
        {"cmd": "pytest -q src/refund.py", "exit": i % 2, "note": "failed because rounding"}
        for i in range(9000)
    ]
    for n in range(packets):
        data = {
            **{"branch": "feat/x", "topic": f"t{n}", "last_known_good_commit": lkg},
            **{"status": "active", "summary": "s", "changed_files": ["README.md"] * 2000},
            **{"commands_run": commands, "failed_attempts": [], "open_risks": []},
            **{"next_action": "Do it.", "verdict_pointer": "README.md"},
        }
        (root / f".handoff/t{n}.json").write_text(json.dumps(data))
    twins = [str(path) for path in sorted((root / ".handoff").glob("*.json"))]
    env = {**os.environ, "PYTHONPATH": str(source)}
    for twin in twins:
        subprocess.run(
            [sys.executable, "-c", RUN, "render", "--write", twin],
            cwd=root,
            env=env,
            check=True,
            capture_output=True,
        )
    git(root, "add", "-A")
    git(root, "commit", "-qm", "handoffs")


def timed(root: Path, source: Path, fmt: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = ["check", "--target-branch", "main", "--format", fmt, "-o", os.devnull]
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", RUN, *args], cwd=root, env=env, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packets", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another src folder, measured alongside")
    args = parser.parse_args()
    sources = {"this": HERE.parent / "src"}
    if args.against:
        sources["against"] = args.against.resolve()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "repo"
        build(root, args.packets, sources["this"])
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):  # interleaved, so that the machine's load falls on all
            for name, source in sources.items():
                for fmt in ("text", "markdown"):
                    times.setdefault((name, fmt), []).append(timed(root, source, fmt))
    for (name, fmt), runs in times.items():
        print(f"{name:8} {fmt:9} median {statistics.median(runs):6.2f} s  runs {runs}")


if __name__ == "__main__":
    main()
