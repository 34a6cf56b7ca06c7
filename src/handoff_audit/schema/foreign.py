"""Is a JSON file a handoff in someone else's shape rather than a broken v1 packet?

A file with none of the packet's identifying fields and mostly keys the schema does not know was
not written for this schema: listing each key as a violation says nothing useful. It gets one
finding that says so and what to do instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from handoff_audit.config import setting_place
from handoff_audit.globs import NEGATE, literal, matches_any, matches_any_case
from handoff_audit.model.findings import PacketInfo
from handoff_audit.model.packet import Packet, in_packets_folder
from handoff_audit.schema import load_schema
from handoff_audit.schema.messages import nearest_field

IDENTIFYING = ("branch", "status", "next_action", "last_known_good_commit")
"""A v1 packet has these; a JSON Schema with none of them is no packet (`is_json_schema`)."""
OWN_FIELDS = ("branch", "next_action", "last_known_good_commit")
"""The fields only a v1 packet has; a file with none of them was written for another shape. A
``status`` says little: another tool's state file carries one as often as not
(``"in_progress"``, ``"idle"``); only a packet's ``"active"`` says the file is one."""


@cache
def _known_fields() -> frozenset[str]:
    properties = load_schema(None).get("properties", {})
    return frozenset(properties) if isinstance(properties, dict) else frozenset()


def unknown_keys(data: Mapping[str, Any]) -> list[str]:
    """The top-level keys the bundled schema does not know (``x-`` extensions are known)."""
    known = _known_fields()
    return [key for key in data if key not in known and not key.startswith("x-")]


def is_foreign(data: Any, path: str) -> bool:
    """True for a JSON object at ``path`` (from the audited root) with none of `OWN_FIELDS`
    whose keys (but ``status``, whatever it holds) are mostly strange to the schema: neither
    its fields nor plausible misspellings of its required ones ("nxt_action" is a v1 packet
    with a typo, and its own finding says "did you mean next_action?"). A key that only
    resembles an optional field ("version", "schema_version") is as common in other tools'
    files as any, and says nothing about the file being a packet. So is one whose only own
    field is ``branch`` (`_branch_alone`). Such a file is no packet: the merge gate does not
    judge its status. A file in this tool's packets folder (`in_packets_folder`), or whose
    ``status`` is a packet's ``"active"``, is a packet, however broken: the gate judges it."""
    if not isinstance(data, Mapping) or in_packets_folder(path) or data.get("status") == "active":
        return False
    own = [key for key in OWN_FIELDS if key in data]
    required = _required_fields()
    strange = [key for key in unknown_keys(data) if nearest_field(key, required) is None]
    if own == ["branch"]:
        return _branch_alone(data, len(strange))
    return not own and 2 * len(strange) > len(data) - ("status" in data)


def foreign_file(packet: Packet | PacketInfo) -> bool:
    """True for a JSON file (as loaded, or as the report tells of it) in another tool's shape:
    one that holds no object at its top (an array, `Packet.shape`), or an object `is_foreign`
    calls so."""
    if packet.shape is not None:
        return not in_packets_folder(packet.path)
    return is_foreign(packet.data, packet.path)


def _branch_alone(data: Mapping[str, Any], strange: int) -> bool:
    """True for a file with ``branch`` and no other field the schema requires but ``status``
    (another tool's state file names its branch as often as not: iandorsey00/geocompare's
    ``{project, handoff_date, branch, version, last_commit, next_tasks, ...}``), with
    `_SEVERAL` keys strange to the schema and more keys it does not know than it knows. A
    packet with a typo or a missing field keeps the fields it has."""
    unknown = len(unknown_keys(data))
    others = [key for key in _required_fields() if key in data and key not in ("branch", "status")]
    return not others and strange >= _SEVERAL and unknown > len(data) - unknown


_SEVERAL = 3
"""How many keys strange to the schema make a file with a ``branch`` another tool's."""


def has_packet_fields(data: Mapping[str, Any]) -> bool:
    """True when ``data`` has every field the bundled schema requires of a packet, whatever
    their values: a packet the merge gate takes a markdown twin beside (``handoff.md`` by
    ``handoff.json``) for. Which schema the configuration names and whether its `schema`
    findings are reported are the pull request's own, so they do not decide it."""
    return all(key in data for key in _required_fields())


