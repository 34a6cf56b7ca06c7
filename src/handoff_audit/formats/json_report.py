"""The JSON report, version 1, exactly as README.md's "Command line" section shows it.

The packets' own data is left out on purpose: the report says what was checked and what was
found, and a consumer that wants a packet reads the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from handoff_audit import __version__, controls
from handoff_audit.credentials import redact
from handoff_audit.formats import indented_json
from handoff_audit.model.findings import Finding, PacketInfo, Report

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions

REPORT_VERSION = 1
"""Bumped only when a field changes meaning or disappears."""


def _named(branch: str | None) -> str | None:
    return None if branch is None else redact(branch)


def to_dict(report: Report) -> dict[str, Any]:
    """The report as JSON-ready data."""
    summary = report.summary
    return {
        "version": REPORT_VERSION,
        "tool": {"name": "handoff-audit", "version": __version__},
        "head": report.head,
        # A credential given as --branch or --target-branch is never echoed.
        "branch": _named(report.branch),
        "target_branch": _named(report.target_branch),
        "packets": [_packet(packet) for packet in report.packets],
        "findings": [_finding(finding) for finding in report.findings],
        **({"archived": list(report.archived)} if report.archived else {}),
        "summary": {
            "packets": summary.packets,
            "errors": summary.errors,
            "warnings": summary.warnings,
            "notes": summary.notes,
            "suppressed": summary.suppressed,
        },
    }


def _packet(packet: PacketInfo) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "path": packet.path,
        "markdown": packet.markdown,
        "kind": packet.kind,
        "branch": _named(packet.branch),  # never echoed, as the Stop hook and `show` have it
        "topic": packet.topic,
        "status": packet.status,
        "last_known_good_commit": packet.last_known_good_commit,
        "commits_behind": packet.commits_behind,
    }
    if packet.history:
        entry["history"] = list(packet.history)  # a series' older files, never judged
    return entry


def _finding(finding: Finding) -> dict[str, Any]:
    found: dict[str, Any] = {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "path": finding.path,
        "line": finding.line,
        "column": finding.column,
        "pointer": finding.pointer,
        "message": finding.message,
    }
    if finding.facet is not None:
        found["facet"] = finding.facet  # additive: only md-incomplete findings carry it
    return found


def render(report: Report, options: FormatOptions) -> str:
    """The report as indented JSON, one trailing newline."""
    return controls.json_text(indented_json.dumps(to_dict(report))) + "\n"
