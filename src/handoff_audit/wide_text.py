"""Text that is not UTF-8 but is text: UTF-16 or UTF-32, with a byte order mark or without one.
The audit refuses such a handoff (`engine.loading`), yet still reads it, as its reader would:
for the `secret` scan, and for the merge gate's reading of a note by its content
(`git.agent_notes`), so that saving a note as UTF-16 hides nothing from either."""

from __future__ import annotations

import codecs

BOM_CODECS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),  # before UTF-16's, which it starts with
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
"""Each byte order mark, and the codec it says the text is in."""

_SNIFF = 4096
"""The bytes of a file's start that tell UTF-16 or UTF-32 text without a byte order mark."""


def decode_text(data: bytes) -> str:
    """``data`` as text, the way its byte order mark says (the mark left out), else as UTF-16 or
    UTF-32 without one (`wide_codec`), else as UTF-8; bad bytes replaced."""
    for mark, codec in BOM_CODECS:
        if data.startswith(mark):
            return data[len(mark) :].decode(codec, "replace")
    return data.decode(wide_codec(data) or "utf-8", "replace")


def wide_codec(data: bytes) -> str | None:
    """The codec of UTF-32 or UTF-16 text without a byte order mark (``utf-32-le``,
    ``utf-16-be``, ...), else ``None``.

    Such a file's start holds NUL bytes and is not UTF-8 text: it does not decode as UTF-8, or
    one character in four or more is a control character (the high byte of a Latin, Cyrillic,
    Greek... character; UTF-8 text with a stray NUL has few), and it decodes as text in the
    codec, one character in 50 at most a control character (`_controls`): UTF-32 first (read as
    UTF-16, its every other character is a NUL) when no more than half its characters are
    beyond U+FFFF (`_astral`: UTF-16 text of blank lines decodes as UTF-32 too), then UTF-16
    in the byte order whose high bytes hold more of the NULs (an ASCII character's: spaces, line
    ends, digits, punctuation). So text that opens with Cyrillic or Chinese is known too, not
    only text that opens in ASCII.

    Yet 8-bit text (Windows-1252, Latin-1) with a stray NUL byte or two is no wide text, though
    its pairs of ASCII bytes decode as UTF-16 Chinese (`_eight_bit`)."""
    head = data[:_SNIFF]
    if b"\0" not in head or _eight_bit(head):
        return None
    utf8 = _controls(_decoded(head, "utf-8"))
    if utf8 is not None and utf8 * 4 < 1:
        return None
    utf16 = "utf-16-le" if head[1::2].count(0) >= head[::2].count(0) else "utf-16-be"
    for codec in ("utf-32-le", "utf-32-be", utf16):
        text = _decoded(head, codec)
        share = _controls(text)
        if share is None or share * 50 > 1:
            continue
        if codec != utf16 and _astral(text) * 2 > 1:
            continue  # UTF-16 read four bytes at a time: ' \n' is U+A0020
        return codec
    return None


def _eight_bit(head: bytes) -> bool:
    """Whether ``head`` (a file's start, holding NUL bytes) is 8-bit text with stray NULs, not
    UTF-16 or UTF-32 text: fewer than a third of its bytes at either parity are NULs (in wide
    text of ASCII, Latin or even Greek or Cyrillic text with its spaces and line ends, one
    character in three or so has a NUL high byte), and no byte is a control character but a
    NUL, a tab or a line end (the high byte of a Greek or Cyrillic character, 0x03 or 0x04, is
    one; so are many low bytes of Chinese text)."""
    if max(head[::2].count(0), head[1::2].count(0)) * 3 >= len(head) // 2:
        return False
    return not any((byte < 0x20 and byte not in b"\0\t\n\r") or byte == 0x7F for byte in head)


def _decoded(head: bytes, codec: str) -> str:
    """``head`` (a file's start, perhaps cut inside a character) decoded in ``codec``; empty
    when it does not decode."""
    try:
        return codecs.getincrementaldecoder(codec)().decode(head, final=False)
    except UnicodeDecodeError:
        return ""


def _controls(text: str) -> float | None:
    """The share of control characters other than a tab or a line end in ``text``; ``None``
    when it is empty (it did not decode, or to nothing)."""
    if not text:
        return None
    controls = sum(
        1 for char in text if (char < " " and char not in "\t\n\r") or "\x7f" <= char <= "\x9f"
    )
    return controls / len(text)


def _astral(text: str) -> float:
    """The share of characters beyond U+FFFF in ``text`` (not empty): few in UTF-32 text, where
    most characters have a zero third byte; most when the bytes are UTF-16 text, where that
    byte is the next character's low byte."""
    return sum(1 for char in text if char > "\uffff") / len(text)
