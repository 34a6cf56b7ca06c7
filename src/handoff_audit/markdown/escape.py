"""Escape text for CommonMark (and GitHub's extensions) only where it would mean something.

Agents read a twin raw and copy from it, so a backslash is added only before a character that
would otherwise change what the document shows: `tests/test_refund.py::test_partial` stays as it
is, `__init__.py` does not (it would be bold). Each character is judged in its position, by the
rules of the CommonMark spec:

- a delimiter run of ``*``, ``_`` or ``~`` only when it can open or close emphasis and another
  run of the same character could pair with it in its piece; a ``~`` run between a bold
  part's ``**`` and a space, which GitHub would leave open otherwise (`_mark_past_strong`);
- backticks only when two runs have the same length (one could open a code span the other
  closes);
- ``<`` only before what could be a tag or an autolink; ``&`` only before what could be an
  entity; ``]`` only before ``(`` (without link definitions, which a line-start ``[`` cannot
  begin, only inline links exist); a backslash only before punctuation or at a line's end;
- at a line's start, what would begin a block: heading, quote, list item, thematic break,
  setext underline, fence, table delimiter row, link definition ``[label]: url``, task box;
- ``$`` when two could pair (GitHub's math).

The property tests check the result both ways: markdown-it gives back the text, and cmark-gfm
(GitHub's parser) shows exactly the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_SPECIAL = re.compile(r"[\\`*_\]<~&$]")
"""Characters that can matter inside a line."""
_STARTS = re.compile(r"(?:^|\n)[#>\[\-+*_=`~|:0-9]")
"""Characters that can matter at a line's start."""
_ENTITY = re.compile(r"&(?:#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)")
_DELIMITER_ROW = re.compile(r"^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_BREAK = re.compile(r"^(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,}|=+\s*|-+\s*)$")
_TASK = re.compile(r"^\[[ xX]\](?:\s|$)")
"""A task box, when the line starts a list item."""
_ONLY_MARKS = frozenset("*-_=+ \t")
_ORDERED = re.compile(r"^\d{1,9}[.)](?:\s|$)")
_HEADING = re.compile(r"^#{1,6}(?:\s|$)")
_FENCE = re.compile(r"^(?:`{3,}|~{3,})")


@dataclass(slots=True)
class Piece:
    """A run of text that is escaped, in the context the renderer puts it in."""

    text: str
    """The text (a paragraph may hold line breaks)."""
    strong: bool = False
    """Inside ``**...**``: the ``*`` around it pair with any ``*`` inside."""
    line_start: bool = False
    """Its first character (and each one after a line break) starts a line."""
    before: str = " "
    """The character the renderer puts before it (a space, or ``*`` after ``**``)."""
    after: str = "\n"
    """The character the renderer puts after it."""


def escape_pieces(pieces: Sequence[Piece], *, heading: bool = False) -> list[str]:
    """Each piece escaped. Pieces side by side in one inline context (an item's parts, one
    paragraph) are judged together: a backtick or ``$`` in one can pair with one in another."""
    if not any(
        _SPECIAL.search(p.text) or (p.line_start and _STARTS.search(p.text)) or heading
        for p in pieces
    ):
        return [p.text for p in pieces]  # nothing to look at (speed: most text is plain)
    marks: list[set[int]] = [set() for _ in pieces]
    _mark_backticks(pieces, marks)
    _mark_dollars(pieces, marks)
    for piece, marked in zip(pieces, marks, strict=True):
        _mark_inline(piece, marked)
        if piece.line_start:
            _mark_line_starts(piece.text, marked)
        if heading:
            _mark_closing_hashes(piece.text, marked)
    _mark_past_strong(pieces, marks)
    _mark_split_backticks(pieces, marks)
    return [_apply(p.text, m) for p, m in zip(pieces, marks, strict=True)]


def escape_text(text: str, *, line_start: bool = True, heading: bool = False) -> str:
    """One piece of text (a paragraph, a heading, a value) escaped on its own."""
    return escape_pieces([Piece(text, line_start=line_start)], heading=heading)[0]


def _apply(text: str, marked: set[int]) -> str:
    if not marked:
        return text
    out: list[str] = []
    last = 0
    for index in sorted(marked):
        out.append(text[last:index])
        out.append("\\")
        last = index
    out.append(text[last:])
    return "".join(out)


