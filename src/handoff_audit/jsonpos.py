"""A strict JSON parser that remembers where every value and key starts.

The standard library's parser gives no positions, accepts NaN and Infinity, keeps the last of
duplicate keys and recurses without limit. This one is strict where a handoff packet must be,
and maps every JSON pointer to a 1-based (line, column) so that findings point at the place.
Strings are decoded by the standard library's C scanner, so it stays fast.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from json import decoder
from typing import Any

from handoff_audit.controls import LONE_SURROGATE
from handoff_audit.credentials import show

MAX_DEPTH = 64
"""Deeper nesting is refused: no packet needs it, and it would exhaust the stack downstream."""

_scanstring: Any = decoder.scanstring  # type: ignore[attr-defined]  # C-accelerated, untyped
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_WORDS = {"true": True, "false": False, "null": None}
_NOT_JSON_WORDS = ("NaN", "Infinity", "-Infinity", "undefined")


class JsonPositionError(ValueError):
    """The text is not strict JSON; ``line``/``column`` say where (1-based)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{message} (line {line}, column {column})")
        self.reason = message
        """What is wrong, without the location."""
        self.line = line
        """1-based line."""
        self.column = column
        """1-based column, in characters."""


@dataclass(slots=True)
class Parsed:
    """A parsed document and the positions of everything in it."""

    value: Any
    """The parsed value."""
    positions: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """JSON pointer -> (line, column) where the value starts."""
    key_positions: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """JSON pointer -> (line, column) of the member's key in its object."""


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for messages (``array``, ``string``, ...)."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "null" if value is None else "number"


