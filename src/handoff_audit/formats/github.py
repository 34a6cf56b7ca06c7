"""The github format: workflow commands that GitHub turns into annotations on the diff.

GitHub shows only about ten annotations of each kind per step, so the most important come first
(errors, then merge blockers, then the rules in the order they are declared) and, when some are
left out, one notice says how many and where they are (the job summary).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from handoff_audit import controls
from handoff_audit.model.findings import Finding, Report, Severity

if TYPE_CHECKING:
    from handoff_audit.formats import FormatOptions

PER_KIND = 10
"""GitHub displays at most this many annotations of one kind (error, warning, notice) per step."""

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def escape_data(text: str) -> str:
    """Escape a workflow command's message as the runner unescapes it, controls but newline and
    tab made visible first, and the line and paragraph separators (U+2028, U+2029) that end a
    line in some viewers (the log is a terminal too; a file name with ESC in it loses its
    annotation's link, rather than reaching the log raw)."""
    return _escaped(controls.text(text).translate(_SEPARATORS))


_SEPARATORS = {0x2028: "\\u2028", 0x2029: "\\u2029"}


def _escaped(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command's property value (``file=``, ``title=``, ...) as the runner
    unescapes it (``%``, CR, LF, ``:``, ``,``). A carriage return is ``%0D`` like a newline,
    never made visible as ``\\r``: ``file=`` must name the real file (a folder ``notes\\r``)
    for GitHub to place the annotation; so does a line separator (U+2028, U+2029), on which the
    runner splits no command."""
    return "%0D".join(
        _escaped(controls.text(part)).replace(":", "%3A").replace(",", "%2C")
        for part in text.split("\r")
    )


def command(kind: str, message: str, **properties: str | int | None) -> str:
    """One workflow command line, e.g. ``::error file=a.json,line=3::message``."""
    props = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in properties.items()
        if value is not None
    )
    return f"::{kind}{' ' + props if props else ''}::{escape_data(message)}\n"


def importance(finding: Finding) -> tuple[int, int, int, tuple[str, int, int, int, str, str]]:
    """Sort key: errors first, then merge blockers, then the rules' declared order."""
    # The registry loads every rule module; formats load on every start (--version, --help).
    from handoff_audit.rules import ALL_RULES, RULES_BY_ID

    rule = RULES_BY_ID.get(finding.rule)
    order = ALL_RULES.index(rule) if rule is not None else len(ALL_RULES)
    blocks = 0 if rule is not None and rule.blocks_merge else 1
    return (-finding.severity.rank, blocks, order, finding.sort_key())


def annotation(finding: Finding) -> str:
    """The workflow command for one finding; a finding about a whole file names the file
    without a line (an annotation of the file), as the other formats show it. Another
    branch's file (`Finding.elsewhere`) is no file of the commit checked: its annotation names
    no file, its message starts with ``BRANCH:path:line``."""
    message = f"{finding.message} [{finding.rule}]"
    if finding.elsewhere:
        where = finding.path if finding.line is None else f"{finding.path}:{finding.line}"
        return command(
            _COMMAND[finding.severity],
            f"{where}: {message}",
            title=f"handoff-audit: {finding.rule}",
        )
    return command(
        _COMMAND[finding.severity],
        message,
        file=finding.path,
        line=finding.line,
        col=finding.column if finding.line is not None else None,
        title=f"handoff-audit: {finding.rule}",
    )


def render(report: Report, options: FormatOptions, *, summary_lists: int | None = None) -> str:
    """At most `PER_KIND` annotations per kind, most important first, then what was left out.

    ``summary_lists`` is how many findings the job summary lists, when it had to leave some out
    (`markdown_report.summary`); ``None`` means every one.
    """
    shown: Counter[str] = Counter()
    lines: list[str] = []
    left_out = 0
    ranked = sorted(report.findings, key=importance)
    notes = sum(1 for f in ranked if f.severity is Severity.NOTE)
    for finding in ranked:
        kind = _COMMAND[finding.severity]
        room = PER_KIND
        if kind == "notice" and (notes > PER_KIND or left_out):
            room = PER_KIND - 1  # one notice is kept for the "left out" line
        if shown[kind] < room:
            shown[kind] += 1
            lines.append(annotation(finding))
        else:
            left_out += 1
    if left_out:
        where = _where_all(report, summary_lists)
        lines.append(
            command(
                "notice",
                f"{left_out} more finding{'s' if left_out != 1 else ''} not shown as "
                f"annotations (GitHub shows about ten per kind); {where}",
                title="handoff-audit: more findings",
            )
        )
    return "".join(lines)


def _where_all(report: Report, summary_lists: int | None) -> str:
    if summary_lists is None or summary_lists >= len(report.findings):
        return "the job summary lists every one."
    return (
        f"the job summary lists the first {summary_lists} of {len(report.findings)}; "
        "run `handoff-audit check --format json` for all."
    )