def _mark_backticks(pieces: Sequence[Piece], marks: list[set[int]]) -> None:
    """A backtick run opens a code span only when a later run has the same length; when one
    does, every backtick is escaped (an escaped backtick still closes a code span, so escaping
    only the openers is not enough)."""
    lengths = [
        len(m.group())
        for piece in pieces
        if "`" in piece.text
        for m in re.finditer(r"`+", piece.text)
    ]
    if len(lengths) == len(set(lengths)):
        return
    for n, piece in enumerate(pieces):
        marks[n].update(i for i, ch in enumerate(piece.text) if ch == "`")


def _mark_split_backticks(pieces: Sequence[Piece], marks: list[set[int]]) -> None:
    """Each escaped backtick is a run of its own, so escaping a fence at a line's start turns
    one run of three into three runs of one that a lone backtick elsewhere closes a code span
    with (`` `\n``` `` showed as code): once one backtick is escaped, every one is."""
    escaped = (p.text[i] for p, marked in zip(pieces, marks, strict=True) for i in marked)
    if "`" in escaped:
        for n, piece in enumerate(pieces):
            marks[n].update(i for i, ch in enumerate(piece.text) if ch == "`")


def _mark_dollars(pieces: Sequence[Piece], marks: list[set[int]]) -> None:
    """GitHub shows text between two ``$`` as math: escape every ``$`` when there are two."""
    places = [(n, i) for n, p in enumerate(pieces) for i, ch in enumerate(p.text) if ch == "$"]
    if len(places) > 1:
        for n, i in places:
            marks[n].add(i)


def _mark_inline(piece: Piece, marked: set[int]) -> None:
    text = piece.text
    if not _SPECIAL.search(text):
        return
    size = len(text)
    for index, ch in enumerate(text):
        if ch == "\\":
            following = text[index + 1] if index + 1 < size else piece.after
            if following in _ASCII_PUNCT or following == "\n":
                marked.add(index)
        elif ch == "<":
            following = text[index + 1] if index + 1 < size else ""
            if following and following.isascii() and (following.isalpha() or following in "/!?"):
                marked.add(index)
        elif ch == "&":
            if _ENTITY.match(text, index):
                marked.add(index)
        elif ch == "]":
            following = text[index + 1] if index + 1 < size else piece.after
            if following == "(":
                marked.add(index)
    for delimiter in "*_~":
        if delimiter in text:
            _mark_delimiter_runs(piece, delimiter, marked)


def _mark_delimiter_runs(piece: Piece, delimiter: str, marked: set[int]) -> None:
    """Emphasis (``*``, ``_``) and strikethrough (``~``) need a run that can open before one
    that can close; when there is such a pair, every run that can open or close is escaped.
    Inside ``**...**`` any ``*`` run that can open or close is escaped: the ``**`` around it
    are its partners."""
    runs = _runs(piece, delimiter)
    if runs and ((piece.strong and delimiter == "*") or _paired(runs, opened=False)):
        for start, end, _, _ in runs:
            marked.update(range(start, end))


_Run = tuple[int, int, bool, bool]
"""A delimiter run: start, end, can open, can close."""


def _runs(piece: Piece, delimiter: str) -> list[_Run]:
    """The runs of ``delimiter`` in ``piece`` that can open or close."""
    text = piece.text
    runs: list[_Run] = []
    for match in re.finditer(re.escape(delimiter) + "+", text):
        start, end = match.span()
        before = text[start - 1] if start else piece.before
        after = text[end] if end < len(text) else piece.after
        opens, closes = _flanking(delimiter, before, after)
        if opens or closes:
            runs.append((start, end, opens, closes))
    return runs


def _paired(runs: Sequence[_Run], *, opened: bool) -> bool:
    """True when a run that can close follows one that can open (``opened``: one is open
    before the first run)."""
    for _, _, opens, closes in runs:
        if closes and opened:
            return True
        opened = opened or opens
    return False


def _mark_past_strong(pieces: Sequence[Piece], marks: list[set[int]]) -> None:
    """cmark-gfm skips ``~`` when it looks at the characters around a ``*`` run, so the
    ``**`` of ``**~ a**`` cannot open and that of ``**a ~**`` cannot close (a space beside
    it): GitHub showed those ``**`` as they are, and the runs in the bold part paired with
    runs after it on the line (``**# ~** — #~`` was struck through). The ``~`` run between
    the ``**`` and the space is escaped: past a backslash the ``**`` opens or closes again,
    and the bold part is bold, its runs closed in."""
    for piece, marked in zip(pieces, marks, strict=True):
        if not piece.strong:
            continue
        cannot_open, cannot_close = _stuck(piece.text, marked)
        if cannot_open:
            marked.update(range(len(piece.text) - len(piece.text.lstrip("~"))))
        if cannot_close:
            marked.update(range(len(piece.text.rstrip("~")), len(piece.text)))


