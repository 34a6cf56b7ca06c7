"""The headings a note's line stands under: its ATX headings as a stack, a deeper one closed by
the next of its level or higher, a ``#`` in fenced code read as code. `engine/step_sections`
(the headings over a place a next step may be) and `engine/next_step` (the places under a
heading over a record of past work) walk a note this one way."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from handoff_audit.markdown.prose import FENCE

ATX = re.compile(r"^\s{0,3}(#{1,6})\s")
"""An ATX heading's line; its group, the heading's marks."""

T = TypeVar("T")


def under_headings(
    lines: Sequence[str], read: Callable[[str], T]
) -> Iterator[tuple[int, tuple[T, ...], T | None]]:
    """For each of ``lines``: its number (1-based), what ``read`` made of the words of each
    heading whose section holds it (the text after the ``#`` marks), outermost first, and of
    its own words when it is a heading itself (else ``None``), not among the former."""
    stack: list[tuple[int, T]] = []
    fenced = False
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            fenced = not fenced
        atx = None if fenced else ATX.match(line)
        if atx is None:
            yield number, tuple(made for _, made in stack), None
            continue
        level = len(atx.group(1))
        while stack and stack[-1][0] >= level:
            stack.pop()
        own = read(line[atx.end() :])
        yield number, tuple(made for _, made in stack), own
        stack.append((level, own))