@cache
def _required_fields() -> tuple[str, ...]:
    required = load_schema(None).get("required", [])
    return tuple(sorted(key for key in required if isinstance(key, str)))


_SLUG_CUT = re.compile(r"[^a-z0-9._-]+")
"""What a branch name may hold that a packet's file name under ``.handoff/`` should not."""


def beside_path(branch: str | None) -> str:
    """Where the branch's packet goes beside a file that is not this tool's packet:
    ``.handoff/<branch, as a file name>.json``."""
    slug = _SLUG_CUT.sub("-", (branch or "handoff").lower()).strip("-.") or "handoff"
    return f".handoff/{slug}.json"


def packets_without(packets: Sequence[str], path: str, twin: str, beside: str) -> list[str]:
    """The ``packets`` setting that keeps ``packets`` but leaves out the file at ``path`` (and
    its markdown ``twin``, when there is one and a glob finds it): the globs, then an exclusion
    (``!``) of each they still find, so that every other packet the globs find is still audited
    and no entry is added twice. ``beside`` (the branch's own packet, under ``.handoff/``) is
    found, whatever the globs were."""
    kept = list(packets)
    if not matches_any(beside, kept):
        kept.append(".handoff/**/*.json")
    if matches_any(path, kept) or matches_any_case(path, kept):  # as `named_packet` finds it
        kept.append(f"{NEGATE}{literal(path)}")
    if twin and matches_any(twin, kept):
        kept.append(f"{NEGATE}{literal(twin)}")
    return kept


def foreign_message(
    data: Mapping[str, Any] | None,
    leave_out: str | None,
    beside: str,
    source: str | None,
    shape: str | None = None,
) -> str:
    """One line: what the file lacks, which keys are unknown (``shape``: what it holds instead
    of an object, ``data`` then ``None``), and the two ways forward; ``leave_out`` says where
    and how to leave the file out of ``packets`` (`added_advice` of what `packets_without` adds),
    ``None`` when the configuration already leaves it out (it is read because it was named);
    ``beside`` where this branch's packet goes instead; ``source`` is the configuration in use
    (`Config.source`), where ``schema`` is set, as ``packets`` is."""
    toml = source is not None and source.lower().endswith((".toml", "]"))
    setting = "`schema`" if toml else "`schema:`"
    if leave_out is None:
        stop = (
            f"leave it alone: `packets` {setting_place(source)} already leaves it out, so "
            "`handoff-audit check` reads it only when it is named on the command line"
        )
    else:
        stop = (
            "leave it alone, and so that the audit stops reading it as a packet, leave it "
            f"out of `packets`, {leave_out}"
        )
    return (
        f"not a handoff packet in this tool's shape: {_lacks(data, shape)}; "
        f"if this is your own format, point {setting} {setting_place(source)} at its JSON "
        f"Schema; otherwise it is another tool's file: {stop} (this branch's packet goes "
        f"beside it: `handoff-audit new --output {beside} ...`)"
    )


def _lacks(data: Mapping[str, Any] | None, shape: str | None) -> str:
    """What makes the file another tool's: what it holds instead of an object, or which of
    `OWN_FIELDS` it has and how many of its keys are unknown."""
    if data is None:
        return f"the file holds a JSON {shape}, and a packet is a JSON object ({{...}})"
    unknown = unknown_keys(data)
    shown = ", ".join(f'"{key}"' for key in unknown[:5]) + (" …" if len(unknown) > 5 else "")
    own = [key for key in OWN_FIELDS if key in data]
    has = f"only {own[0]} of" if own else "none of"
    return (
        f"{has} {', '.join(OWN_FIELDS)}, and {len(unknown)} of {len(data)} top-level keys "
        f"unknown ({shown})"
    )


__all__ = [
    "IDENTIFYING",
    "OWN_FIELDS",
    "foreign_file",
    "foreign_message",
    "has_packet_fields",
    "is_foreign",
    "packets_without",
    "unknown_keys",
]
