"""A user's JSON Schema file (the configuration's ``schema:``), checked once when the
configuration is loaded: JSON, an object, a valid schema, and every ``$ref`` resolvable inside
the file (handoff-audit never fetches a referenced schema)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from handoff_audit.jsonpos import MAX_DEPTH, deeper_than
from handoff_audit.schema_regex import pattern_cause, pattern_problem
from handoff_audit.textcut import shorten

_NOT_SCHEMAS = frozenset({"const", "enum", "examples", "default"})
"""Keywords whose values are data, not subschemas: a ``$ref`` inside them refers to nothing."""


def source_name(source: str | None) -> str:
    """A schema as messages name it (``None`` = bundled): a URL with a credential in it (a
    password or token in its userinfo) redacted, as `check`, `ci` and the hook all print it."""
    if source is None:
        return "bundled with handoff-audit"
    if "://" not in source:
        return source
    from handoff_audit.credentials import redact  # start-up: patterns compile on import

    return redact(source)


def schema_problem(path: Path) -> str | None:
    """What is wrong with the schema file at ``path``, in words that end a one-line error
    (after the file's name), or ``None`` when it is a usable schema."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return f"cannot be read ({error})"
    return schema_text_problem(text)


def schema_text_problem(text: str) -> str | None:
    """`schema_problem` of a schema file holding ``text``."""
    try:
        schema = parse_schema(text)
    except ValueError as error:
        return str(error)
    return contents_problem(schema)


def parse_schema(text: str) -> dict[str, Any]:
    """``text`` read as a JSON Schema as `json.loads` reads it (a duplicate key: the last wins),
    nesting at most `MAX_DEPTH` levels (jsonschema checks a schema recursively: deeper ends in a
    RecursionError), or a `ValueError` saying what is wrong and where, in `schema_problem`'s
    words."""
    if text.startswith("\ufeff"):
        raise ValueError(
            "starts with a UTF-8 byte order mark (BOM) (line 1, column 1); save it as UTF-8 "
            "without a BOM"
        )
    try:
        schema = json.loads(text)
        too_deep = deeper_than(schema, MAX_DEPTH)
    except RecursionError:
        too_deep = True
    except ValueError as error:
        raise ValueError(f"not valid JSON ({error})") from None
    if too_deep:
        line, column = _too_deep(text)
        raise ValueError(
            f"nested deeper than {MAX_DEPTH} levels (line {line}, column {column}); flatten it "
            "(move parts under `$defs`)"
        )
    if not isinstance(schema, dict):
        raise ValueError("a JSON Schema must be a JSON object")
    return schema


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]|[^\s{}\[\],:"]+')


def _too_deep(text: str) -> tuple[int, int]:
    """The line and column (1-based) of the first value of ``text`` nested deeper than
    `MAX_DEPTH` (the document itself at depth 1), as the packets' reader places it."""
    open_brackets: list[str] = []
    key_next = False
    for token in _TOKEN.finditer(text):
        mark = token.group()[0]
        if mark in "}]":
            open_brackets[-1:] = []
        elif mark == ",":
            key_next = open_brackets[-1:] == ["{"]
        elif mark == ":" or (mark == '"' and key_next):
            key_next = False
        elif len(open_brackets) >= MAX_DEPTH:
            at = token.start()
            return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        elif mark in "{[":
            open_brackets.append(mark)
            key_next = mark == "{"
    return 1, 1


def contents_problem(schema: dict[str, Any]) -> str | None:
    """What is wrong with a parsed JSON Schema (`schema_problem`'s words), or ``None``."""
    # start-up: jsonschema only when a configured schema is there to check
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import Draft202012Validator, validator_for

    try:
        validator_for(schema, default=Draft202012Validator).check_schema(schema)
    except SchemaError as error:
        return f"not a valid JSON Schema at {_place(error.absolute_path)}: " + shorten(
            error.message, 200
        )
    bad_pattern = pattern_problem(schema)
    if bad_pattern is not None:
        place, reason = bad_pattern
        return (
            f"the pattern at {place} is not one RE2 runs ({shorten(reason, 120)}): "
            f"{pattern_cause(reason)} (handoff-audit runs a schema's patterns in RE2, in "
            "linear time)"
        )
    try:
        return _broken_ref(schema) or _ref_loop(schema)
    except RecursionError:
        return LOOP.format(place="a $ref")


LOOP = (
    "{place} refers to itself in a loop (through $ref, $dynamicRef, allOf, anyOf, oneOf, not or "
    "if, with no property or item between), so checking a packet against it never ends; end the "
    "loop, or make it go through `properties` or `items`"
)
_IN_PLACE_LISTS = ("allOf", "anyOf", "oneOf")
_IN_PLACE_ONE = ("not", "if", "then", "else")
"""Keywords that apply their subschemas to the same value, as ``$ref`` does."""
_REFS = ("$ref", "$dynamicRef", "$recursiveRef")
"""Keywords that refer to another schema (``#name`` is an ``$anchor`` or a ``$dynamicAnchor``;
``$recursiveRef`` is ``#``, the root): followed where the schema's draft has them."""


def _resolver(schema: dict[str, Any]) -> tuple[Any, Any]:
    """The resolver of ``schema``'s references, and its specification (draft) with the reference
    keywords the draft has (``$ref`` everywhere, ``$dynamicRef`` from 2020-12 on, ...)."""
    # start-up: jsonschema and referencing only when a configured schema is there to check
    from jsonschema.validators import Draft202012Validator, validator_for
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012, specification_with

    specification = specification_with(schema.get("$schema", ""), default=DRAFT202012)
    root = specification.create_resource(schema)
    known = validator_for(schema, default=Draft202012Validator).VALIDATORS
    draft = _Draft(specification, tuple(key for key in _REFS if key in known))
    return Registry().with_resource(root.id() or "", root).resolver(root.id() or ""), draft


class _Draft(NamedTuple):
    specification: Any
    refs: tuple[str, ...]
    """The reference keywords the draft has: ``$ref``, and ``$dynamicRef`` or ``$recursiveRef``."""

    def id_of(self, node: Any) -> Any:
        return self.specification.id_of(node)

    def create_resource(self, node: Any) -> Any:
        return self.specification.create_resource(node)


def _ref_loop(schema: dict[str, Any]) -> str | None:
    """The first reference that leads back to where it is without consuming a property or an item
    (``{"$ref": "#"}``, ``$defs`` a -> b -> a, ``{"$dynamicAnchor": "n", "$dynamicRef": "#n"}``):
    jsonschema would recurse until Python stops it."""
    resolver, draft = _resolver(schema)
    finished: set[int] = set()
    for keyword, ref, place, base in _refs(schema, resolver, draft, ()):
        target = base.lookup(ref)
        try:
            if _loops(target.contents, target.resolver, draft, [], finished):
                return LOOP.format(place=f"{keyword} {ref!r} at {_place(place)}")
        except _ChainTooDeep:
            return TOO_DEEP.format(place=f"{keyword} {ref!r} at {_place(place)}")
    return None


MAX_CHAIN = 100
"""Schemas one reference may lead through, each applied to the same value: jsonschema recurses
a few frames for each, so a longer chain (or one under a packet's nested values) ends in a
RecursionError."""
TOO_DEEP = (
    "{place} starts a chain of more than " + str(MAX_CHAIN) + " schemas applied to the same "
    "value ($ref, $dynamicRef, allOf, anyOf, oneOf, not or if, with no property or item between); "
    "handoff-audit follows at most " + str(MAX_CHAIN) + ": shorten the chain (refer to the schema "
    "at its end directly)"
)


class _ChainTooDeep(Exception):
    """`_loops` went more than `MAX_CHAIN` schemas deep without coming back to one."""


def _loops(node: Any, resolver: Any, draft: _Draft, path: list[int], done: set[int]) -> bool:
    """True when applying ``node`` to a value comes back to a schema on ``path`` (by identity)
    through keywords that apply to that same value."""
    if not isinstance(node, dict) or id(node) in done:
        return False
    if id(node) in path:
        return True
    if len(path) >= MAX_CHAIN:
        raise _ChainTooDeep
    path.append(id(node))
    children = [node[key] for key in _IN_PLACE_ONE if key in node]
    children += [sub for key in _IN_PLACE_LISTS for sub in node.get(key, ())]
    if isinstance(node.get("dependentSchemas"), dict):
        children += list(node["dependentSchemas"].values())
    nested = [(child, resolver) for child in children]
    for keyword in draft.refs:
        if isinstance(node.get(keyword), str):
            target = resolver.lookup(node[keyword])
            nested.append((target.contents, target.resolver))
    for child, child_resolver in nested:
        if isinstance(child, dict) and draft.id_of(child):
            child_resolver = child_resolver.in_subresource(draft.create_resource(child))
        if _loops(child, child_resolver, draft, path, done):
            return True
    path.pop()
    done.add(id(node))
    return False


def _broken_ref(schema: dict[str, Any]) -> str | None:
    """The first reference of ``schema`` that does not resolve inside it, said with its place."""
    # start-up: referencing only when a configured schema is there to check
    from referencing.exceptions import PointerToNowhere, Unresolvable

    resolver, draft = _resolver(schema)
    for keyword, ref, place, base in _refs(schema, resolver, draft, ()):
        try:
            base.lookup(ref)
        except PointerToNowhere:
            return f"{keyword} {ref!r} at {_place(place)} points at nothing in the file"
        except Unresolvable:
            return (
                f"{keyword} {ref!r} at {_place(place)} names another document, which handoff-audit "
                "does not fetch; copy what it refers to into this file's $defs and refer to "
                "it as '#/$defs/…'"
            )
    return None


def _refs(node: Any, resolver: Any, draft: _Draft, place: tuple[str, ...]) -> Iterator[Any]:
    """Every string reference under ``node``: its keyword, the reference, its place, and the
    resolver of the (sub)resource it is relative to."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _refs(item, resolver, draft, (*place, str(index)))
        return
    if not isinstance(node, dict):
        return
    if place and draft.id_of(node):
        resolver = resolver.in_subresource(draft.create_resource(node))
    for keyword in draft.refs:
        if isinstance(node.get(keyword), str):
            yield keyword, node[keyword], place, resolver
    for key, value in node.items():
        if key not in _NOT_SCHEMAS:
            yield from _refs(value, resolver, draft, (*place, str(key)))


def _place(parts: Any) -> str:
    pointer = "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)
    return pointer or "the top level"
