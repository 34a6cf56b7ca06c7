"""Every import inside a function says why it is not at the top of its module: a comment on
its line or on the line above (e.g. ``# start-up: ...`` when it keeps a heavy module off the
path of ``--version``, ``hook`` and a one-packet ``check``). docs/architecture.md asks for it."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "handoff_audit"


def _unexplained(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for function in ast.walk(ast.parse(text)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            own = lines[node.lineno - 1]
            above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
            if "#" in own or above.startswith("#") or _follows_explained(lines, node.lineno):
                continue
            found.append(f"{path.relative_to(SRC.parent)}:{node.lineno}: {own.strip()}")
    return found


def _follows_explained(lines: list[str], lineno: int) -> bool:
    """An import right below another in-function import that carries the reason (one comment
    for a group of imports made for the same reason)."""
    index = lineno - 2
    while index >= 0 and lines[index].strip().startswith(("from ", "import ")):
        if "#" in lines[index] or (index > 0 and lines[index - 1].strip().startswith("#")):
            return True
        index -= 1
    return False


def test_every_in_function_import_gives_its_reason() -> None:
    unexplained = [line for path in sorted(SRC.rglob("*.py")) for line in _unexplained(path)]
    assert unexplained == [], "\n".join(unexplained)


def test_the_check_finds_an_unexplained_import(tmp_path: Path) -> None:
    module = tmp_path / "handoff_audit" / "m.py"
    module.parent.mkdir()
    module.write_text(
        "def f():\n    import json\n    return json\n\n"
        "def g():\n    # start-up: only here\n    import csv\n    import io\n    return csv, io\n",
        encoding="utf-8",
    )
    global SRC
    saved, SRC = SRC, tmp_path / "handoff_audit"
    try:
        assert _unexplained(module) == ["handoff_audit/m.py:2: import json"]
    finally:
        SRC = saved
