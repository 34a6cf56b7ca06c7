"""Schema validation with messages people understand.

Every violation becomes one finding at its JSON pointer, in words: what the field holds, what it
should hold, and the nearest valid value or field name when there is one. The validator is
built once per schema and per run; it never retrieves anything over the network (a ``$ref`` to a
remote document is an error, not a download).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from handoff_audit.credentials import redact, show
from handoff_audit.cwd_paths import from_cwd
from handoff_audit.errors import InputError
from handoff_audit.jsonpos import escape_token, field_name
from handoff_audit.schema import load_schema
from handoff_audit.schema.fastcheck import compile_check
from handoff_audit.schema.re2_keywords import with_re2
from handoff_audit.schema.time_bound import TooSlow, bound, checking, tick, with_time_bound
from handoff_audit.schema_file import LOOP, contents_problem, source_name
from handoff_audit.schema_regex import searcher

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

PATTERN_WORDS = {
    "^[0-9a-f]{7,64}$": "7 to 64 lowercase hex characters (a commit sha)",
    "^[a-z0-9][a-z0-9._/-]*$": (
        "lowercase letters, digits, '.', '_', '/' and '-', starting with a letter or digit"
    ),
}
"""How the bundled schema's patterns are said in messages."""

_ARTICLES = {"object": "an object", "array": "an array", "integer": "an integer"}


@dataclass(frozen=True, slots=True)
class Violation:
    """One schema violation, ready to become a finding."""

    pointer: str
    """JSON pointer of the offending value (or of the unknown member)."""
    message: str
    """What is wrong and what is accepted. Never quotes a secret."""
    at_key: bool = False
    """True when the position is the member's key (unknown fields), not its value."""


@cache
def validator_for(source: str | None) -> Validator:
    """The validator of the configured schema (``None`` = bundled), built once per run."""
    # jsonschema is imported only when a packet fails the fast check (start-up, bench/README.md)
    from jsonschema import FormatChecker
    from jsonschema.validators import Draft202012Validator
    from jsonschema.validators import validator_for as pick_class
    from referencing import Registry
    from referencing.exceptions import NoSuchResource

    def refuse(uri: str) -> Any:
        raise NoSuchResource(ref=uri)  # type: ignore[call-arg]

    schema = load_schema(source)
    cls = pick_class(schema, default=Draft202012Validator)
    # The bundled schema is checked by the test suite, not every run; a file, when the
    # configuration was loaded too (an https URL is fetched only now).
    problem = None if source is None else contents_problem(schema)
    if source is not None and problem is not None:
        raise InputError(f"schema {source_name(source)}: {problem}")
    if source is not None:  # the pull request's: patterns in linear time, checking bounded
        cls = with_time_bound(with_re2(cls))
    registry: Registry[Any] = Registry(retrieve=refuse)  # type: ignore[call-arg]
    validator = cls(schema, registry=registry, format_checker=FormatChecker())
    _SOURCES[id(validator)] = (validator, source)
    return validator


_SOURCES: dict[int, tuple[Validator, str | None]] = {}
"""The schema each `validator_for` validator checks against (``None`` = bundled)."""


def violations(validator: Validator, instance: Mapping[str, Any]) -> list[Violation]:
    """Every violation of ``instance``, one per problem, in document order of pointers."""
    # jsonschema is imported only when a packet fails the fast check (start-up, bench/README.md)
    from referencing.exceptions import Unresolvable

    try:
        with checking() if _configured(validator) else nullcontext():
            if _quick_valid(validator, instance):
                return []
            errors = list(validator.iter_errors(instance))
    except TooSlow:
        raise InputError(f"schema {_source(validator)}: {_slow()}") from None
    except Unresolvable as unresolvable:
        raise InputError(
            f"the schema has a $ref that cannot be resolved without fetching it ({unresolvable}); "
            "bundle the referenced schema into one file"
        ) from None
    except RecursionError:  # a loop the load-time check missed (a $dynamicRef's dynamic scope)
        raise InputError(f"schema {_source(validator)}: {_DEEP}") from None
    found: list[Violation] = []
    seen_required: set[str] = set()
    for error in errors:
        pointer = _pointer(error.absolute_path)
        if error.validator == "required":
            if pointer in seen_required:
                continue
            seen_required.add(pointer)
        found.extend(_describe(error, pointer))
    return _naming_the_schema(found, validator)


_SEE_BUNDLED = "(see `handoff-audit schema`)"
_LISTS_BUNDLED = "`handoff-audit schema` lists the known fields"


