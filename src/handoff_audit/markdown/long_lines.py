"""Lines too long for anyone to read as prose, cut before the markdown judgement reads them.

The judgement's regular expressions cost about a microsecond per character and cue, and one
pasted log or minified blob on one line would be read in full by every cue that finds nothing
in it: a 1 MiB line took 15–20 s. The longest line of the labelled real handoffs
(``bench/judgment.py``) is about 8,000 characters, so a line keeps its first ``LONG_LINE``
characters and the rest is read as if it were not there; line numbers do not move.
"""

from __future__ import annotations

LONG_LINE = 16_384
"""Characters of one line the judgement reads (twice the longest labelled real line)."""


def readable_lines(text: str) -> str:
    """``text`` with every line over ``LONG_LINE`` characters cut to its first ``LONG_LINE``."""
    if len(text) <= LONG_LINE:
        return text
    lines = text.split("\n")
    if max(map(len, lines)) <= LONG_LINE:
        return text
    return "\n".join(line[:LONG_LINE] for line in lines)


__all__ = ["LONG_LINE", "readable_lines"]
