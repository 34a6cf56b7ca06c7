"""Per-facet agreement from ``bench/judgment.py --files`` output.

python bench/judgment.py ROUND --files > MEASURED.txt
python bench/heldout/perfacet.py MEASURED.txt
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

FACETS = ("state", "next", "decisions", "ruled_out", "pointers")
LINE = re.compile(r"^  \S.*: (good|weak|not a handoff); reader missing (\[.*?\]); audit missing")


def main(argv: list[str]) -> int:
    files = 0
    wrong: Counter[str] = Counter()
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        text = Path(argv[0]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"perfacet: {argv[0]}: cannot be read ({error})", file=sys.stderr)
        return 2
    for line in text.splitlines():
        if LINE.match(line) is None:
            continue
        files += 1
        diff = re.search(r"DIFF (\[.*\])$", line)
        for facet in re.findall(r"'(\w+)'", diff.group(1)) if diff else ():
            wrong[facet] += 1
    print(", ".join(f"{f} {(files - wrong[f]) / files:.2f}" for f in FACETS) if files else "none")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
