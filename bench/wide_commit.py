"""What one commit changing many files costs `check`, by the kind of their names.

    python bench/wide_commit.py                    # 10,000 and 40,000 files
    python bench/wide_commit.py --sizes 20000,80000

The history walk asks of every file a commit changed whether it is a handoff file, by the
name a reader sees (`lookalike.seen_name`): a repository that once added a folder of 90,000
assets (`sliced/Outside (Hoenn)/tile 1.png`, `Characters/강연.png`) has that many names in one
commit. For each size, this commits a `HANDOFF.md`, then one commit adding that many files
named plainly (`assets/f00001.png`, the peer), with spaces, or in Hangul, then one more work
commit, and runs the real CLI (`check --jobs 1`) with the handoff's last change behind them.
It prints the CPU seconds, the ratio to the plain names' run, and the CPU per 10,000 files:
a cost per name keeps that last column flat as the size grows.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path

import measure

NAMES: dict[str, Callable[[int], str]] = {
    "plain": lambda i: f"assets/set{i % 40}/f{i:06d}.png",
    "with spaces": lambda i: f"assets/Outside (set {i % 40})/tile {i:06d}.png",
    "in Hangul": lambda i: f"assets/캐릭터 {i % 40}/강연{i:06d}.png",
}


def _repo(folder: Path, name: Callable[[int], str], size: int) -> None:
    git = lambda *args: measure.git(folder, *args)  # noqa: E731
    git("init", "-q", "-b", "main")
    git("config", "user.email", "bench@example.com")
    git("config", "user.name", "bench")
    (folder / "HANDOFF.md").write_text(
        "# Handoff\n\n## State\n\nThe importer reads `src/a.py`.\n\n## Next step\n\n"
        "Add the exporter in `src/b.py`.\n",
        encoding="utf-8",
    )
    git("add", "HANDOFF.md")
    git("commit", "-q", "-m", "handoff")
    for i in range(size):
        path = folder / name(i)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    git("add", "-A")
    git("commit", "-q", "-m", "assets")
    (folder / "a.py").write_text("x = 1\n", encoding="utf-8")
    git("add", "a.py")
    git("commit", "-q", "-m", "work")


def _audit(folder: Path, timeout: float) -> float:
    return measure.check_cpu(folder, timeout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,40000", help="files, comma-separated")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per audit")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    print("| names | files | CPU s | / plain | CPU s per 10,000 files |")
    print("|---|---:|---:|---:|---:|")
    for size in sizes:
        plain = 0.0
        for kind, name in NAMES.items():
            with tempfile.TemporaryDirectory(prefix="wide-") as temp:
                folder = Path(temp)
                _repo(folder, name, size)
                _audit(folder, args.timeout)  # warm: bytecode and the file cache
                cpu = _audit(folder, args.timeout)
            plain = plain or cpu
            print(
                f"| {kind} | {size:,} | {cpu:.2f} | {cpu / plain:.2f} | {cpu / size * 10000:.3f} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
