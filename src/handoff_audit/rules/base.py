"""What a rule is, and what a check yields before the configuration decides its severity."""

from __future__ import annotations

from dataclasses import dataclass

from handoff_audit.model.findings import Severity


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule, declared once: everything `rules`, `explain`, the docs and SARIF say about it."""

    id: str
    """Stable id used in configuration, ``--select``/``--ignore`` and every output."""
    default: Severity
    """Severity when the configuration does not override it."""
    summary: str
    """One line: when the rule fires."""
    doc: str
    """Markdown: why it matters, an example, and how to fix it."""
    blocks_merge: bool = False
    """True for the rules that make the action's ``blocked`` output true."""


@dataclass(frozen=True, slots=True)
class Hit:
    """A finding as a check reports it; the engine turns it into a `Finding` or drops it."""

    rule: Rule
    """The rule that fired."""
    path: str
    """The file, relative to the repository root, with ``/`` separators."""
    message: str
    """What is wrong, where, and how to fix it. Never contains a secret."""
    line: int | None = None
    """1-based line, when known."""
    column: int | None = None
    """1-based column, when known."""
    pointer: str | None = None
    """JSON pointer inside a JSON packet, when there is one."""
    facet: str | None = None
    """For ``md-incomplete``: the missing facet (``state``, ``next``, ``decisions``, ...)."""
    severity: Severity | None = None
    """The check's own severity for this hit, used when the configuration does not set the
    rule's; ``None`` means the rule's default (``md-incomplete`` is an error only for ``next``)."""
