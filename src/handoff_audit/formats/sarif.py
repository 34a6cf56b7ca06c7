"""SARIF 2.1.0 for GitHub code scanning (``github/codeql-action/upload-sarif``) and other viewers.

One run; every rule of the registry in ``tool.driver.rules`` (so an alert always has its help),
one result per finding. ``partialFingerprints`` lets code scanning follow a finding across commits:
it hashes what the finding is (rule, file, JSON pointer, message with its numbers blanked out), not
where it sits, so the same finding keeps its fingerprint when lines move.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from handoff_audit import __version__, controls
from handoff_audit.model.findings import Finding, Report

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions
    from handoff_audit.rules.base import Rule

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
TOOL_URI = "https://github.com/handoff-audit/handoff-audit"
RULE_DOCS_URL = f"{TOOL_URI}/blob/main/docs/rules/"
"""Where ``docs/rules/<id>.md`` is published; every rule's ``helpUri`` is this plus the page."""
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "handoffAudit/v1"
"""Bump the version suffix if the fingerprint recipe changes, so old alerts are not mismatched."""

_MESSAGE_FREE = frozenset({"packet-outdated", "handoff-outdated"})
"""Rules whose message names the newest later commit (its subject and files) and the count of
later commits, which change at every commit while the finding stays; at most one per file, so
their fingerprint leaves the message out."""

_COMMIT = re.compile(r"\b(?=[0-9a-f]*[0-9])[0-9a-f]{7,64}\b")
_NUMBER = re.compile(r"\b\d+\b")


def render(report: Report, options: FormatOptions) -> str:
    """The report as a SARIF 2.1.0 log (pretty-printed JSON, ending in a newline)."""
    return controls.json_text(json.dumps(sarif_log(report), indent=2, ensure_ascii=False)) + "\n"


def sarif_log(report: Report) -> dict[str, Any]:
    """The SARIF log as a JSON-ready dict."""
    # The registry loads every rule module; formats load on every start (--version, --help).
    from handoff_audit.rules import ALL_RULES

    index = {rule.id: i for i, rule in enumerate(ALL_RULES)}
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "handoff-audit",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "informationUri": TOOL_URI,
                        "rules": [_rule(rule) for rule in ALL_RULES],
                    }
                },
                "originalUriBaseIds": {
                    SRCROOT: {"description": {"text": "The root of the repository audited."}}
                },
                "columnKind": "unicodeCodePoints",
                "results": [
                    _result(finding, index.get(finding.rule), fingerprint)
                    for finding, fingerprint in zip(
                        report.findings, fingerprints(report.findings), strict=True
                    )
                ],
            }
        ],
    }


def help_uri(rule_id: str) -> str:
    """The published documentation page of a rule."""
    return f"{RULE_DOCS_URL}{rule_id}.md"


def fingerprints(findings: Iterable[Finding]) -> list[str]:
    """One stable fingerprint per finding, in order.

    The hash covers the rule, the file, the JSON pointer and the message with every number and
    commit id blanked: line and column references, but also counts such as "12 commits behind" or
    "20 days old" and the commit checked, which change without the finding changing; for
    ``packet-outdated`` and ``handoff-outdated``, which name the newest later commit's subject
    and files, the message is left out (rule, file, pointer and facet only). Findings that
    still collide are told apart by their occurrence order, as GitHub's own
    ``primaryLocationLineHash`` does.
    """
    seen: Counter[str] = Counter()
    out = []
    for finding in findings:
        digest = _digest(finding)
        seen[digest] += 1
        out.append(f"{digest}:{seen[digest]}")
    return out


def _digest(finding: Finding) -> str:
    if finding.rule in _MESSAGE_FREE:
        parts = (finding.rule, finding.path, finding.pointer or "", finding.facet or "")
    else:
        message = " ".join(_NUMBER.sub("N", _COMMIT.sub("H", finding.message)).split())
        parts = (finding.rule, finding.path, finding.pointer or "", message)
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _rule(rule: Rule) -> dict[str, Any]:
    doc = rule.doc.strip()
    uri = help_uri(rule.id)
    return {
        "id": rule.id,
        "name": _pascal(rule.id),
        "shortDescription": {"text": _sentence(rule.summary)},
        "fullDescription": {"text": _first_paragraph(doc) or _sentence(rule.summary)},
        "help": {
            "text": f"{doc}\n\nDocumentation: {uri}",
            "markdown": f"{doc}\n\n[Documentation of `{rule.id}`]({uri})",
        },
        "helpUri": uri,
        "defaultConfiguration": {"level": rule.default.value},
        "properties": {"tags": ["handoff"], "blocksMerge": rule.blocks_merge},
    }


def _result(finding: Finding, rule_index: int | None, fingerprint: str) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": finding.rule}
    if rule_index is not None:
        result["ruleIndex"] = rule_index
    result["level"] = finding.severity.value
    result["message"] = {"text": finding.message}
    branch = None
    path = finding.path
    if finding.elsewhere:
        # Another branch's file, ``BRANCH:handoff.json`` (a branch name holds no ``:``): code
        # scanning rejects a whole upload when one result has no physical location, so it is
        # placed at its path in the repository and the branch is named in the message and the
        # properties (and a logical location).
        branch, _, path = finding.path.partition(":")
        where = finding.path if finding.line is None else f"{finding.path}:{finding.line}"
        result["message"] = {"text": f"{where}: {finding.message}"}
    if path:
        physical: dict[str, Any] = {
            "artifactLocation": {
                "uri": quote(path, safe="/", errors="surrogateescape"),  # the bytes
                "uriBaseId": SRCROOT,
            }
        }
        if finding.line is not None and finding.line >= 1:
            region = {"startLine": finding.line}
            if finding.column is not None and finding.column >= 1:
                region["startColumn"] = finding.column
            physical["region"] = region
        location: dict[str, Any] = {"physicalLocation": physical}
        if branch is not None:
            logical = {"name": path, "fullyQualifiedName": finding.path, "kind": "resource"}
            location["logicalLocations"] = [logical]
        result["locations"] = [location]
    result["partialFingerprints"] = {FINGERPRINT_KEY: fingerprint}
    properties = {
        key: value
        for key, value in (
            ("pointer", finding.pointer),
            ("facet", finding.facet),
            ("branch", branch),
        )
        if value is not None
    }
    if properties:
        result["properties"] = properties
    return result


def _pascal(rule_id: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^a-zA-Z0-9]+", rule_id) if part)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _first_paragraph(markdown: str) -> str:
    """The doc's first prose paragraph, without headings, as one line of plain text."""
    for block in re.split(r"\n\s*\n", markdown):
        lines = [line.strip() for line in block.strip().splitlines()]
        lines = [line for line in lines if line and not line.startswith("#")]
        if lines and not lines[0].startswith(("```", "|", "-", "*", ">", "TODO")):
            return " ".join(lines)
    return ""
