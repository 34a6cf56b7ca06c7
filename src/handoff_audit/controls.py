"""Control characters made visible, for every output a terminal or a reader sees.

A packet, a path or a git message can hold ESC (``\\x1bc`` resets a terminal), C1 controls
(``\\x9b`` is a one-byte CSI) or other C0 controls. Text outputs show them as escapes instead:
``\\x1b``, ``\\x9b``. Newline and tab are kept in running text; in a path or a name (one line)
they are escaped too.

Bidirectional controls (U+202E reverses what follows, "Trojan Source") and invisible characters
(zero-width space, word joiner, byte order mark) are shown the same way, as ``\\u202e``: they
change what a reader sees without being seen. The zero-width joiner and non-joiner stay: emoji
sequences and several scripts need them, and they move nothing.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

_CODES = [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)]
_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
BIDI = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
"""Bidirectional formatting characters: marks, embeddings, overrides, isolates."""
INVISIBLE = (0x180E, 0x200B, *range(0x2060, 0x2065), 0xFEFF)
"""Zero-width and invisible characters that join nothing."""
_ALL = {code: _ESCAPES.get(chr(code), f"\\x{code:02x}") for code in _CODES}
_ALL |= {code: f"\\u{code:04x}" for code in (*BIDI, *INVISIBLE)}
# A path's byte that is not UTF-8 arrives as a lone surrogate (U+DC80-U+DCFF, Python's
# surrogateescape) and cannot be written at all: shown as the byte, ``\\xff``. Any other lone
# surrogate (a ``\\ud800`` escape in JSON) as its code.
_UNDECODABLE = {code: f"\\x{code - 0xDC00:02x}" for code in range(0xDC80, 0xDD00)}
_SURROGATES = {code: f"\\u{code:04x}" for code in range(0xD800, 0xE000)} | _UNDECODABLE
_ALL |= _SURROGATES
_TEXT = dict(_ALL)
del _TEXT[ord("\n")], _TEXT[ord("\t")]
# Line and paragraph separators end a line in some terminals and editors; a one-line name keeps them
# visible as well.
_LINE = {**_ALL, 0x2028: "\\u2028", 0x2029: "\\u2029"}


def text(value: str) -> str:
    """Running text with every control but newline and tab shown as an escape."""
    return value.translate(_TEXT)


def one_line(value: str) -> str:
    """A path or a name on one line: every control (newline and tab too) shown as an escape."""
    return value.translate(_LINE)


IGNORABLE = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors
    (0x2060, 0x206F),
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),
    (0x1D173, 0x1D17A),  # musical symbol beam and phrase marks
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement
)
"""Unicode's default ignorable code points that are no format character (Cf): nothing shows
where they stand, as nothing shows for a zero-width space."""


def _hidden(char: str) -> bool:
    """Whether ``char`` shows nothing: a format character (Cf) or a default ignorable one."""
    code = ord(char)
    if code < 0xAD:
        return False
    return unicodedata.category(char) == "Cf" or any(lo <= code <= hi for lo, hi in IGNORABLE)


def visible(value: str) -> str:
    """``value`` as a reader sees it: without the characters that show nothing (`_hidden`:
    zero-width, bidirectional, variation selectors, fillers, tags), so that
    ``HAND\u200bOFF.md`` and ``HANDOFF\ufe0f.md`` are ``HANDOFF.md``."""
    if value.isascii():
        return value
    return "".join(char for char in value if not _hidden(char))


def formats_shown(value: str) -> str:
    """A path or a name on one line (`one_line`) with every character that shows nothing
    (`_hidden`) shown as an escape too, the zero-width joiner and non-joiner among them:
    ``\u034f``, ``\U000e0041``."""
    shown = one_line(value)
    if shown.isascii():
        return shown
    return "".join(_escape(char) if _hidden(char) else char for char in shown)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


_JSON = {code: f"\\u{code:04x}" for code in [0x7F, *range(0x80, 0xA0), *BIDI, *INVISIBLE]}
_JSON |= _SURROGATES | {code: f"\\\\x{code - 0xDC00:02x}" for code in _UNDECODABLE}


def json_text(value: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``, which leaves DEL, C1, bidi and
    invisible characters raw) with those as ``\\u`` escapes too: the same data, nothing a
    terminal acts on."""
    return _json_controls().sub(_json_escape, value)


@cache
def _json_controls() -> re.Pattern[str]:
    """Any character `json_text` escapes (speed: `str.translate` with this table took a third
    of a second on a 10,000-packet report; a search for them takes a twentieth of that)."""
    return re.compile("[" + "".join(f"\\U{code:08x}" for code in sorted(_JSON)) + "]")


def _json_escape(found: re.Match[str]) -> str:
    return _JSON[ord(found.group())]


LONE_SURROGATE = "[\ud800-\udfff]"
"""A lone surrogate: an undecodable byte of a path, or a ``\\ud800`` escape in JSON. A pattern
source: `re` compiles it on first use, off the start-up path (the paths that meet one are rare)."""


def without_lone_surrogates(text: str) -> str:
    """``text`` with each lone surrogate made U+FFFD, one character for one: RE2 and UTF-8
    outputs take the text, and its indexes stay the same."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")  # speed: fails only on a surrogate, faster than a search for one
    except UnicodeEncodeError:
        return re.sub(LONE_SURROGATE, "\ufffd", text)
    return text
