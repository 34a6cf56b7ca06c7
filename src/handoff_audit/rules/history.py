"""Rules that read the repository's history: is the packet's last known good commit real, recent, and is the packet itself current."""

from __future__ import annotations

from collections.abc import Iterator

from handoff_audit.context import AuditContext
from handoff_audit.findings import Severity
from handoff_audit.rules.base import Hit, Rule

LKG_UNKNOWN = Rule(
    id="lkg-unknown",
    default=Severity.ERROR,
    summary="`last_known_good_commit` is not in the repository, or not an ancestor of the commit checked",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

LKG_BEHIND = Rule(
    id="lkg-behind",
    default=Severity.ERROR,
    summary="`last_known_good_commit` is more than `max-commits-behind` commits behind the commit checked",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

PACKET_OUTDATED = Rule(
    id="packet-outdated",
    default=Severity.WARNING,
    summary="commits after the packet's last change touch files other than handoff files",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

PACKET_AGE = Rule(
    id="packet-age",
    default=Severity.WARNING,
    summary="the packet's last change is older than `max-age-days`",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

HISTORY_UNAVAILABLE = Rule(
    id="history-unavailable",
    default=Severity.WARNING,
    summary="the history needed to judge staleness is not there and could not be fetched",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

DANGLING_POINTER = Rule(
    id="dangling-pointer",
    default=Severity.WARNING,
    summary="a path in `verdict_pointer`, `pointers` or `changed_files` does not exist in the tree",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

RULES = (
    LKG_UNKNOWN,
    LKG_BEHIND,
    PACKET_OUTDATED,
    PACKET_AGE,
    HISTORY_UNAVAILABLE,
    DANGLING_POINTER,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Not implemented yet."""
    return iter(())
