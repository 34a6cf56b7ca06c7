"""Control characters made visible, for every output a terminal or a reader sees.

A packet, a path or a git message can hold ESC (``\\x1bc`` resets a terminal), C1 controls
(``\\x9b`` is a one-byte CSI) or other C0 controls. Text outputs show them as escapes instead:
``\\x1b``, ``\\x9b``. Newline and tab are kept in running text; in a path or a name (one line)
they are escaped too.
"""

from __future__ import annotations

_CODES = [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)]
_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
_ALL = {code: _ESCAPES.get(chr(code), f"\\x{code:02x}") for code in _CODES}
_TEXT = {code: esc for code, esc in _ALL.items() if chr(code) not in "\n\t"}
# Line and paragraph separators end a line in some terminals and editors; a one-line name keeps them
# visible as well.
_LINE = {**_ALL, 0x2028: "\\u2028", 0x2029: "\\u2029"}


def text(value: str) -> str:
    """Running text with every control but newline and tab shown as an escape."""
    return value.translate(_TEXT)


def one_line(value: str) -> str:
    """A path or a name on one line: every control (newline and tab too) shown as an escape."""
    return value.translate(_LINE)


_JSON = {code: f"\\u{code:04x}" for code in [0x7F, *range(0x80, 0xA0)]}


def json_text(value: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``, which leaves DEL and C1 raw)
    with those as ``\\u`` escapes too: the same data, nothing a terminal acts on."""
    return value.translate(_JSON)


def shortened(value: str, limit: int, *, squeeze: bool = True) -> str:
    """``value`` cut to ``limit`` characters, the last one ``…`` when it was cut; with
    ``squeeze``, runs of whitespace (newlines too) first become one space."""
    if squeeze:
        value = " ".join(value.split())
    return value if len(value) <= limit else value[: limit - 1] + "…"