def _naming_the_schema(found: list[Violation], validator: Validator) -> list[Violation]:
    """``found`` pointing at the schema that judged: `handoff-audit schema` prints the bundled
    one only, so a configured schema is named by its path (from here) or URL instead."""
    entry = _SOURCES.get(id(validator))
    source = entry[1] if entry is not None and entry[0] is validator else None
    if source is None:
        return found
    name = redact(source) if "://" in source else from_cwd(Path(source))  # a URL's token hidden
    see, lists = f"(see {name}, the configured schema)", f"{name}, the configured schema, lists"
    return [
        replace(v, message=v.message.replace(_SEE_BUNDLED, see).replace(_LISTS_BUNDLED, lists))
        for v in found
    ]


_DEEP = LOOP.format(place="a $ref, $dynamicRef or $recursiveRef")


def _slow() -> str:
    """Why the audit ended when checking against the configured schema took too long."""
    return (
        f"checking the packets against it took over {bound():g} s, the most handoff-audit gives "
        "a configured schema in one run (schema-timeout); simplify it: an anyOf or oneOf whose "
        "branches refer to schemas that branch again doubles the work at every level; or raise "
        "schema-timeout for a schema that is only large"
    )


def _configured(validator: Validator) -> bool:
    """Whether ``validator`` checks against a configured schema (not the bundled one)."""
    validator_and_source = _SOURCES.get(id(validator))
    return (
        validator_and_source is not None
        and validator_and_source[0] is validator
        and (validator_and_source[1] is not None)
    )


def _source(validator: Validator) -> str:
    """The schema file ``validator`` checks against, as the configuration names it."""
    validator_and_source = _SOURCES.get(id(validator))
    if validator_and_source is None or validator_and_source[0] is not validator:
        return "file"
    source = validator_and_source[1]
    if source is None:
        return "bundled with handoff-audit"
    if "://" in source:
        return source_name(source)
    path = Path(source)
    return path.relative_to(Path.cwd()).as_posix() if path.is_relative_to(Path.cwd()) else source


def bundled_accepts(source: str | None, instance: Any) -> bool:
    """True when ``source`` is the bundled schema and ``instance`` is valid against it.

    Decided by `fastschema` alone, without importing jsonschema or building its validator
    (both cost more than a packet check when there is one packet). Another schema is checked
    itself first, by `validator_for`, so it never answers here.
    """
    if source is not None:
        return False
    check = _bundled_check()
    return check is not None and check(instance)


@cache
def _bundled_check() -> Callable[[Any], bool] | None:
    return compile_check(load_schema(None))


_QUICK: dict[int, tuple[Validator, Callable[[Any], bool] | None]] = {}


def _quick_valid(validator: Validator, instance: Any) -> bool:
    """True when `fastschema`'s compiled check accepts ``instance`` (then jsonschema does too).

    Most packets are valid, and jsonschema was the largest cost of an audit (bench/README.md).
    """
    entry = _QUICK.get(id(validator))
    if entry is None or entry[0] is not validator:
        schema = validator.schema
        ticking = tick if _configured(validator) else None
        check = compile_check(schema, ticking) if isinstance(schema, Mapping) else None
        entry = _QUICK[id(validator)] = (validator, check)
    try:
        return entry[1] is not None and entry[1](instance)
    except RecursionError:  # a schema that refers to itself without end: jsonschema decides
        return False


def _pointer(path: Iterable[Any]) -> str:
    return "".join(f"/{escape_token(str(part))}" for part in path)


def _describe(error: ValidationError, pointer: str) -> Iterator[Violation]:
    name = field_name(pointer)
    kind = error.validator
    value: Any = error.validator_value
    instance: Any = error.instance
    if kind == "required":
        missing = [key for key in value if key not in instance]
        plural = "s" if len(missing) > 1 else ""
        where = "the packet" if not pointer else name
        yield Violation(
            pointer,
            f"{where} is missing required field{plural} {', '.join(missing)}; add "
            f"{'them' if plural else 'it'} {_SEE_BUNDLED}",
        )
    elif kind in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict):
        yield from _unknown_fields(error, pointer)
    elif kind in ("enum", "const"):
        options = list(value) if kind == "enum" else [value]
        words = ", ".join(o if isinstance(o, str) else show(o) for o in options)
        message = f"{name}: {show(instance)} is not one of {words}"
        if not any(type(o) is type(instance) for o in options):  # exact type: True is not 1
            message = f"{name}: expected one of {words}, got {_describe_value(instance)}"
        elif kind == "const":
            message = f"{name}: {show(instance)} must be {show(value)}"
        guess = _nearest(instance, [o for o in options if isinstance(o, str)])
        if guess is not None:
            message += f" — did you mean {show(guess)}?"
        yield Violation(pointer, message)
    elif kind == "type":
        expected = [value] if isinstance(value, str) else list(value)
        yield Violation(
            pointer,
            f"{name}: expected {_or(_article(t) for t in expected)}, "
            f"got {_describe_value(instance)}",
        )
    elif kind == "pattern" and value == "\\S":
        yield Violation(pointer, f"{name}: must not be blank")
    elif kind == "pattern":
        words = PATTERN_WORDS.get(value, f"a match of the pattern {value}")
        yield Violation(pointer, f"{name}: {show(instance)} is not {words}")
    elif kind == "minLength" and value == 1:
        yield Violation(pointer, f"{name}: must not be empty")
    elif kind in ("anyOf", "oneOf") and error.context:
        yield _collapse(error, pointer)
    elif kind == "format":
        yield Violation(pointer, f"{name}: {show(instance)} is not a valid {value}")
    elif not kind:  # a `false` subschema
        yield Violation(pointer, f"{name}: this field is not allowed here")
    else:
        yield Violation(pointer, f"{name}: {show(instance)} fails `{kind}: {show(value)}`")


