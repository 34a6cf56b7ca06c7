"""The regular expressions of a JSON Schema (``pattern``, ``patternProperties``), run by RE2.

A configured schema may come from the pull request under audit, so its patterns are hostile
input: in Python's `re`, ``^(a+)+$`` takes time that doubles with each character of the text.
RE2 runs in time linear in the text, whatever the pattern. JSON Schema's patterns are
ECMA-262's: their ``\\uXXXX`` escapes are spelled as RE2's ``\\x{XXXX}`` before compiling.
The bundled schemas' own patterns (`REVIEWED`) are reviewed Python patterns and stay in `re`.

jsonschema's validator for a configured schema searches with `searcher` too:
`schema.re2_keywords` extends it with its own ``pattern``, ``patternProperties``,
``additionalProperties`` and ``unevaluatedProperties`` keywords (jsonschema's public API).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from handoff_audit.controls import without_lone_surrogates

Search = Callable[[str], Any]

REVIEWED = frozenset({"\\S", "^[0-9a-f]{7,64}$", "^[a-z0-9][a-z0-9._/-]*$", "^x-"})
"""The bundled schemas' patterns, run by Python's `re` (reviewed: none backtracks)."""


class PatternError(ValueError):
    """RE2 cannot compile the pattern (a backreference, a lookaround, too large)."""


@lru_cache(maxsize=1024)
def searcher(pattern: str) -> Search:
    """``text -> match or None`` for ``pattern``, unanchored as JSON Schema searches."""
    if pattern in REVIEWED:
        return re.compile(pattern).search
    import re2  # start-up: only when a configured schema has a pattern

    options = re2.Options()
    options.log_errors = False
    try:
        search = re2.compile(_ecma_escapes(pattern), options).search
    except re2.error as error:
        reason = error.args[0] if error.args else error
        text = reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason)
        raise PatternError(text) from None

    def run(text: str) -> Any:
        return search(without_lone_surrogates(text))

    return run


_ESCAPE = re.compile(
    r"\\(?:u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})|u([0-9a-f]{4})|.)",
    re.IGNORECASE | re.DOTALL,
)
"""An escape: ECMA-262's ``\\uXXXX`` (a surrogate pair, or one code unit), or any other."""


def _ecma_escapes(pattern: str) -> str:
    """``pattern`` with ECMA-262's ``\\uXXXX`` (JSON Schema's regex dialect) in RE2's spelling,
    ``\\x{XXXX}``; an escaped backslash (``\\\\u0021``) stays a backslash and a ``u``."""

    def spell(escape: re.Match[str]) -> str:
        high, low, unit = escape.groups()
        if high is not None:
            return f"\\x{{{0x10000 + (int(high, 16) - 0xD800) * 0x400 + int(low, 16) - 0xDC00:X}}}"
        return escape.group() if unit is None else f"\\x{{{unit}}}"

    return _ESCAPE.sub(spell, pattern)


_NO_SUCH = "which RE2 does not have: rewrite the pattern without it"
_CAUSES = (
    (r"invalid escape sequence: \\([1-9]|k)", f"a backreference, {_NO_SUCH}"),
    (r"invalid perl operator: \(\?<?[=!]", f"a lookaround, {_NO_SUCH}"),
    (
        r"invalid repetition size: .*(?<!\d)([1-9]\d{4,}|[2-9]\d{3}|1(?!000)\d{3})(?!\d)",
        "a repeat count over 1000, RE2's limit: bound it at 1000 or less, or bound the "
        "value's length with minLength and maxLength",
    ),
)
"""RE2's reason for refusing a pattern, and what it means, with the way out."""


def pattern_cause(reason: str) -> str:
    """What RE2's ``reason`` for refusing a pattern means, and the way out, in words."""
    for said, cause in _CAUSES:
        if re.match(said, reason):
            return f"it has {cause}"
    return "rewrite it in the syntax ECMA-262 and RE2 share"


def pattern_problem(schema: Any) -> tuple[str, str] | None:
    """The first pattern of ``schema`` RE2 cannot run: its JSON pointer and RE2's reason."""
    from referencing.jsonschema import DRAFT202012  # start-up: only for a configured schema

    for place, pattern in _patterns(schema, "", DRAFT202012):
        try:
            searcher(pattern)
        except PatternError as error:
            return place, str(error)
    return None


def _patterns(node: Any, place: str, draft: Any) -> Iterator[tuple[str, str]]:
    """Every ``pattern`` value and ``patternProperties`` name of the (sub)schema ``node``, with
    its pointer, and of the subschemas under it: only the values of the keywords its draft
    (``$schema``, else ``draft``: a `referencing` specification) reads as schemas are walked, so
    a ``pattern`` inside ``default``, ``examples`` or an unknown keyword (an annotation, whose
    value is data: ``x-form``) is not one."""
    if not isinstance(node, dict):
        return
    from referencing.jsonschema import specification_with  # start-up: a configured schema only

    if isinstance(node.get("$schema"), str):
        draft = specification_with(node["$schema"], default=draft)
    if isinstance(node.get("pattern"), str):
        yield f"{place}/pattern", node["pattern"]
    if isinstance(node.get("patternProperties"), dict):
        for name in node["patternProperties"]:
            yield f"{place}/patternProperties/{_escape(name)}", name
    subschemas = {id(sub) for sub in draft.subresources_of(node)}
    for key, value in node.items():
        at = f"{place}/{_escape(key)}"
        if id(value) in subschemas:
            yield from _patterns(value, at, draft)
            continue
        if isinstance(value, (dict, list)):
            for name, item in value.items() if isinstance(value, dict) else enumerate(value):
                if id(item) in subschemas:
                    yield from _patterns(item, f"{at}/{_escape(str(name))}", draft)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")
