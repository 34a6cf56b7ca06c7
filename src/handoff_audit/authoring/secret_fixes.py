"""The Stop hook's fixes for a credential in a handoff file: removed by hand where the finding
says, and, in a packet's ``branch`` field, the branch renamed and the packet re-pointed at the
new name in one command (`update` refuses to store a credential-shaped checked-out branch)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.gate_verdict import Problem
from handoff_audit.authoring.inherited_fixes import reason
from handoff_audit.model.findings import Finding
from handoff_audit.program import program
from handoff_audit.rules.repoint import named_branch_command
from handoff_audit.rules.secret_rule import repeats_a_name

if TYPE_CHECKING:
    from handoff_audit.authoring.agent_fixes import Fixes


def secret_advice(finding: Finding, path_of: Callable[[str], str]) -> Advice:
    """A credential in a file: removed by hand where the finding says (no command could do it
    without naming the value), and revoked, since it may be in a commit already."""
    where = f" at line {finding.line}" if finding.line else ""
    where += f", column {finding.column}" if finding.line and finding.column else ""
    return Advice(
        reason(finding, [finding]),
        f"remove the credential from {path_of(finding.path)}{where} by hand, keeping every "
        "other value; never print, echo or copy its value",
        "then revoke it where it was issued (a commit or a log may hold it already), commit, "
        "and stop again",
    )


def secrets_by_file(findings: list[Finding], path_of: Callable[[str], str]) -> dict[str, Advice]:
    """The credentials found, one piece of advice per file (`secret_advice` for a lone one):
    a note holding several gets one fix naming every place, so that the Stop hook's few lines
    still show the file's other findings (the note older than the work) beside them."""
    by_file: dict[str, list[Finding]] = {}
    for finding in findings:
        by_file.setdefault(finding.path, []).append(finding)
    return {path: _file_secrets(found, path_of) for path, found in by_file.items()}


def _file_secrets(found: list[Finding], path_of: Callable[[str], str]) -> Advice:
    if len(found) == 1:
        return secret_advice(found[0], path_of)
    places = "; ".join(
        f"line {f.line}" + (f", column {f.column}" if f.column else "") if f.line else "?"
        for f in found
    )
    return Advice(
        reason(found[0], found),
        f"remove the {len(found)} credentials from {path_of(found[0].path)} at {places} by hand, "
        "keeping every other value; never print, echo or copy their values",
        "then revoke them where they were issued (a commit or a log may hold them already), "
        "commit, and stop again",
    )


def named_branch_advice(
    fixes: Fixes, problems: list[Problem], secrets: list[Problem], rest: list[Problem]
) -> list[Advice] | None:
    """A packet whose branch field looks like a credential: removed by hand, it would fail the
    branch checks, and a bare `update` refuses such a checked-out branch; so one command
    renames the branch and re-points the packet (`named_branch_command`), carrying the other
    findings' `update` options, and renders anew the twin's lines that repeat the name.
    ``None`` for any other packet."""
    packet = problems[0].packet
    found = [p.finding for p in secrets if p.finding is not None]
    checked = fixes.gate.branch
    if packet is None or not checked:
        return None
    own = (f for f in found if f.path == packet.path and f.pointer == "/branch")
    branch = next(own, None)
    if branch is None:
        return None
    renamed = any(f.pointer == "/topic" for f in found)
    repeated = [f for f in found if f.path != packet.path and repeats_a_name(f.message)]
    left = [f for f in found if f is not branch and (renamed or f not in repeated)]
    other = fixes.packet_advice(rest) if rest else None
    update = f"{program()} update {fixes.path(packet.path)}"
    covered = [branch, *([] if renamed else repeated)]
    if other is not None and f"{other.command} ".startswith(f"{update} "):
        update, other = other.command, None
        covered += [p.finding for p in rest if p.finding is not None]
    command = named_branch_command(update, checked)
    named = Advice(reason(branch, covered), command, "then revoke the credential if it is one")
    return [
        named,
        *(secret_advice(f, fixes.path) for f in left),
        *([other] if other is not None else []),
    ]
