"""A compiled yes/no schema check for the common case: a packet that is valid.

jsonschema's validator walks the schema anew for every instance and was the largest cost of an
audit of many packets (bench/README.md). This module turns a schema into nested closures once,
which answer "valid or not" several times faster. It never produces messages: when it says "not
valid", jsonschema runs and reports, so findings are jsonschema's, word for word.

It only compiles what it knows exactly as jsonschema does (the keywords of the bundled schema
and a few more); any other keyword makes `compile_check` return ``None`` and jsonschema decides
alone. Patterns run as `schema_regex.searcher` runs them (RE2, or `re` for the bundled
schemas' reviewed ones), as jsonschema does here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from handoff_audit.jsonpos import unescape_token
from handoff_audit.schema_regex import searcher

Check = Callable[[Any], bool]

_ANNOTATIONS = frozenset(
    {
        "$schema",
        "$comment",
        "title",
        "description",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
    }
)
_DRAFTS = (
    "https://json-schema.org/draft/2020-12/schema",
    "https://json-schema.org/draft/2019-09/schema",
)
_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "integer": lambda v: (
        (isinstance(v, int) and not isinstance(v, bool))
        or (isinstance(v, float) and v.is_integer())
    ),
}


class _Unsupported(Exception):
    """The schema uses something this module does not compile."""


def compile_check(
    schema: Mapping[str, Any], tick: Callable[[], None] | None = None
) -> Check | None:
    """A function ``instance -> True`` exactly when ``schema`` accepts it; ``None`` if unsure.
    ``tick``, when given, is called each time a subschema is applied (it may raise to stop)."""
    if schema.get("$schema", _DRAFTS[0]) not in _DRAFTS:
        return None  # older drafts differ in details (integers, $ref siblings): jsonschema alone
    try:
        return _Compiler(schema, tick).compile(schema, root=True)
    except (_Unsupported, re.error, TypeError, KeyError, ValueError, RecursionError):
        return None


class _Compiler:
    def __init__(self, root: Mapping[str, Any], tick: Callable[[], None] | None) -> None:
        self.root = root
        self.tick = tick
        self.refs: dict[str, Check] = {}
        self.open_refs: set[str] = set()

    def compile(self, schema: Any, root: bool = False) -> Check:
        if schema is True:
            return lambda v: True
        if schema is False:
            return lambda v: False
        if not isinstance(schema, Mapping):
            raise _Unsupported
        checks: list[Check] = []
        for key, value in schema.items():
            if key in _ANNOTATIONS or (root and key in ("$id", "$defs")):
                continue
            compile_keyword = _KEYWORDS.get(key)
            if compile_keyword is None:
                if key in ("properties", "patternProperties", "additionalProperties"):
                    continue  # compiled together below
                raise _Unsupported(key)
            checks.append(compile_keyword(self, value, schema))
        if any(k in schema for k in ("properties", "patternProperties", "additionalProperties")):
            checks.append(self._members(schema))
        return _every(checks) if self.tick is None else _ticking(self.tick, _every(checks))

    def ref(self, value: Any, schema: Mapping[str, Any]) -> Check:
        if not isinstance(value, str) or not value.startswith("#/"):
            raise _Unsupported(value)
        if value in self.refs:
            return self.refs[value]
        if value in self.open_refs:  # a recursive schema: bind late, once compiled
            return lambda v: self.refs[value](v)
        target: Any = self.root
        for token in map(unescape_token, value[2:].split("/")):
            target = target[int(token)] if isinstance(target, list) else target[token]
        if isinstance(target, Mapping) and "$id" in target:
            raise _Unsupported("$id below the root")
        self.open_refs.add(value)
        self.refs[value] = self.compile(target)
        self.open_refs.discard(value)
        return self.refs[value]

    def type_(self, value: Any, schema: Mapping[str, Any]) -> Check:
        names = [value] if isinstance(value, str) else list(value)
        tests = [_TYPES[name] for name in names]
        return tests[0] if len(tests) == 1 else _some(tests)

    def enum(self, value: Any, schema: Mapping[str, Any]) -> Check:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise _Unsupported("enum of non-strings")
        allowed = frozenset(value)
        return lambda v: isinstance(v, str) and v in allowed

    def const(self, value: Any, schema: Mapping[str, Any]) -> Check:
        if not isinstance(value, str):
            raise _Unsupported("const of a non-string")
        return lambda v: isinstance(v, str) and v == value

    def pattern(self, value: Any, schema: Mapping[str, Any]) -> Check:
        search = searcher(value)
        return lambda v: not isinstance(v, str) or search(v) is not None

    def min_length(self, value: Any, schema: Mapping[str, Any]) -> Check:
        limit = _count(value)
        return lambda v: not isinstance(v, str) or len(v) >= limit

    def max_length(self, value: Any, schema: Mapping[str, Any]) -> Check:
        limit = _count(value)
        return lambda v: not isinstance(v, str) or len(v) <= limit

    def min_items(self, value: Any, schema: Mapping[str, Any]) -> Check:
        limit = _count(value)
        return lambda v: not isinstance(v, list) or len(v) >= limit

    def max_items(self, value: Any, schema: Mapping[str, Any]) -> Check:
        limit = _count(value)
        return lambda v: not isinstance(v, list) or len(v) <= limit

    def required(self, value: Any, schema: Mapping[str, Any]) -> Check:
        names = frozenset(value)
        if not all(isinstance(name, str) for name in names):
            raise _Unsupported("required")
        return lambda v: not isinstance(v, dict) or names <= v.keys()

    def items(self, value: Any, schema: Mapping[str, Any]) -> Check:
        if "prefixItems" in schema:
            raise _Unsupported("prefixItems")
        item = self.compile(value)

        def items(v: Any) -> bool:
            if isinstance(v, list):
                for x in v:
                    if not item(x):
                        return False
            return True

        return items

    def any_of(self, value: Any, schema: Mapping[str, Any]) -> Check:
        return _some([self.compile(sub) for sub in value])

    def all_of(self, value: Any, schema: Mapping[str, Any]) -> Check:
        return _every([self.compile(sub) for sub in value])

    def one_of(self, value: Any, schema: Mapping[str, Any]) -> Check:
        subs = [self.compile(sub) for sub in value]
        return lambda v: sum(1 for sub in subs if sub(v)) == 1

    def not_(self, value: Any, schema: Mapping[str, Any]) -> Check:
        sub = self.compile(value)
        return lambda v: not sub(v)

    def _members(self, schema: Mapping[str, Any]) -> Check:
        properties = {
            name: self.compile(sub) for name, sub in dict(schema.get("properties", {})).items()
        }
        patterns = [
            (searcher(pattern), self.compile(sub))
            for pattern, sub in dict(schema.get("patternProperties", {})).items()
        ]
        extra = schema.get("additionalProperties", True)
        other = None if extra is True else self.compile(extra)

        def applying(name: str) -> tuple[Check, ...]:
            """The checks a member of this name must pass, as jsonschema applies them."""
            known = properties.get(name)
            found = [] if known is None else [known]
            found += [sub for search, sub in patterns if search(name) is not None]
            if not found and other is not None:
                found.append(other)
            return tuple(found)

        plans: dict[str, tuple[Check, ...]] = {}  # member name -> its checks: names repeat

        def members(v: Any) -> bool:
            if not isinstance(v, dict):
                return True
            for name, child in v.items():
                plan = plans.get(name)
                if plan is None:
                    plan = applying(name)
                    if len(plans) < 4096:
                        plans[name] = plan
                for check in plan:
                    if not check(child):
                        return False
            return True

        return members


def _every(checks: list[Check]) -> Check:
    """All of ``checks``; unrolled for the short lists schemas have (speed)."""
    if not checks:
        return lambda v: True
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda v: first(v) and second(v)

    def every(v: Any) -> bool:
        for check in checks:  # noqa: SIM110 - all() over a generator costs a frame per call
            if not check(v):
                return False
        return True

    return every


def _ticking(tick: Callable[[], None], check: Check) -> Check:
    def ticking(v: Any) -> bool:
        tick()
        return check(v)

    return ticking


def _some(checks: list[Check]) -> Check:
    """Any of ``checks``."""

    def some(v: Any) -> bool:
        for check in checks:  # noqa: SIM110 - as in _every
            if check(v):
                return True
        return False

    return some


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Unsupported("a non-integer length")
    return value


_KEYWORDS: dict[str, Callable[[_Compiler, Any, Mapping[str, Any]], Check]] = {
    "$ref": _Compiler.ref,
    "type": _Compiler.type_,
    "enum": _Compiler.enum,
    "const": _Compiler.const,
    "pattern": _Compiler.pattern,
    "minLength": _Compiler.min_length,
    "maxLength": _Compiler.max_length,
    "minItems": _Compiler.min_items,
    "maxItems": _Compiler.max_items,
    "required": _Compiler.required,
    "items": _Compiler.items,
    "anyOf": _Compiler.any_of,
    "allOf": _Compiler.all_of,
    "oneOf": _Compiler.one_of,
    "not": _Compiler.not_,
}