def _stuck(text: str, marked: set[int]) -> tuple[bool, bool]:
    """(cannot open, cannot close) of the ``**`` around ``text``: an unescaped ``~`` run
    between it and a space (cmark-gfm looks past the ``~`` and sees the space)."""
    head, tail = text.lstrip("~"), text.rstrip("~")
    cannot_open = head != text and _space(head[:1] or "*") and 0 not in marked
    cannot_close = tail != text and _space(tail[-1:] or "*") and len(text) - 1 not in marked
    return cannot_open, cannot_close


def _flanking(delimiter: str, before: str, after: str) -> tuple[bool, bool]:
    """(can open, can close) of a delimiter run between ``before`` and ``after``, as the
    CommonMark spec defines them. Where parsers disagree on what is punctuation, either answer
    counts: Unicode symbols (spec versions differ), and ``~``, which cmark-gfm's strikethrough
    extension makes count as a letter next to ``*`` (``x*~a*`` is emphasis on GitHub)."""
    opens = closes = False
    for symbols, tilde in ((False, True), (True, True), (False, False)):
        space_before, space_after = _space(before), _space(after)
        punct_before = _punct(before, symbols, tilde)
        punct_after = _punct(after, symbols, tilde)
        left = not space_after and (not punct_after or space_before or punct_before)
        right = not space_before and (not punct_before or space_after or punct_after)
        if delimiter == "_":
            opens = opens or (left and (not right or punct_before))
            closes = closes or (right and (not left or punct_after))
        else:
            opens, closes = opens or left, closes or right
    return opens, closes


def _space(ch: str) -> bool:
    return not ch or ch.isspace()


def _punct(ch: str, symbols: bool, tilde: bool) -> bool:
    if ch == "~":
        return tilde
    if ch in _ASCII_PUNCT:
        return True
    if not ch or ch.isascii():
        return False
    category = unicodedata.category(ch)
    return category.startswith("P") or (symbols and category.startswith("S"))


def _mark_line_starts(text: str, marked: set[int]) -> None:
    offset = 0
    for number, line in enumerate(text.split("\n")):
        _mark_line_start(line, offset, number > 0, marked, text)
        offset += len(line) + 1


def _mark_line_start(line: str, offset: int, continued: bool, marked: set[int], text: str) -> None:
    """What would make this line a block of its own instead of text."""
    if not line:
        return
    first = line[0]
    if _opens_block(line) or (first == "[" and (_TASK.match(line) or "]:" in text)):
        marked.add(offset)
    elif first in "`~" and (fence := _FENCE.match(line)):
        marked.update(range(offset, offset + fence.end()))
    elif first.isdigit() and (ordered := _ORDERED.match(line)):
        marked.add(offset + ordered.end() - (2 if ordered.group().endswith((" ", "\t")) else 1))
    if continued and first in "|:-" and _DELIMITER_ROW.match(line):
        marked.add(offset)  # a table's delimiter row would make the line before a header


def _opens_block(line: str) -> bool:
    """A quote, list item, thematic break or setext underline,
    or ATX heading: escaping the first character is enough. A line of only ``*-_=+`` and spaces
    counts whatever its length: after a list item's bullet (which a user may change from ``-``
    to ``*``) two more make a thematic break."""
    first = line[0]
    return (
        first == ">"
        or _ONLY_MARKS.issuperset(line)
        or (first in "-+*" and (len(line) == 1 or line[1] in " \t"))
        or (first in "-*_=" and _BREAK.match(line) is not None)
        or (first == "#" and _HEADING.match(line) is not None)
    )


def _mark_closing_hashes(text: str, marked: set[int]) -> None:
    """In a heading, a trailing run of ``#`` after a space (or alone) would be dropped."""
    stripped = text.rstrip("#")
    if stripped != text and (not stripped or stripped.endswith((" ", "\t"))):
        marked.update(range(len(stripped), len(text)))


__all__ = ["Piece", "escape_pieces", "escape_text"]
