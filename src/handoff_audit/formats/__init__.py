"""Output formats: a NAME -> formatter registry that also feeds the click choices.

Every formatter is a pure function of a Report: it returns a string and never prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from handoff_audit.formats import github, json_report, markdown_report, sarif, text
from handoff_audit.model.findings import Report


@dataclass(frozen=True, slots=True)
class FormatOptions:
    """Presentation choices that are not part of the report."""

    color: bool = False
    """Use ANSI colours (only the text format does)."""
    quiet: bool = False
    """Findings only, no status line (only the text format has one)."""
    cwd: str = ""
    """The current folder relative to the repository root (``""`` or ``sub/dir``): the text
    format shows paths relative to it; the machine formats stay root-relative."""
    scoped: bool = False
    """PATHS chose part of the repository: "no packets" speaks of them, not the repository."""


Formatter = Callable[[Report, FormatOptions], str]

FORMATS: dict[str, Formatter] = {
    "text": text.render,
    "json": json_report.render,
    "sarif": sarif.render,
    "github": github.render,
    "markdown": markdown_report.render,
}

__all__ = ["FORMATS", "FormatOptions", "Formatter"]
