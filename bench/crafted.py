"""What a crafted hand-written handoff costs `check`, against a plain one of the same size.

    python bench/crafted.py                      # 29, 58 and 116 KB
    python bench/crafted.py --sizes 100000,200000 --timeout 120

A hostile pull request can add a handoff built to make a regex backtrack: the same unclosed
``<!-- handoff-audit: ignore x `` over and over, one long run of blanks inside a suppression's
reason, or one line of "now" repeated (the ruled-out cue's "now … instead" exception). For each
size, this writes such a ``HANDOFF.md`` and a plain one of the same size (a list of ordinary
steps) into a fresh git repository, runs the real CLI on each (`check --jobs 1`) and prints the
CPU seconds and the ratio crafted / plain. A linear scan keeps the ratio near 1 at every size;
a quadratic one makes it grow about twice as fast as the size.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

import measure

CRAFTED = {
    "unclosed suppressions": lambda size: "<!-- handoff-audit: ignore x " * (size // 29),
    "blank run in a reason": lambda size: (
        "<!-- handoff-audit: ignore too-long x" + " " * (size - 45) + "y -->"
    ),
    "one line of repeated now": lambda size: "## Notes\n\n" + "now " * (size // 4),
}


def _plain(size: int) -> str:
    return "".join(f"- step {i}: run the tests and read the log\n" for i in range(size // 40))


def _repo(folder: Path) -> None:
    for args in (
        ["init", "-q", "-b", "main"],
        ["config", "user.email", "bench@example.com"],
        ["config", "user.name", "bench"],
        ["commit", "-q", "--allow-empty", "-m", "base"],
    ):
        subprocess.run(["git", *args], cwd=folder, check=True)


def _audit(folder: Path, body: str, timeout: float) -> float:
    (folder / "HANDOFF.md").write_text("# Handoff\n\n" + body + "\n", encoding="utf-8")
    return measure.check_cpu(folder, timeout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="29000,58000,116000", help="bytes, comma-separated")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per audit")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="crafted-") as temp:
        folder = Path(temp)
        _repo(folder)
        print("| input | size KB | plain CPU s | crafted CPU s | crafted / plain |")
        print("|---|---:|---:|---:|---:|")
        for name, craft in CRAFTED.items():
            for size in sizes:
                plain = _audit(folder, _plain(size), args.timeout)
                crafted = _audit(folder, craft(size), args.timeout)
                print(
                    f"| {name} | {size // 1000} | {plain:.2f} | {crafted:.2f} | "
                    f"{crafted / plain:.1f} |"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
