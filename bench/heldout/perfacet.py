"""Per-facet agreement from ``bench/judgment.py --files`` output, with where it parts.

python bench/judgment.py ROUND --files > MEASURED.txt
python bench/heldout/perfacet.py MEASURED.txt [MORE.txt ...]

The first line gives each facet's agreement over every file of the outputs named. Then one
line per facet: the pairs where the reader and the audit both call the facet missing, where only
the reader does (the audit found something the reader did not count), where only the audit
does, and what always answering the reader's commoner answer would agree on. A facet whose
agreement is near that baseline is one where the audit's reading adds little to a guess.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

FACETS = ("state", "next", "decisions", "ruled_out", "pointers")
LINE = re.compile(
    r"^  \S.*: (?:good|weak|not a handoff); reader missing (\[.*?\]); audit missing (\[.*?\])"
)
_NAME = re.compile(r"'(\w+)'")


def _pairs(text: str) -> list[tuple[set[str], set[str]]]:
    """(facets the reader calls missing, facets the audit calls missing), one per file."""
    return [
        (set(_NAME.findall(match.group(1))), set(_NAME.findall(match.group(2))))
        for match in map(LINE.match, text.splitlines())
        if match is not None
    ]


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    files: list[tuple[set[str], set[str]]] = []
    for name in argv:
        try:
            files += _pairs(Path(name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else error
            print(f"perfacet: {name}: cannot be read ({reason})", file=sys.stderr)
            return 2
    if not files:
        print("none")
        return 0
    counts = {
        facet: Counter((facet in reader, facet in audit) for reader, audit in files)
        for facet in FACETS
    }
    agree = {facet: c[True, True] + c[False, False] for facet, c in counts.items()}
    print(", ".join(f"{facet} {agree[facet] / len(files):.2f}" for facet in FACETS))
    for facet, c in counts.items():
        reader_missing = c[True, True] + c[True, False]
        guess = max(reader_missing, len(files) - reader_missing)
        print(
            f"  {facet}: agree {agree[facet]}/{len(files)}; both missing {c[True, True]}, "
            f"only the reader {c[True, False]}, only the audit {c[False, True]}; "
            f"the commoner answer alone {guess}/{len(files)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
