"""The time checking one audit's packets against a configured schema may take.

A configured schema is the pull request's own, so it is hostile input: an ``anyOf`` whose
branches refer to schemas that branch again doubles the work at every level, and jsonschema's
``uniqueItems`` compares every pair of objects in an array. A configured schema's validator
(`with_time_bound`) and its `fastcheck` compilation call `tick` at every keyword and subschema,
which raises `TooSlow` once the audit's checking has taken its bound in all (`SECONDS`, or the
configuration's ``schema-timeout``); the audit then ends with a configuration error naming the
schema. ``uniqueItems`` itself runs in linear time.
The bundled schema is ours and is not bounded.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

SECONDS = 10
"""Checking one audit's packets against a configured schema takes at most this long in all
(a parallel audit's worker processes each as long, at the same time), unless the
configuration's ``schema-timeout`` says otherwise."""

_TICKS_PER_LOOK = 256
"""`tick` reads the clock once in this many calls (speed: most calls are cheap keywords)."""


class TooSlow(Exception):
    """Checking against the configured schema took over its bound in this audit."""


class _Clock:
    seconds: float = SECONDS
    """The bound of the audit under way (`new_audit`)."""
    deadline = math.inf
    """When `tick` raises; never outside `checking`."""
    spent = 0.0
    """Seconds this audit spent in `checking`."""
    ticks = 0


def new_audit(seconds: float = SECONDS) -> None:
    """Give the audit that starts its own ``seconds``."""
    _Clock.spent = 0.0
    _Clock.seconds = seconds


def bound() -> float:
    """The seconds the audit under way gives a configured schema."""
    return _Clock.seconds


@contextmanager
def checking() -> Iterator[None]:
    """Checking a packet against a configured schema: `tick` raises `TooSlow` once this audit's
    checking has taken its bound."""
    start = time.monotonic()
    _Clock.deadline = start + _Clock.seconds - _Clock.spent
    try:
        if start > _Clock.deadline:
            raise TooSlow
        yield
    finally:
        _Clock.spent += time.monotonic() - start
        _Clock.deadline = math.inf


def tick() -> None:
    """Raise `TooSlow` when the time of `checking` is up."""
    _Clock.ticks += 1
    if _Clock.ticks % _TICKS_PER_LOOK == 0 and time.monotonic() > _Clock.deadline:
        raise TooSlow


def with_time_bound(cls: type[Validator]) -> type[Validator]:
    """``cls`` with every keyword calling `tick` first, and ``uniqueItems`` in linear time."""
    # jsonschema is imported only when a packet fails the fast check (start-up, bench/README.md)
    from jsonschema.validators import extend

    keywords: dict[str, Any] = {name: _ticking(keyword) for name, keyword in cls.VALIDATORS.items()}
    if "uniqueItems" in keywords:
        keywords["uniqueItems"] = _ticking(_unique_items)
    extended: type[Validator] = extend(cls, keywords)  # type: ignore[no-untyped-call]
    return extended


def _ticking(keyword: Any) -> Any:
    def ticking(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        tick()
        return keyword(validator, value, instance, schema)

    return ticking


def _unique_items(
    validator: Any, unique: Any, instance: Any, schema: Any
) -> Iterator[ValidationError]:
    if unique and validator.is_type(instance, "array"):
        keys = {_key(item) for item in instance}
        if len(keys) != len(instance):
            # jsonschema is imported only when a packet fails the fast check (start-up)
            from jsonschema.exceptions import ValidationError

            yield ValidationError(f"{instance!r} has non-unique elements")


def _key(value: Any) -> Any:
    """A hashable stand-in for a JSON value, equal exactly when jsonschema's ``equal`` says the
    values are (objects in any order, ``1`` and ``1.0`` alike, ``true`` no number)."""
    if isinstance(value, dict):
        return ("object", frozenset((name, _key(item)) for name, item in value.items()))
    if isinstance(value, list):
        return ("array", tuple(_key(item) for item in value))
    if isinstance(value, bool) or value is None:
        return ("literal", value)
    return (type(value) is str, value)
