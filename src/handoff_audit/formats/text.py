"""The text format: findings grouped by file and sorted by line, then one summary line.

``path:line:col: rule: message`` is what editors and terminals turn into links; a warning or a
note says so after the rule id. Colour is the caller's decision (`FormatOptions.color`).
"""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

from handoff_audit import controls
from handoff_audit.model.findings import Finding, Report, Severity

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions

_COLOURS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.NOTE: "36"}


def render(report: Report, options: FormatOptions) -> str:
    """The report as text for a terminal or a log."""
    paint = _painter(options.color)
    lines: list[str] = []
    findings = sorted(report.findings, key=Finding.sort_key)
    for _path, group in groupby(findings, key=lambda f: f.path):
        if lines:
            lines.append("")
        lines.extend(_line(finding, paint) for finding in group)
    if lines:
        lines.append("")
    lines.append(paint("1", _summary(report)))
    return "\n".join(lines) + "\n"


def _line(finding: Finding, paint: _Paint) -> str:
    # Neither a file name nor a message may drive the terminal (ESC, C1) or split the line.
    where = controls.one_line(finding.path)
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    rule = finding.rule
    if finding.severity is not Severity.ERROR:
        rule += f" ({finding.severity.value})"
    message = controls.one_line(finding.message)
    return f"{paint('1', where)}: {paint(_COLOURS[finding.severity], rule)}: {message}"


def _summary(report: Report) -> str:
    summary = report.summary
    packets = _count(summary.packets, "packet")
    if summary.packets == 0:
        return "No handoff packets found."
    counts = [
        _count(summary.errors, "error"),
        _count(summary.warnings, "warning"),
        _count(summary.notes, "note"),
    ]
    verdict = ", ".join(counts) if report.findings else "no findings"
    blocked = " Merge blocked." if report.blocked else ""
    return f"{packets} checked: {verdict}.{blocked}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


class _Paint:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled else text


def _painter(enabled: bool) -> _Paint:
    return _Paint(enabled)
