"""The read+parse floor: one sequential Python process that reads every packet and its twin and
parses the JSON, and nothing else. What no audit of these files can beat in Python.

    python bench/floor.py LIST    # LIST: one JSON packet path a line, relative to the folder

`run.py` runs it in each synthetic repository (bench/README.md, "The read+parse floor").
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="floor.py",
        description="The read+parse floor: read every JSON packet named in LIST and its .md "
        "twin, parse the JSON, and print how many parsed. Run it in the folder the paths are "
        "relative to (bench/run.py does, for each synthetic repository).",
    )
    parser.add_argument(
        "list", type=Path, metavar="LIST", help="a file naming one JSON packet path a line"
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    options = parse_args(argv[1:])
    try:
        names = options.list.read_text().splitlines()
    except OSError as error:
        print(f"floor.py: {options.list}: cannot read ({error.strerror or error})", file=sys.stderr)
        return 2
    parsed = failed = 0
    for name in names:
        with open(name, "rb") as handle:
            data = handle.read()
        try:
            json.loads(data)
            parsed += 1
        except ValueError:
            failed += 1
        try:
            with open(name[: -len(".json")] + ".md", "rb") as handle:
                handle.read().decode("utf-8")
        except FileNotFoundError:
            pass
    print(f"{parsed} parsed, {failed} not JSON")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
