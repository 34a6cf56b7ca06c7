"""The `update` options a Stop hook fix carries: each faulted field's option with its
placeholder, the refresh of a packet older than the work, and the words that hold a twin's own
text back until it is carried into its packet. Split from `agent_fixes`, which builds the fixes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from handoff_audit.authoring.fix_choice import FIELD_OPTIONS, field_of
from handoff_audit.rules.base import Fix
from handoff_audit.rules.repoint import refresh_options

if TYPE_CHECKING:
    from handoff_audit.authoring import twin_fixes
    from handoff_audit.model.findings import Finding, PacketInfo

# The placeholder of `new --verify`'s --last-known-good on a branch with no base.
LAST_GREEN = "<the last commit whose tests passed>"


def field_options(known: list[tuple[Fix, Finding]], given: set[str]) -> list[str]:
    """The `update` option, with its placeholder, for each field a finding faults that the
    fix does not already set (``given``)."""
    options = []
    for kind, finding in known:
        field = field_of(finding)
        if kind in (Fix.FIELD, Fix.SCHEMA) and field in FIELD_OPTIONS:
            option, placeholder = FIELD_OPTIONS[field]
            if option not in given:
                options.append(f'{option} "{placeholder}"')
    return options


def carry_later(packet: PacketInfo, beyond: twin_fixes.Beyond) -> str:
    return (
        f"then stop again: the next fix carries {beyond.what} of {beyond.twin} into "
        f"{packet.path}; rendering {beyond.twin} again before that would drop it"
    )


def has_option(given: set[str], options: list[str], option: str) -> bool:
    """True when ``option`` is carried already (``given``) or among the fix's ``options``."""
    return option in given or any(o.startswith(option) for o in options[1:])


def refreshed(since: str, given: set[str], options: list[str]) -> str:
    """The options that refresh a packet older than the work: what changed ``since`` and the
    next step now (`refresh_options`), unless the fix carries a next action already."""
    if has_option(given, options, "--next-action"):
        return f'--summary "{since}"'
    return refresh_options(since)
