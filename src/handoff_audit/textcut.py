"""Shorten a message's text to a length without cutting a word in two.

Every message that quotes a value of unbounded length (a command, a field, a line of git's
output) goes through `shorten`, the one shortening function, so no output anywhere ends mid-word.
"""

from __future__ import annotations

import re

ELLIPSIS = "…"
"""What marks a shortened text."""

_SEPARATORS = re.compile(r"[/\\,;:._-]")
_SPACE = re.compile(r"\s")


def shorten(text: str, limit: int, *, squeeze: bool = False) -> str:
    """``text`` when it has at most ``limit`` characters; otherwise its longest prefix that ends
    at a word boundary, then "…", at most ``limit`` characters in all. With ``squeeze``, runs of
    whitespace (newlines too) first become one space, for text shown on one line.

    A boundary is whitespace or, inside one long word such as a path, just after a separator
    (``/``, ``.``, ``-``, ...). Only a word longer than half of ``limit``, with no boundary in
    it, is cut inside.
    """
    if squeeze:
        text = " ".join(text.split())
    if len(text) <= limit:
        return text
    room = max(limit - 1, 0)
    head = text[:room]
    if _SPACE.match(text, room):
        return head.rstrip() + ELLIPSIS
    spaces = [m.start() for m in _SPACE.finditer(head)]
    if spaces and spaces[-1] >= room // 2:
        return head[: spaces[-1]].rstrip() + ELLIPSIS
    separators = [m.end() for m in _SEPARATORS.finditer(head)]
    if separators and separators[-1] >= room // 2:
        return head[: separators[-1]] + ELLIPSIS
    return head + ELLIPSIS
