"""`handoff-audit explain RULE`: the rule's documentation and a finding it really prints.

The example findings are not written by hand: ``scripts/gen_rule_docs.py`` runs the gallery's
broken example of each rule and stores what the audit printed in ``examples.json`` beside this
module (its ``--check`` fails when the file is out of date).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from handoff_audit.rules.base import Rule

EXAMPLES_FILE = "examples.json"
"""Package data: rule id -> the text lines its gallery example prints."""


@cache
def examples() -> dict[str, dict[str, Any]]:
    """Rule id -> ``{folder, command, lines}``: what the rule's gallery example prints."""
    try:
        text = resources.files("handoff_audit.rules").joinpath(EXAMPLES_FILE).read_text("utf-8")
    except OSError:
        return {}
    data: dict[str, dict[str, Any]] = json.loads(text)
    return data


def explain_text(rule: Rule) -> str:
    """The rule's id, default, summary, documentation and, when known, a real finding."""
    text = f"{rule.id} (default: {rule.default.value})\n\n{rule.summary}\n\n{rule.doc.strip()}"
    example = examples().get(rule.id)
    if example:
        shown = "\n".join(f"    {line}" for line in example["lines"])
        text += (
            f"\n\nWhat it prints: `{example['command']}` in a copy of {example['folder']}/ "
            f"(outside any git repository):\n\n{shown}"
        )
    return text


__all__ = ["EXAMPLES_FILE", "examples", "explain_text"]
