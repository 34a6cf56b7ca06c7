"""What makes a JSON object a handoff packet, for every command that refuses one that is not
(`show`, and the writers through `authoring.packet_files.read_known_packet`): one predicate and
one wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from handoff_audit.credentials import show
from handoff_audit.jsonpos import json_type
from handoff_audit.schema import load_schema
from handoff_audit.schema.foreign import IDENTIFYING


def not_a_packet(data: Mapping[str, Any], *, any_status: bool = False) -> str | None:
    """Why the JSON object ``data`` is not a handoff packet, or ``None`` when it is one.
    With ``any_status``, a value of ``status`` outside the schema's is no reason (a packet
    whose status is mistyped, ``"Active"``, still has its twin).

    A packet is what `new` writes: every field the bundled schema requires (but those `update`
    sets, `SET_BY_UPDATE`), a branch name in ``branch`` and one of the schema's statuses in
    ``status``. Other JSON files may have a ``branch`` and a ``status`` too (a CI report, a
    deployment record, another tool's handoff); no command rewrites those. A packet whose other
    values break the schema is still a packet: `check` names its errors, and `update` may fix
    them.
    """
    schema = load_schema(None)
    statuses = [s for s in schema["properties"]["status"]["enum"] if isinstance(s, str)]
    reasons = []
    status = data.get("status")
    if "status" in data and status not in statuses and not any_status:
        held = show(status, 40) if isinstance(status, str) else _a(json_type(status))
        reasons.append(f'"status" is {held}, not {_or(statuses)}')
    branch = data.get("branch")
    if "branch" in data and not (isinstance(branch, str) and branch.strip()):
        held = "blank" if isinstance(branch, str) else _a(json_type(branch))
        reasons.append(f'"branch" is {held}, not a branch name')
    missing = [
        f'"{key}"' for key in schema["required"] if key not in data and key not in SET_BY_UPDATE
    ]
    if len(missing) > _LISTED + 1:  # "or 1 more" would say less than the name
        shown = ", ".join(missing[:_LISTED])
        reasons.append(f"no {shown} or {len(missing) - _LISTED} more required fields")
    elif missing:
        reasons.append(f"no {_or(missing)} field{'s' if len(missing) > 1 else ''}")
    return "; ".join(reasons) or None


SET_BY_UPDATE = ("summary", "next_action", "verdict_pointer")
"""Required fields a packet may lack and still be one: `update` sets each from its option, the
fix `hook` prints for a packet without one (docs/lifecycle.md, state 6)."""
_LISTED = 4
"""How many missing fields `not_a_packet` names before it counts the rest."""


def _a(json_name: str) -> str:
    return f"an {json_name}" if json_name[0] in "aeiou" else f"a {json_name}"


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def is_packet(data: object) -> bool:
    """True for a JSON object that is a handoff packet (`not_a_packet`)."""
    return isinstance(data, Mapping) and not_a_packet(data) is None


def is_json_schema(data: object) -> bool:
    """True for a JSON object that is itself a JSON Schema (a ``$schema`` string and a
    ``properties`` or ``$defs`` object at the top) and has none of the packet's identifying
    fields: the definition of a format (the packet schema copied into the repository, another
    tool's schema), which the audit never takes as a packet. A packet may carry ``$schema``
    for editors, but never ``properties`` or ``$defs``."""
    return (
        isinstance(data, Mapping)
        and isinstance(data.get("$schema"), str)
        and any(isinstance(data.get(key), Mapping) for key in ("properties", "$defs"))
        and not any(key in data for key in IDENTIFYING)
    )


def not_a_packet_message(path: str, reason: str, done: str = "") -> str:
    """The one line refusing ``path``, not a packet for ``reason`` (`not_a_packet`); ``done``
    says what the command did not do, before the fix."""
    return (
        f"{path}: not a handoff packet ({reason}); {done}give the path of a packet written by "
        "`handoff-audit new`, or, if this file is a handoff, add what it lacks (`handoff-audit "
        "schema` lists the fields)"
    )


__all__ = [
    "SET_BY_UPDATE",
    "is_json_schema",
    "is_packet",
    "not_a_packet",
    "not_a_packet_message",
]
