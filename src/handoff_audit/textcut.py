"""Shorten a message's text to a length without cutting a word in two.

Every message that quotes a value of unbounded length (a command, a field, a line of git's
output) goes through `shorten`, the one shortening function, so no output anywhere ends mid-word
and none ends inside a credential: a cut token would no longer be recognised by the redaction
that messages get afterwards, and its prefix would be printed.
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
    it, is cut inside. A credential the cut would break (cut inside it, or cut off the character
    that closes it) is left out whole: the text is cut before it, so what is shown is either
    recognised, and redacted later, or not shown at all.
    """
    if squeeze:
        text = " ".join(text.split())
    if len(text) <= limit:
        return text
    # imported here: credentials shortens what it shows with this module
    from handoff_audit.credentials import find_secrets

    cut = _cut(text, limit)
    secrets = find_secrets(text)
    while secrets:
        shown = {(found.start, found.end) for found in find_secrets(cut)}
        head = len(cut) - len(ELLIPSIS)
        # a credential cut, or whose closing character was cut, is no longer recognised
        broken = [s for s in secrets if s.start < head and (s.start, s.end) not in shown]
        if not broken:
            break
        cut = text[: broken[0].start].rstrip() + ELLIPSIS
    return cut


def _cut(text: str, limit: int) -> str:
    """`shorten` of a ``text`` longer than ``limit``, credentials aside."""
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


_SENTENCE_END = re.compile(r"[.!?。！？](?=\s)|\n")
_CLAUSE_END = re.compile(r"[,;:，；：](?=\s)")


def at_clause(text: str, limit: int) -> str:
    """`shorten`, cut after the last sentence's end within ``limit`` when one is in its second
    half, else after the last clause's (a comma, a semicolon), else at a word: a quoted step
    does not stop mid-phrase."""
    cut = shorten(text, limit)
    if cut == text:
        return cut
    head = cut[: -len(ELLIPSIS)]
    for ends in (_SENTENCE_END, _CLAUSE_END):
        found = [m.end() for m in ends.finditer(head)]
        if found and found[-1] >= len(head) // 2:
            return head[: found[-1]].rstrip() + ELLIPSIS
    return cut


def whole_commands(text: str, limit: int) -> str:
    """`shorten`, never cutting inside a command in backticks: a command the cut would break
    is left out whole (the text is cut before its opening backtick), as a cut command cannot be
    run as printed."""
    cut = shorten(text, limit)
    if cut.count("`") % 2 == 0:
        return cut
    return cut[: cut.rfind("`")].rstrip(" ,;:") + "…"


_STATEMENT_END = re.compile(r"[.;] ")
_CHOICE = re.compile(r"\bor\b")


def whole_clauses(text: str, limit: int) -> str:
    """`whole_commands` for a message whose last clause, after its last ``; ``, says what to do:
    cut after its last sentence or clause that fits (``; …``), never inside one, so a command
    is never cut off (the caller prints the command apart). A last clause that names a choice
    ("…, or, if the work is done, delete it") is kept whole instead, and the text before it
    shortened. ``;`` and ``.`` in a command in backticks are no boundary. At most ``limit``
    characters."""
    if len(text) <= limit:
        return text
    ends = [
        m.start() for m in _STATEMENT_END.finditer(text) if text.count("`", 0, m.start()) % 2 == 0
    ]
    last = next((end for end in reversed(ends) if text[end] == ";"), None)
    if last is not None:
        tail = text[last + 2 :]
        room = limit - len(tail) - 2
        if _CHOICE.search(re.sub(r"`[^`]*`", "", tail)) and room >= limit // 3:
            return f"{whole_commands(text[:last], room)}; {tail}"
    fits = [end for end in ends if end + 3 <= limit]
    if fits:
        return f"{text[: fits[-1] + 1]} {ELLIPSIS}"
    return whole_commands(text, limit)
