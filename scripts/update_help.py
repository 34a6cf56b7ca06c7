"""Regenerate the `--help` snapshots: tests/help/<command>.txt (and handoff-audit.txt).

    python scripts/update_help.py           # rewrite every snapshot
    python scripts/update_help.py --check   # exit 1 if one differs from what the tool prints

Each snapshot is exactly what `handoff-audit [COMMAND] --help` prints on an 80-column terminal.
tests/test_cli_help.py fails while one is out of date; run this when a change in the help is
intended, and review the diff.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from handoff_audit.cli.main import cli
from handoff_audit.cli.main import main as cli_main

REPO = Path(__file__).resolve().parents[1]
SNAPSHOTS = REPO / "tests" / "help"
COLUMNS = "80"


@contextlib.contextmanager
def _terminal() -> Iterator[None]:
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def help_text(command: str | None) -> str:
    """What ``handoff-audit [command] --help`` prints."""
    out = io.StringIO()
    args = [command, "--help"] if command else ["--help"]
    with _terminal(), contextlib.redirect_stdout(out):
        code = cli_main(args)
    if code != 0:
        raise AssertionError(f"{' '.join(args)}: exit {code}")
    return out.getvalue()


def snapshots() -> dict[Path, str]:
    """Every snapshot file and the text it should hold now."""
    commands = [None, *cli.list_commands(None)]  # type: ignore[arg-type]
    return {SNAPSHOTS / f"{name or 'handoff-audit'}.txt": help_text(name) for name in commands}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a snapshot differs")
    args = parser.parse_args(argv)
    wanted = snapshots()
    stale = [
        path
        for path, text in wanted.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]
    extra = sorted(set(SNAPSHOTS.glob("*.txt")) - set(wanted))
    if args.check:
        for path in [*stale, *extra]:
            print(f"out of date: {path.relative_to(REPO).as_posix()}")
        return 1 if stale or extra else 0
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(REPO).as_posix()}")
    for path in extra:
        path.unlink()
        print(f"removed {path.relative_to(REPO).as_posix()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
