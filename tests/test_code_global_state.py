"""Process-wide state lives in one documented place (docs/architecture.md, "Process-wide
state"): the engine's run tunes the garbage collector; git.plumbing counts its processes."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "handoff_audit"

ALLOWED = {
    "global": {"git/plumbing.py"},
    "gc": {"engine/audit.py"},
    "umask": set(),
}
"""What may change process-wide state, and the only modules that may."""


def uses(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Global):
            found.add("global")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = {alias.name for alias in node.names} | {getattr(node, "module", None)}
            if "gc" in names:
                found.add("gc")
        elif isinstance(node, ast.Attribute) and node.attr == "umask":
            found.add("umask")
    return found


def test_process_wide_state_only_where_documented() -> None:
    where: dict[str, set[str]] = {kind: set() for kind in ALLOWED}
    for path in sorted(SRC.rglob("*.py")):
        for kind in uses(path):
            where[kind].add(path.relative_to(SRC).as_posix())
    assert where == ALLOWED
