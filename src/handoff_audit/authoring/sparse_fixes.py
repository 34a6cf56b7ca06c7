"""The Stop hook on a branch whose handoff is committed outside this sparse checkout
(`sparse_handoffs`): it is not judged, nor a `new` one asked for (the branch would end with
two); the fix brings its folder into the work tree, after which the hook judges it as ever."""

from __future__ import annotations

from collections.abc import Callable

from handoff_audit.authoring.advice import Advice
from handoff_audit.authoring.gate_verdict import Gate, Problem
from handoff_audit.engine.sparse_handoffs import folders_of, hidden_handoffs, hidden_said
from handoff_audit.model.packet import in_series


def outside_checkout(gate: Gate, changed: set[str]) -> bool:
    """True, with the problem that brings them in, when this sparse checkout leaves out
    handoff files the branch's tree holds (`hidden_handoffs`; of a series, only those the
    branch ``changed``: a series' file is its handoff only when it wrote it)."""
    hidden = [
        path
        for path in hidden_handoffs(gate.root, gate.config)
        if path in changed or not in_series(path, gate.config)
    ]
    if not hidden:
        return False
    said = (
        f"{hidden_said(hidden)}, this branch's handoff, lies outside this sparse checkout, so "
        "it was not judged; bring its folder into the work tree"
    )
    gate.problems.append(Problem("sparse", said, files=tuple(folders_of(hidden))))
    return True


def sparse_advice(problem: Problem, path: Callable[[str], str]) -> Advice:
    """`git sparse-checkout add` of the ``sparse`` problem's folders, each written by
    ``path`` from the agent's folder, as git reads them."""
    folders = " ".join(path(folder) for folder in problem.files)
    then = "then stop again: the handoff is judged once it is in the work tree"
    return Advice(problem.message, f"git sparse-checkout add {folders}", then)
