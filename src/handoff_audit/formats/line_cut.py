"""Cut one line of markdown that this tool built (`inert` text, code spans, ``**`` labels)
inside it, when even the line alone is over a budget.

The cut falls between whole units of the line: a markdown escape (``\\*``), a control shown as
an escape (``\\x1b``), a mention's ``@`` and its joiner, a character with the marks and
joiners that bind to it. It prefers a space; it closes a code span or a ``**`` left open, so
the line stays the markdown it was, ending in "…".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from handoff_audit.textcut import ELLIPSIS

_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_JOINERS = frozenset("\u200d\u200c")
_SHOWN_CONTROL = re.compile(r"(\\?)\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|[ntr])")
"""A control as `controls` shows it (``\\x1b``), its backslash escaped in markdown text."""


@dataclass(frozen=True, slots=True)
class _Stop:
    """A place the line may be cut: the text up to it, and what closes what is open there."""

    end: int
    """The index in the line the kept text ends before."""
    closers: str
    """What closes the code span and the strong emphasis open there (`` ` `` , ``**``)."""
    at_space: bool
    """True when the cut falls on a space: between words."""


def _joined(line: str, at: int) -> bool:
    """Whether the characters on both sides of ``at`` make one: a mark, a variation selector
    or a joiner binds to its neighbour."""
    return unicodedata.category(line[at]) in ("Mn", "Me") or bool(
        _JOINERS.intersection(line[at - 1 : at + 1])
    )


def _unit_end(line: str, start: int, *, in_code: bool = False) -> int:
    """Where the unit that starts at ``start`` ends: a control shown as an escape (``\\x1b``,
    its backslash escaped outside code), a markdown escape (``\\*``, outside code), or a
    character with the marks, joiners and variation selectors that bind to it."""
    shown = _SHOWN_CONTROL.match(line, start)
    if shown and (not in_code or not shown.group(1)):
        return shown.end()
    if not in_code and line.startswith("\\", start) and line[start + 1 : start + 2] in _PUNCTUATION:
        return start + 2
    end = start + 1
    while end < len(line) and _joined(line, end):
        end += 1
    return end


def _run_of_backticks(line: str, start: int) -> int:
    end = start
    while end < len(line) and line[end] == "`":
        end += 1
    return end - start


def _closing_run(line: str, start: int, fence: str) -> int:
    """Where the code span opened by ``fence`` before ``start`` closes (-1: it does not)."""
    at = line.find(fence, start)
    while at >= 0:
        run = _run_of_backticks(line, at)
        if run == len(fence) and (at == 0 or line[at - 1] != "`"):
            return at
        at = line.find(fence, at + run)
    return -1


def _stops(line: str) -> Iterator[_Stop]:
    """Every place the line may be cut, in order."""
    at, strong = 0, False
    while at < len(line):
        if line[at] == "`":
            run = _run_of_backticks(line, at)
            fence = line[at : at + run]
            close = _closing_run(line, at + run, fence)
            if close < 0:
                at += run  # backticks that open nothing are plain text
                continue
            inside = _unit_end(line, at + run, in_code=True)
            while inside < close:
                # Not after a backtick: it would merge with the closing fence into a longer run.
                if line[inside - 1] != "`":
                    closers = fence + ("**" if strong else "")
                    yield _Stop(inside, closers, line[inside].isspace())
                inside = _unit_end(line, inside, in_code=True)
            at = close + run
        elif line.startswith("**", at):
            strong, at = not strong, at + 2
        else:
            at = _unit_end(line, at)
        if at < len(line) and not (strong and line.startswith("**", at - 2)):
            yield _Stop(at, "**" if strong else "", line[at].isspace())


def cut_line(line: str, budget: int, measure: Callable[[str], int]) -> str:
    """The longest cut of ``line`` (at a space when there is one in its second half) that,
    with its closers and "…", measures at most ``budget``; "" when none does."""
    best: _Stop | None = None
    best_space: _Stop | None = None
    used = previous = 0
    lead = len(line) - len(line.lstrip("> "))  # a quote's marker alone is no text
    for stop in _stops(line):
        used += measure(line[previous : stop.end])
        previous = stop.end
        if used + measure(stop.closers + ELLIPSIS) > budget:
            break
        if stop.end <= lead:
            continue
        best = stop
        if stop.at_space:
            best_space = stop
    if best_space is not None and best is not None and best_space.end >= best.end // 2:
        best = best_space
    if best is None:
        return ""
    kept = line[: best.end]
    # Spaces at the end of a code span are its text; anywhere else they go.
    return (kept if "`" in best.closers else kept.rstrip()) + best.closers + ELLIPSIS
