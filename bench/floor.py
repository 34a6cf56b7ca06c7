"""The read+parse floor: one sequential Python process that reads every packet and its twin and
parses the JSON, and nothing else. What no audit of these files can beat in Python.

    python bench/floor.py LIST    # LIST: one JSON packet path a line, relative to the folder
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    names = Path(argv[1]).read_text().splitlines()
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