def escape_token(token: str) -> str:
    """One JSON pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def unescape_token(token: str) -> str:
    """The member name or index a JSON pointer reference token stands for (RFC 6901)."""
    return token.replace("~1", "/").replace("~0", "~")


def field_name(pointer: str) -> str:
    """A pointer as people read it: ``/open_risks/0/severity`` -> ``open_risks[0].severity``."""
    if not pointer:
        return "the packet"
    out = ""
    for token in map(unescape_token, pointer[1:].split("/")):
        out += f"[{token}]" if token.isdigit() else (f".{token}" if out else token)
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.positions: dict[str, tuple[int, int]] = {}
        self.key_positions: dict[str, tuple[int, int]] = {}

    def where(self, index: int) -> tuple[int, int]:
        line = bisect_right(self.line_starts, index)
        return line, index - self.line_starts[line - 1] + 1

    def fail(self, message: str, index: int) -> JsonPositionError:
        line, column = self.where(index)
        return JsonPositionError(message, line, column)

    def skip(self, index: int) -> int:
        match = _WS.match(self.text, index)
        assert match is not None  # the pattern matches the empty string
        return match.end()

    def parse(self) -> Parsed:
        index = self.skip(0)
        if index == len(self.text):
            raise self.fail("the file is empty; a packet is a JSON object", index)
        value, index = self.value(index, "", 1)
        index = self.skip(index)
        if index != len(self.text):
            raise self.fail("unexpected text after the end of the JSON value", index)
        return Parsed(value, self.positions, self.key_positions)

    def value(self, index: int, pointer: str, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels", index)
        self.positions[pointer] = self.where(index)
        text = self.text
        char = text[index : index + 1]
        if char == "{":
            return self.object(index + 1, pointer, depth)
        if char == "[":
            return self.array(index + 1, pointer, depth)
        if char == '"':
            return self.string(index)
        number = _NUMBER.match(text, index)
        if number and number.end() > index:
            end = number.end()
            if text[end : end + 1].isalnum():
                raise self.fail("invalid number", index)
            literal = number.group()
            if number.group(1) or number.group(2):
                parsed: Any = float(literal)
                if parsed in (float("inf"), float("-inf")):
                    raise self.fail("number too large for JSON", index)
                return parsed, end
            try:
                return int(literal), end
            except ValueError:  # more digits than Python converts (sys.set_int_max_str_digits)
                raise self.fail("integer with too many digits", index) from None
        for word, word_value in _WORDS.items():
            if text.startswith(word, index):
                return word_value, index + len(word)
        for word in _NOT_JSON_WORDS:
            if text.startswith(word, index):
                raise self.fail(f"{word} is not valid JSON; use a number, a string or null", index)
        if not char:
            raise self.fail("unexpected end of file: expecting a value", index)
        if char == "'":
            raise self.fail("strings must use double quotes", index)
        if char in ",:]}":
            raise self.fail(f"unexpected {char!r}; expecting a value", index)
        raise self.fail("expecting a value", index)

    def string(self, index: int) -> tuple[str, int]:
        try:
            text, end = _scanstring(self.text, index + 1, True)
        except ValueError as error:
            position = getattr(error, "pos", index)
            reason = getattr(error, "msg", "invalid string")
            raise self.fail(reason.lower(), position) from None
        if not text.isascii() and re.search(LONE_SURROGATE, text) is not None:
            # Legal escape syntax, but not a character: UTF-8 output, git and GitHub refuse it.
            escape = _SURROGATE_ESCAPE.search(self.text, index, end)
            raise self.fail(
                "a \\u escape of half a surrogate pair is not a character; fix the escape",
                escape.start() if escape else index,
            )
        return str(text), int(end)

    def object(self, index: int, pointer: str, depth: int) -> tuple[dict[str, Any], int]:
        members: dict[str, Any] = {}
        text = self.text
        index = self.skip(index)
        if text[index : index + 1] == "}":
            return members, index + 1
        while True:
            if text[index : index + 1] != '"':
                char = text[index : index + 1]
                if char == "}":
                    raise self.fail("trailing comma before '}'", index)
                if char in ("'", ","):
                    raise self.fail(
                        f"unexpected {char!r}; expecting a member name in double quotes", index
                    )
                raise self.fail("expecting a member name in double quotes", index)
            key_at = index
            key, index = self.string(index)
            child = f"{pointer}/{escape_token(key)}"
            if key in members:
                first = self.key_positions[child]
                raise self.fail(
                    f"duplicate key {show(key)} (first at line {first[0]}, column {first[1]}); "
                    "keep one",
                    key_at,
                )
            self.key_positions[child] = self.where(key_at)
            index = self.skip(index)
            if text[index : index + 1] != ":":
                raise self.fail("expecting ':' after the member name", index)
            index = self.skip(index + 1)
            members[key], index = self.value(index, child, depth + 1)
            index = self.skip(index)
            char = text[index : index + 1]
            if char == "}":
                return members, index + 1
            if char != ",":
                raise self.fail("expecting ',' or '}' after a member", index)
            index = self.skip(index + 1)

    def array(self, index: int, pointer: str, depth: int) -> tuple[list[Any], int]:
        items: list[Any] = []
        text = self.text
        index = self.skip(index)
        if text[index : index + 1] == "]":
            return items, index + 1
        while True:
            if text[index : index + 1] == "]":
                raise self.fail("trailing comma before ']'", index)
            item, index = self.value(index, f"{pointer}/{len(items)}", depth + 1)
            items.append(item)
            index = self.skip(index)
            char = text[index : index + 1]
            if char == "]":
                return items, index + 1
            if char != ",":
                raise self.fail("expecting ',' or ']' after an item", index)
            index = self.skip(index + 1)


def parse(text: str) -> Parsed:
    """Parse strict JSON, recording positions; raise `JsonPositionError` with line and column.

    Most packets are valid and most of their positions are never asked for, so the text is
    first read by the standard library's C parser under the same strictness; positions are then
    found the first time one is asked for. Anything the quick read is not sure of (an error, a
    duplicate key, NaN, an infinite number, a surrogate escape, deep nesting) goes the strict
    way at once, for its message. (Speed: see bench/README.md.)
    """
    value = _quick(text)
    if value is _UNSURE:
        return _Parser(text).parse()
    return Parsed(value, *positions_later(text))


def lenient(text: str) -> Any:
    """``text``'s value as lenient readers of JSON take it (JSONC, the `json` module): a
    duplicate key's last value, ``NaN``, comments (``//``, ``/* */``) and a trailing comma
    before ``}`` or ``]``; `ValueError` (or `RecursionError`) for anything else. For telling
    another tool's file from a broken packet, never for reading a packet."""
    without_comments = _COMMENTS.sub(_kept_string, text)
    return json.loads(_TRAILING_COMMA.sub(_kept_string, without_comments))


def loads(text: str | bytes) -> Any:
    """`json.loads` for a file anyone could have written: nesting too deep for the standard
    parser (``[`` thirty thousand times: `RecursionError`) is a `json.JSONDecodeError` too, so
    that ``except ValueError`` reads such a file as not JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError(
            "nesting too deep to read", text if isinstance(text, str) else "", 0
        ) from None


def _kept_string(match: re.Match[str]) -> str:
    """A string literal as it was; a comment or a trailing comma left out."""
    return match.group() if match.group().startswith('"') else ""


_STRING = r'"(?:[^"\\]|\\.)*(?:"|\Z)'
"""A string literal, or an unclosed one to the end: matched whole, so that a ``//`` or a ``,``
in it is kept, and scanned once (linear time)."""
_COMMENTS = re.compile(rf"{_STRING}|//[^\n]*|/\*.*?(?:\*/|\Z)", re.DOTALL)
_TRAILING_COMMA = re.compile(rf"{_STRING}|,(?=\s*[}}\]])", re.DOTALL)


def positions_later(
    text: str,
) -> tuple[Mapping[str, tuple[int, int]], Mapping[str, tuple[int, int]]]:
    """The value and key positions of a text that `parse` accepted, found when first asked for
    (by the strict parser, as `parse` finds them)."""
    later = _Later(text)
    return _Positions(later, keys=False), _Positions(later, keys=True)


_UNSURE: Any = object()


def _quick(text: str) -> Any:
    """``text``'s value when the C parser reads it as the strict one would, else `_UNSURE`."""
    if ("\\u" in text and _SURROGATE_ESCAPE.search(text)) or (
        not text.isascii() and re.search(LONE_SURROGATE, text)
    ):
        return _UNSURE
    try:
        value = _DECODER.decode(text)
    except (ValueError, RecursionError):
        return _UNSURE
    # Nesting depth is at most the number of brackets; count exactly only when that is close.
    if text.count("[") + text.count("{") >= MAX_DEPTH and deeper_than(value, MAX_DEPTH):
        return _UNSURE
    return value


