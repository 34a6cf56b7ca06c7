"""The json_report format. (Placeholder until its owner writes it.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handoff_audit.findings import Report

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions


def render(report: Report, options: FormatOptions) -> str:
    """Placeholder."""
    return "".join(f"{f.path}:{f.line}: {f.rule}: {f.message}\n" for f in report.findings)