def _unknown_fields(error: ValidationError, pointer: str) -> Iterator[Violation]:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    known = list(schema.get("properties", {}))
    names = list(schema.get("patternProperties", {}))
    patterns = [searcher(name) for name in names]
    extension = "^x-" in names
    for key in cast(dict[str, Any], error.instance):
        if key in known or any(search(key) for search in patterns):
            continue
        where = f" in {field_name(pointer)}" if pointer else ""
        message = f"unknown field {show(key)}{where}"
        guess = nearest_field(key, known)
        if guess is not None:
            message += f" — did you mean {show(guess)}?"
        elif len(known) <= 8:
            message += f"; known fields: {', '.join(known)}"
        else:
            message += f"; {_LISTS_BUNDLED}"
        if extension:
            message += " (extensions must start with x-)"
        yield Violation(f"{pointer}/{escape_token(key)}", message, at_key=True)


def _collapse(error: ValidationError, pointer: str) -> Violation:
    """An ``anyOf``/``oneOf`` failure, said through its most useful branch."""
    # jsonschema is imported only when a packet fails the fast check (start-up, bench/README.md)
    from jsonschema.exceptions import best_match, by_relevance

    context = list(error.context or [])
    here = len(error.absolute_path)
    # A branch whose type does not fit says nothing useful when another branch got further.
    deeper = [e for e in context if not (e.validator == "type" and len(e.absolute_path) == here)]
    if not deeper:
        types: list[str] = []
        for branch in context:
            value: Any = branch.validator_value
            types.extend([value] if isinstance(value, str) else list(value))
        return Violation(
            pointer,
            f"{field_name(pointer)}: expected {_or(_article(t) for t in dict.fromkeys(types))}, "
            f"got {_describe_value(error.instance)}",
        )
    best = best_match(deeper, key=by_relevance())
    assert best is not None
    described = next(iter(_describe(best, _pointer(best.absolute_path))), None)
    if described is None:
        return Violation(pointer, f"{field_name(pointer)}: matches none of the accepted forms")
    return described


def _nearest(value: Any, options: Sequence[str]) -> str | None:
    if not isinstance(value, str) or not options:
        return None
    lowered = {option.lower(): option for option in options}
    if value.strip().lower() in lowered:
        return lowered[value.strip().lower()]
    import difflib  # start-up: only for a value the schema rejects

    close = difflib.get_close_matches(value.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[close[0]] if close else None


def _words(name: str) -> set[str]:
    """The words of a field name (snake_case, kebab-case or camelCase), singular."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return {w.lower().removesuffix("s") for w in re.split(r"[\W_]+", spaced) if len(w) >= 3}


def nearest_field(key: str, known: Sequence[str]) -> str | None:
    """A known field that ``key`` is probably a misspelling or a variant of, if any.

    Spelling alone suggests nonsense for field names ("description" is 60% "decisions"), so
    a suggestion needs a close spelling or a shared word ("last_commit" and
    "last_known_good_commit", "files_changed" and "changed_files").
    """
    lowered = {option.lower(): option for option in known}
    import difflib  # start-up: only for a field the schema rejects

    close = difflib.get_close_matches(key.lower(), list(lowered), n=1, cutoff=0.8)
    if close:
        return lowered[close[0]]
    words = _words(key)
    if not words:
        return None
    scored = []
    for option in known:
        shared = len(words & _words(option))
        spelling = difflib.SequenceMatcher(None, key.lower(), option.lower()).ratio()
        # Every word shared, or half of them with a fairly close spelling.
        if shared == len(words) or (2 * shared >= len(words) and spelling >= 0.5):
            scored.append((shared, spelling, option))
    return max(scored)[2] if scored else None


def _article(json_type: str) -> str:
    return _ARTICLES.get(json_type, f"a {json_type}")


def _or(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _describe_value(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return show(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return f"a string ({show(value, 40)})"
    return f"a number ({show(value, 40)})"
