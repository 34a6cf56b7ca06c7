"""Time `handoff-audit check --jobs 1` on one hand-written HANDOFF.md near `max-file-bytes`.

    .venv/bin/python bench/big_markdown.py                       # 262 KB, 524 KB, 1,048 KB
    .venv/bin/python bench/big_markdown.py --sizes 1048000 --shapes 'a=,setext'
    .venv/bin/python bench/big_markdown.py --command show        # `show`, which quotes the step

Each shape is one unit repeated to the size (the shapes a review found slow: a one-line blob,
setext headings, numbered lines ...), after a ``# Handoff`` title; ``prose`` is a real-looking
handoff (``tests/data/md-incomplete/complete-HANDOFF.md``) repeated to the same size. Every file
is audited in the same fresh repository, in the same run, and its CPU seconds are shown beside
the prose file's of the same size: a ratio far over 1 is a shape the judgement reads slowly.
``--command show`` times `handoff-audit show` instead (the brief, as the session-start hook
gives it: it reads the next step); ``next-step headings`` and ``one-line step`` are the shapes
that make it read a step. Nothing is asserted; see bench/README.md for the figures.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import bench_repository, clean_env, git, run

PROSE = Path(__file__).resolve().parents[1] / "tests" / "data" / "md-incomplete"
SHAPES: dict[str, str] = {
    "a=": "a=",
    "setext": "a\n=\n",
    "a.": "a.",
    "src/": "src/",
    "_a ": "_a ",
    "key: ": "key: ",
    "N. x": "",  # numbered lines, "1. x" to "N. x"
    "[x": "[x",
    "YYYY-": "2026-",
    "don't ": "don't ",
    "next-step headings": "## Next step\n\n- run x\n\n",
    "one-line step": "",  # "## Next step" over one line of "run run ..."
}
COMMANDS = {"check": ["check", "--jobs", "1"], "show": ["show"]}


def body(shape: str, size: int) -> str:
    """The file of ``shape`` at about ``size`` bytes."""
    title = "# Handoff\n\n"
    if shape == "prose":
        unit = (PROSE / "complete-HANDOFF.md").read_text().split("\n", 1)[1] + "\n"
        return title + unit * (size // len(unit))
    if shape == "N. x":
        lines: list[str] = []
        total, number = len(title), 1
        while total < size:
            lines.append(f"{number}. x\n")
            total += len(lines[-1])
            number += 1
        return title + "".join(lines)
    if shape == "one-line step":
        heading = title + "## Next step\n\n"
        return heading + "run " * ((size - len(heading)) // 4) + "\n"
    unit = SHAPES[shape]
    return title + unit * ((size - len(title)) // len(unit)) + "\n"


def _tool() -> str:
    beside = Path(sys.executable).parent / "handoff-audit"
    found = str(beside) if beside.exists() else shutil.which("handoff-audit")
    if found is None:
        raise SystemExit("bench: handoff-audit not found; install the package first")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sizes", default="262000,524000,1048000", help="bytes, comma-separated")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="comma-separated, of SHAPES")
    parser.add_argument("--command", choices=COMMANDS, default="check", help="what to time")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    shapes = [shape for shape in args.shapes.split(",") if shape]
    unknown = [shape for shape in shapes if shape not in SHAPES]
    if unknown:
        parser.error(f"unknown shape(s) {unknown}; known: {', '.join(SHAPES)}")
    tool, env = _tool(), clean_env()
    print("| shape | size KB | exit | wall s | CPU s | CPU / prose |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="big-markdown-") as work:
        root = Path(work)
        bench_repository(root, "feat/big")
        for size in sizes:
            prose_cpu = 0.0
            for shape in ("prose", *shapes):
                handoff = root / "HANDOFF.md"
                handoff.write_text(body(shape, size))
                git(root, "add", "HANDOFF.md")
                measured = run([tool, *COMMANDS[args.command]], root, env)
                if shape == "prose":
                    prose_cpu = measured.cpu
                ratio = measured.cpu / prose_cpu if prose_cpu else 0.0
                kb = handoff.stat().st_size / 1000
                print(
                    f"| `{shape}` | {kb:,.0f} | {measured.code} | {measured.wall:.2f} "
                    f"| {measured.cpu:.2f} | {ratio:.1f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
