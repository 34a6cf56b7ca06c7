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
- a file of more than ``MANY_LINES`` lines (already fifty times `max-lines`, which `too-long`
  reports) is read at its first ``HEAD_LINES`` lines and its last ``MANY_LINES - HEAD_LINES``,
  and the lines between as blank: a running log that appends at the bottom keeps its newest
  entry (its state and next step) read, as its title and opening are. A code fence left open by
  the lines between is kept open (their last fence line stays), so the tail is not read as
  code, or as prose, where the file does not say so;
- but a file of more than ``LOG_LINES`` lines (ten characters a line or fewer near the 1 MiB
  cap: no prose, no log of entries) is read up to its ``MANY_LINES``-th line only: each blank
  line costs the reading about 4 µs, so reading its tail would make such a file cost three
  times a prose file of its size.

Line numbers do not move; a file within both bounds is read as it is.
"""

from __future__ import annotations

import re

LONG_LINE = 16_384
"""Characters of one line the judgement reads (twice the longest labelled real line)."""

MANY_LINES = 10_000
"""Lines of one file the judgement reads (seven times the longest labelled real handoff)."""

HEAD_LINES = MANY_LINES // 2
"""Of those, the lines read from the file's start; the rest are its last lines."""

LOG_LINES = 100_000
"""Lines of a file past which only its first ``MANY_LINES`` are read, not its last ones."""

_FENCE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})", re.MULTILINE)
"""A line that opens or closes a code fence."""


def readable_lines(text: str) -> str:
    """``text`` with each line cut to its first ``LONG_LINE`` characters and, past
    ``MANY_LINES`` lines, only its first ``HEAD_LINES`` and its last lines read (those between
    blank, but for an open fence's last line); past ``LOG_LINES`` lines, its first
    ``MANY_LINES``."""
    if len(text) <= LONG_LINE:
        return text
    if text.count("\n") >= LOG_LINES:
        lines = text.split("\n", MANY_LINES)[:MANY_LINES]
    elif len(lines := text.split("\n")) > MANY_LINES:
        lines = _head_and_tail(lines)
    elif max(map(len, lines)) <= LONG_LINE:
        return text
    return "\n".join(line[:LONG_LINE] for line in lines)


def unread_lines(text: str) -> tuple[int, int, int] | None:
    """The lines `readable_lines` reads as blank, as (first, last, lines in the file), 1-based;
    ``None`` when it reads every line (cutting only long ones, or none)."""
    if len(text) <= LONG_LINE:
        return None
    breaks = text.count("\n")
    total = breaks + (not text.endswith("\n"))
    if breaks >= LOG_LINES:
        return MANY_LINES + 1, total, total
    if breaks + 1 > MANY_LINES:
        return HEAD_LINES + 1, breaks + 1 - (MANY_LINES - HEAD_LINES), total
    return None


def _head_and_tail(lines: list[str]) -> list[str]:
    """``lines`` with those between the head and the tail blank, but for the last fence line
    among them when they leave a fence open (an odd number of fence lines)."""
    end = len(lines) - (MANY_LINES - HEAD_LINES)
    between = "\n".join(lines[HEAD_LINES:end])
    blank = [""] * (end - HEAD_LINES)
    fences = [match.start() for match in _FENCE.finditer(between)]
    if len(fences) % 2:
        last = between.count("\n", 0, fences[-1])
        blank[last] = lines[HEAD_LINES + last]
    return [*lines[:HEAD_LINES], *blank, *lines[end:]]


__all__ = [
    "HEAD_LINES",
    "LOG_LINES",
    "LONG_LINE",
    "MANY_LINES",
    "readable_lines",
    "unread_lines",
]
