"""What a series of undated handoffs costs `check`, one commit per file, against the same files
added in one commit.

    python bench/series.py                       # N = 400, 800, 1,600
    python bench/series.py --sizes 100,1000 --timeout 120

A series whose names carry no date and no number (``docs/handoffs/notes-aaa.md``, ...) is
ordered by each file's last commit. Its realistic history adds one file per session, each in
its own commit; the synthetic repositories of `run.py` add every packet in one commit, so they
never exercise it. For each N, this builds both shapes in fresh git repositories (one
`git fast-import` each), runs the real CLI on each (`check -q --jobs 1`) and prints the CPU
seconds and the ratio one-commit-each / one-commit. A linear dating walk keeps the ratio about
the same at every N; one git pathspec per file made it grow with N (commits x files).
"""

from __future__ import annotations

import argparse
import itertools
import string
import subprocess
import tempfile
from pathlib import Path

import measure

BODY = "# Handoff {name}\n\n## Next step\nAdd tests to src/a.py.\n"


def _names(n: int) -> list[str]:
    letters = ("".join(p) for p in itertools.product(string.ascii_lowercase, repeat=4))
    return [f"docs/handoffs/notes-{name}.md" for name in itertools.islice(letters, n)]


def _stream(names: list[str], each: bool) -> str:
    """A `git fast-import` stream: ``src/a.py`` first, then ``names`` in one commit per file
    (``each``) or all in one, a minute apart."""
    blob = "x\n"
    out = [
        "commit refs/heads/main\ncommitter B <b@example.com> 1700000000 +0000\ndata 4\ninit\n"
        f"M 644 inline src/a.py\ndata {len(blob)}\n{blob}\n"
    ]
    groups = [[name] for name in names] if each else [names]
    for i, group in enumerate(groups, 1):
        out.append(f"commit refs/heads/main\ncommitter B <b@example.com> {1700000000 + 60 * i}")
        out.append(" +0000\ndata 8\nsession\n")
        for name in group:
            body = BODY.format(name=name)
            out.append(f"M 644 inline {name}\ndata {len(body.encode())}\n{body}\n")
    return "".join(out)


def _repo(folder: Path, names: list[str], each: bool) -> None:
    subprocess.run(["git", "init", "-q", "-b", "main", str(folder)], check=True)
    stream = _stream(names, each)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=folder, input=stream.encode(), check=True)
    subprocess.run(["git", "reset", "-q", "--hard", "main"], cwd=folder, check=True)


def _audit(folder: Path, timeout: float) -> float:
    return measure.check_cpu(folder, timeout, "-q")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="400,800,1600", help="files, comma-separated")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per audit")
    args = parser.parse_args()
    print("| N | one commit: CPU s | one commit each: CPU s | each / one |")
    print("|---:|---:|---:|---:|")
    for n in [int(size) for size in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="series-") as temp:
            one, each = Path(temp, "one"), Path(temp, "each")
            _repo(one, _names(n), each=False)
            _repo(each, _names(n), each=True)
            cpu_one, cpu_each = _audit(one, args.timeout), _audit(each, args.timeout)
        print(f"| {n} | {cpu_one:.2f} | {cpu_each:.2f} | {cpu_each / cpu_one:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