def _unique_members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members; a duplicate name is an error (the strict parser words it)."""
    members = dict(pairs)
    if len(members) != len(pairs):
        raise ValueError("duplicate key")
    return members


def _not_json(word: str) -> Any:
    raise ValueError(word)


def _finite(literal: str) -> float:
    number = float(literal)
    if number in (float("inf"), float("-inf")):
        raise ValueError(literal)
    return number


_DECODER = json.JSONDecoder(
    object_pairs_hook=_unique_members, parse_constant=_not_json, parse_float=_finite
)
"""Built once: `json.loads` with arguments builds a decoder per call."""
_scan_value: Any = _DECODER.scan_once  # type: ignore[attr-defined]  # C-accelerated, untyped
"""``(value, end)`` of the JSON value starting at an index of a text."""


def deeper_than(value: Any, limit: int) -> bool:
    """True when some value sits deeper than ``limit`` (the document itself at depth 1)."""
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        for child in children:
            if depth + 1 > limit:
                return True
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
    return False


class _Later:
    """The strict parse of a text, done the first time a position is asked for."""

    __slots__ = ("parsed", "text", "top")

    def __init__(self, text: str) -> None:
        self.text = text
        self.parsed: Parsed | None = None
        self.top: tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]] | None = None

    def get(self) -> Parsed:
        if self.parsed is None:
            self.parsed = _Parser(self.text).parse()
        return self.parsed

    def top_level(self) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]] | None:
        """`_top_level` of the text, once; ``None`` when the document is not an object."""
        if self.top is None and self.parsed is None:
            self.top = _top_level(self.text)
            if self.top is None:
                self.get()  # no object: parsed the long way, once
        return self.top


def _top_level(
    text: str,
) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]] | None:
    """The positions of an accepted document's own value and of its members' values and names,
    as the strict parser finds them, found by stepping over each member with the C scanner
    (speed: the checks that compare packets ask for top-level fields of hundreds of packets;
    the strict parse of each cost 0.5 ms). ``None`` when the document is no object."""

    def where(at: int) -> tuple[int, int]:
        return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)

    index = _skip(text, 0)
    if text[index : index + 1] != "{":
        return None
    values, keys = {"": where(index)}, {}
    index = _skip(text, index + 1)
    try:
        while text[index] != "}":
            key, end = _scanstring(text, index + 1, True)
            pointer = "/" + escape_token(key)
            keys[pointer] = where(index)
            index = _skip(text, _skip(text, end) + 1)  # past the ':'
            values[pointer] = where(index)
            index = _skip(text, _scan_value(text, index)[1])
            if text[index] == ",":
                index = _skip(text, index + 1)
    except (ValueError, IndexError, StopIteration):  # not a text `parse` accepted
        return None
    return values, keys


def _skip(text: str, index: int) -> int:
    match = _WS.match(text, index)
    assert match is not None  # the pattern matches the empty string
    return match.end()


class _Positions(Mapping[str, tuple[int, int]]):
    """Positions of values (or of keys) that the strict parser finds when first asked."""

    __slots__ = ("keys_of", "later")

    def __init__(self, later: _Later, *, keys: bool) -> None:
        self.later = later
        self.keys_of = keys

    def _found(self) -> Mapping[str, tuple[int, int]]:
        parsed = self.later.get()
        return parsed.key_positions if self.keys_of else parsed.positions

    def __getitem__(self, pointer: str) -> tuple[int, int]:
        if pointer.count("/") <= 1:  # the document or a member of it: no strict parse needed
            top = self.later.top_level()
            if top is not None:
                return top[1 if self.keys_of else 0][pointer]
        return self._found()[pointer]

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())


def iter_strings(value: Any, pointer: str = "") -> Iterator[tuple[str, str, bool]]:
    """Every string in a parsed JSON value: (pointer, string, is_key). Iterative: no recursion."""
    stack: list[tuple[str, Any]] = [(pointer, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            yield where, item, False
        elif isinstance(item, dict):
            for key, child in reversed(item.items()):
                child_pointer = f"{where}/{escape_token(key)}"
                stack.append((child_pointer, child))
                stack.append((child_pointer, _Key(key)))
        elif isinstance(item, list):
            stack.extend((f"{where}/{i}", child) for i, child in reversed(list(enumerate(item))))
        elif isinstance(item, _Key):
            yield where, item.name, True


class _Key:
    """A member name on `iter_strings`' stack (a plain class, not a dataclass: it is only told
    apart from the values, and generating a dataclass's methods costs start-up)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name
