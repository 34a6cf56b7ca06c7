"""jsonschema's regular-expression keywords, run by RE2 for a configured schema.

A configured schema may come from the pull request under audit, so its ``pattern`` and
``patternProperties`` are hostile input (``^(a+)+$`` takes exponential time in Python's `re`).
`with_re2` extends a validator class through jsonschema's public API
(`jsonschema.validators.extend`) with the keywords that search a pattern: ``pattern``,
``patternProperties``, ``additionalProperties`` (which weeds out the names a pattern matches)
and ``unevaluatedProperties`` (which counts those names as evaluated) where the draft has it.
Each searches with `schema_regex.searcher`, in linear time. Only the validators built for a
configured schema are extended; the bundled schema's validator keeps jsonschema's own keywords.
Nothing process-wide changes.

The errors say what jsonschema's own keywords say, word for word.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from handoff_audit.schema_regex import searcher

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

Errors = Iterator["ValidationError"]
Walker = Any
"""The validator a keyword gets: its `descend` and `evolve` are not in jsonschema's protocol."""


def with_re2(cls: type[Validator]) -> type[Validator]:
    """``cls`` with its pattern-searching keywords run by RE2."""
    # jsonschema is imported only when a packet fails the fast check (start-up, bench/README.md)
    from jsonschema.validators import extend

    keywords: dict[str, Any] = {
        "pattern": _pattern,
        "patternProperties": _pattern_properties,
        "additionalProperties": _additional_properties,
    }
    if "unevaluatedProperties" in cls.VALIDATORS:
        keywords["unevaluatedProperties"] = _unevaluated_properties
    extended: type[Validator] = extend(cls, keywords)  # type: ignore[no-untyped-call]
    return extended


def _error(message: str) -> ValidationError:
    # jsonschema is imported only when a packet fails the fast check (start-up, bench/README.md)
    from jsonschema.exceptions import ValidationError

    return ValidationError(message)


def _matches(pattern: str, text: str) -> bool:
    return searcher(pattern)(text) is not None


def _pattern(validator: Walker, pattern: str, instance: Any, schema: Any) -> Errors:
    if validator.is_type(instance, "string") and not _matches(pattern, instance):
        yield _error(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(
    validator: Walker, patterns: Mapping[str, Any], instance: Any, schema: Any
) -> Errors:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if _matches(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional(instance: Mapping[str, Any], schema: Mapping[str, Any]) -> Iterator[str]:
    """The names of ``instance`` neither ``properties`` nor ``patternProperties`` covers."""
    properties = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    for key in instance:
        if key not in properties and not any(_matches(p, key) for p in patterns):
            yield key


def _additional_properties(
    validator: Walker, extra_schema: Any, instance: Any, schema: Mapping[str, Any]
) -> Errors:
    if not validator.is_type(instance, "object"):
        return
    extras = set(_additional(instance, schema))
    if validator.is_type(extra_schema, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], extra_schema, path=extra)
    elif not extra_schema and extras:
        if "patternProperties" in schema:
            verb = "does" if len(extras) == 1 else "do"
            joined = ", ".join(repr(each) for each in sorted(extras))
            patterns = ", ".join(repr(each) for each in sorted(schema["patternProperties"]))
            yield _error(f"{joined} {verb} not match any of the regexes: {patterns}")
        else:
            names, verb = extras_msg(sorted(extras, key=str))
            yield _error(f"Additional properties are not allowed ({names} {verb} unexpected)")


def extras_msg(extras: list[str]) -> tuple[str, str]:
    """The names and the verb of jsonschema's message on extra properties."""
    return ", ".join(repr(extra) for extra in extras), "was" if len(extras) == 1 else "were"


def _unevaluated_properties(
    validator: Walker, unevaluated: Any, instance: Any, schema: Mapping[str, Any]
) -> Errors:
    if not validator.is_type(instance, "object"):
        return
    evaluated = set(_evaluated_keys(validator, instance, schema))
    failing = [
        key
        for key in instance
        if key not in evaluated
        and next(validator.descend(instance[key], unevaluated, path=key, schema_path=key), None)
        is not None
    ]
    if not failing:
        return
    if unevaluated is False:
        names, verb = extras_msg(sorted(failing, key=str))
        yield _error(f"Unevaluated properties are not allowed ({names} {verb} unexpected)")
    else:
        names, verb = extras_msg(failing)
        yield _error(
            "Unevaluated properties are not valid under the given schema "
            f"({names} {verb} unevaluated and invalid)"
        )


def _evaluated_keys(validator: Walker, instance: Any, schema: Any) -> list[str]:
    """The names of ``instance`` that ``schema`` evaluates (jsonschema's walk, RE2 searches)."""
    if not isinstance(schema, Mapping):
        return []
    keys: list[str] = []
    for ref in (schema.get("$ref"), schema.get("$dynamicRef")):
        if isinstance(ref, str):
            keys += _evaluated_through(validator, instance, ref)
    if "$recursiveRef" in schema:  # draft 2019-09: the schema's root, as without $recursiveAnchor
        keys += _evaluated_through(validator, instance, "#")
    if isinstance(schema.get("properties"), Mapping):
        keys += [key for key in schema["properties"] if key in instance]
    for keyword in ("additionalProperties", "unevaluatedProperties"):
        if keyword in schema:
            sub = schema[keyword]
            keys += [k for k in instance if next(validator.descend(instance[k], sub), None) is None]
    for pattern in schema.get("patternProperties", {}):
        keys += [key for key in instance if _matches(pattern, key)]
    for name, subschema in schema.get("dependentSchemas", {}).items():
        if name in instance:
            keys += _evaluated_keys(validator, instance, subschema)
    for keyword in ("allOf", "oneOf", "anyOf"):
        for subschema in schema.get(keyword, []):
            if next(validator.descend(instance, subschema), None) is None:
                keys += _evaluated_keys(validator, instance, subschema)
    if "if" in schema:
        if validator.evolve(schema=schema["if"]).is_valid(instance):
            keys += _evaluated_keys(validator, instance, schema["if"])
            keys += _evaluated_keys(validator, instance, schema.get("then", {}))
        else:
            keys += _evaluated_keys(validator, instance, schema.get("else", {}))
    return keys


def _evaluated_through(validator: Walker, instance: Any, ref: str) -> list[str]:
    """The names the schema ``ref`` leads to evaluates (its loops are refused at load time)."""
    resolved = validator._resolver.lookup(ref)
    evolved = validator.evolve(schema=resolved.contents, _resolver=resolved.resolver)
    return _evaluated_keys(evolved, instance, resolved.contents)
