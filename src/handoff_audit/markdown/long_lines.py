"""Lines too long, or too many, for anyone to read as a handoff, cut before the markdown
judgement reads them.

The judgement reads each block with every content cue (regular expressions at about a
microsecond per character each) and each line and heading in several passes, so a file near
`max-file-bytes` (1 MiB) of one pasted line, or of hundreds of thousands of short lines
(setext headings, a numbered list), took 15–20 s. The labelled real handoffs
(``bench/judgment.py``) have lines of at most about 8,000 characters and at most about 1,400
lines, so:

- a line keeps its first ``LONG_LINE`` characters, and the rest of it is read as if it were
  not there;
- the file is read up to its ``MANY_LINES``-th line (already fifty times `max-lines`, which
  `too-long` reports), and the lines after it as if they were not there.

Line numbers do not move; a file within both bounds is read as it is.
"""

from __future__ import annotations

LONG_LINE = 16_384
"""Characters of one line the judgement reads (twice the longest labelled real line)."""

MANY_LINES = 10_000
"""Lines of one file the judgement reads (seven times the longest labelled real handoff)."""


def readable_lines(text: str) -> str:
    """``text`` up to its ``MANY_LINES``-th line, each line cut to its first ``LONG_LINE``
    characters."""
    if len(text) <= LONG_LINE:
        return text
    lines = text.split("\n", MANY_LINES)
    cut = len(lines) > MANY_LINES
    if cut:
        lines = lines[:MANY_LINES]
    if not cut and max(map(len, lines)) <= LONG_LINE:
        return text
    return "\n".join(line[:LONG_LINE] for line in lines)


__all__ = ["LONG_LINE", "MANY_LINES", "readable_lines"]
