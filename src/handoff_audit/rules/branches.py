"""Rules about which packets are active where: one active packet per (branch, topic), on its own branch."""

from __future__ import annotations

from collections.abc import Iterator

from handoff_audit.context import AuditContext
from handoff_audit.findings import Severity
from handoff_audit.rules.base import Hit, Rule

BRANCH_MISMATCH = Rule(
    id="branch-mismatch",
    default=Severity.ERROR,
    summary="an active packet names another branch than the one checked",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

MULTIPLE_ACTIVE = Rule(
    id="multiple-active",
    default=Severity.ERROR,
    summary="more than one active packet for the same (branch, topic)",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

RULES = (
    BRANCH_MISMATCH,
    MULTIPLE_ACTIVE,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Not implemented yet."""
    return iter(())
