"""Rules about a packet file's own content: can it be read, does it match the schema, is it filled in, does it leak a secret."""

from __future__ import annotations

from collections.abc import Iterator

from handoff_audit.context import AuditContext
from handoff_audit.findings import Severity
from handoff_audit.rules.base import Hit, Rule

INVALID_JSON = Rule(
    id="invalid-json",
    default=Severity.ERROR,
    summary="a packet file is not a readable JSON object (syntax, encoding, duplicate key, size, not a regular file, a link out of the repository)",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

SCHEMA = Rule(
    id="schema",
    default=Severity.ERROR,
    summary="a packet violates the handoff schema; one finding per violation",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

PLACEHOLDER = Rule(
    id="placeholder",
    default=Severity.ERROR,
    summary="`next_action` or `summary` is blank or a placeholder (TODO, TBD, FIXME, n/a, none, -, ..., <...>)",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

SECRET = Rule(
    id="secret",
    default=Severity.ERROR,
    summary="a value in a packet or handoff markdown looks like a credential",
    doc="""TODO(owner): why it matters, an example, and the fix.""",
)

RULES = (
    INVALID_JSON,
    SCHEMA,
    PLACEHOLDER,
    SECRET,
)


def check(ctx: AuditContext) -> Iterator[Hit]:
    """Not implemented yet."""
    return iter(())
