"""Rules about the markdown: the JSON packet's twin, and markdown-only handoffs."""

from __future__ import annotations

from collections.abc import Iterator

from handoff_audit.context import AuditContext
from handoff_audit.findings import Severity
from handoff_audit.rules.base import Hit, Rule

MD_MISSING = Rule(
    id="md-missing",
    default=Severity.ERROR,
    summary="a JSON packet has no markdown twin",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

MD_MISMATCH = Rule(
    id="md-mismatch",
    default=Severity.ERROR,
    summary="a field's content in the markdown differs from the JSON",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

MD_INCOMPLETE = Rule(
    id="md-incomplete",
    default=Severity.ERROR,
    summary="a markdown-only handoff lacks what the next session needs",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

LOG_UNTRIMMED = Rule(
    id="log-untrimmed",
    default=Severity.WARNING,
    summary="`commands_run` keeps more passing entries than `keep-last`",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

TOO_LONG = Rule(
    id="too-long",
    default=Severity.WARNING,
    summary="the markdown is longer than `max-lines`",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

RULES = (
    MD_MISSING,
    MD_MISMATCH,
    MD_INCOMPLETE,
    LOG_UNTRIMMED,
    TOO_LONG,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Not implemented yet."""
    return iter(())
