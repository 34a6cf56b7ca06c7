"""The Stop hook on a finished branch whose packet lost its twin: deleting a packet's
``handoff.md`` finishes nothing, as `check` fails on it (`md-missing`)."""

from __future__ import annotations

from collections.abc import Sequence

from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.model.findings import Finding


def twinless(gate: Gate, findings: Sequence[Finding]) -> list[Problem]:
    """`md-missing` among ``findings`` on a finished packet of the branch, with the gate's own
    fix (`render --write`)."""
    mine = {p.path: p for p in gate.finished if p.branch == gate.branch}
    return [
        Problem("finding", f.message, f, mine[f.path])
        for f in findings
        if f.rule == "md-missing" and f.path in mine
    ]
