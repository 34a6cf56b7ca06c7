"""Rules that block a merge into a protected branch while handoff files are still in it."""

from __future__ import annotations

from collections.abc import Iterator

from handoff_audit.context import AuditContext
from handoff_audit.findings import Severity
from handoff_audit.rules.base import Hit, Rule

HANDOFF_IN_MERGE = Rule(
    id="handoff-in-merge",
    default=Severity.ERROR,
    summary="a pull request or merge queue entry into a protected branch still carries a file matching `block-files`",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
    blocks_merge=True,
)

ACTIVE_IN_MERGE = Rule(
    id="active-in-merge",
    default=Severity.ERROR,
    summary="a pull request or merge queue entry into a protected branch still carries an active packet",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
    blocks_merge=True,
)

RULES = (
    HANDOFF_IN_MERGE,
    ACTIVE_IN_MERGE,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Not implemented yet."""
    return iter(())
