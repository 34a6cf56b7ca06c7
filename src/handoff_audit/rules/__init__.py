"""Every rule, registered in one explicit list, and every check, in the order it runs."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from handoff_audit.model.context import AuditContext
from handoff_audit.rules import branches, content, history, merge, suppression, twin, twin_drift
from handoff_audit.rules.base import Hit, Rule

Check = Callable[[AuditContext], Iterable[Hit]]

ALL_RULES: tuple[Rule, ...] = (
    *content.RULES,
    *twin.RULES,
    *history.RULES,
    *branches.RULES,
    *merge.RULES,
    *suppression.RULES,
)

CHECKS: tuple[Check, ...] = (
    content.check,
    content.check_foreign,
    twin.check,
    twin_drift.check,
    history.check,
    branches.check,
    merge.check,
)
"""The checks run over every audit. ``invalid-suppression`` has no check here: the engine reads
the suppressions once (`suppression.read`), applies the valid ones and reports the others."""

RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in ALL_RULES}

__all__ = ["ALL_RULES", "CHECKS", "RULES_BY_ID", "Check", "Hit", "Rule"]
