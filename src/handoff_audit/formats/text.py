"""The text format: findings grouped by file and sorted by line, then one status line.

``path:line:col: rule: message`` is what editors and terminals turn into links; a finding about
a whole file has no line and is ``path: rule: message``, as every format shows it (no line in
the JSON report, the annotation or SARIF). Paths are relative to the folder the command ran in.
A warning or a note says so after the rule id. Colour is the caller's decision
(`FormatOptions.color`) and goes through ``click.style``.
"""

from __future__ import annotations

import posixpath
from itertools import groupby
from typing import TYPE_CHECKING

import click

from handoff_audit import controls
from handoff_audit.model.findings import Finding, Report, Severity

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions

_COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.NOTE: "cyan"}


def render(report: Report, options: FormatOptions) -> str:
    """The report as text for a terminal or a log."""
    paint = _Paint(options.color)
    lines: list[str] = []
    findings = sorted(report.findings, key=Finding.sort_key)
    for _path, group in groupby(findings, key=lambda f: f.path):
        if lines:
            lines.append("")
        lines.extend(_line(finding, paint, options) for finding in group)
    if options.quiet:
        return "\n".join(lines) + "\n" if lines else ""
    if lines:
        lines.append("")
    status = status_line(report)
    if options.scoped and not report.packets and not report.findings:
        status = (
            "No handoff packets found under the paths given (`handoff-audit check` with no "
            "PATHS audits the whole repository)."
        )
    lines.extend(_series_lines(report, options))
    lines.append(paint.bold(status))
    return "\n".join(lines) + "\n"


def display_path(path: str, options: FormatOptions) -> str:
    """``path`` (from the repository root) as seen from the current folder: relative to
    ``options.cwd`` when the folder is inside the root, else behind ``options.root_shown``."""
    if ":" in path:  # another branch's packet, ``ref:path``, stays as it is
        return path
    if options.cwd:
        return posixpath.relpath(path, options.cwd)
    if options.root_shown:
        return posixpath.join(options.root_shown, path)
    return path


def _line(finding: Finding, paint: _Paint, options: FormatOptions) -> str:
    # Neither a file name nor a message may drive the terminal (ESC, C1) or split the line; a
    # name shows what hides in it (HAND\u200bOFF.md).
    where = controls.formats_shown(display_path(finding.path, options))
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    rule = finding.rule
    if finding.severity is not Severity.ERROR:
        rule += f" ({finding.severity.value})"
    message = controls.one_line(finding.message)
    return f"{paint.bold(where)}: {paint.colour(finding.severity, rule)}: {message}"


def status_line(report: Report) -> str:
    """The one status line every command that audits ends with."""
    summary = report.summary
    packets = _count(summary.packets, "packet")
    suppressed = f" ({summary.suppressed} suppressed)" if summary.suppressed else ""
    if summary.packets == 0 and not report.findings:
        return "No handoff packets found."
    counts = [
        _count(summary.errors, "error"),
        _count(summary.warnings, "warning"),
        _count(summary.notes, "note"),
    ]
    verdict = ", ".join(counts) if report.findings else "no findings"
    blocked = " Merge blocked." if report.blocked else ""
    return f"{packets} checked: {verdict}{suppressed}.{blocked}"


def _series_lines(report: Report, options: FormatOptions) -> list[str]:
    """One line per series: which file is its current handoff, how many older ones it keeps."""
    lines = []
    for packet in report.packets:
        if packet.history:
            path = controls.one_line(display_path(packet.path, options))
            older = _count(len(packet.history), "older handoff")
            lines.append(f"{path}: the current handoff of its series ({older}, not judged)")
    folders: dict[str, int] = {}
    for name in report.archived:
        folder = name.rpartition("/")[0]
        folders[folder] = folders.get(folder, 0) + 1
    for folder, count in folders.items():
        shown = controls.one_line(display_path(folder, options))
        lines.append(f"{shown}/: an archive ({_count(count, 'handoff')}, history, not judged)")
    return lines


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


class _Paint:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def bold(self, text: str) -> str:
        return click.style(text, bold=True) if self.enabled else text

    def colour(self, severity: Severity, text: str) -> str:
        return click.style(text, fg=_COLOURS[severity]) if self.enabled else text
