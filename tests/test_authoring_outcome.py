"""Writers return what they did (`Outcome`) and `cli/` prints it: nothing in `authoring/` prints,
and the pre-commit hook names a rewritten twin once."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from core_packets import packet, write_packet
from handoff_audit.cli.precommit import main as render_main
from handoff_audit.markdown import render_packet

AUTHORING = Path(__file__).resolve().parents[1] / "src" / "handoff_audit" / "authoring"


def test_no_module_of_the_writing_layer_prints() -> None:
    for module in sorted(AUTHORING.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [alias.name for alias in node.names]
                assert "click" not in names and getattr(node, "module", None) != "click", module
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "print", f"{module.name}:{node.lineno}"


def test_the_render_hook_names_a_rewritten_twin_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = packet()
    path = write_packet(tmp_path, data, twin=False)
    # The twin of an older packet, older than it: nothing in it is a person's own text.
    stale = tmp_path / "handoff.md"
    stale.write_text(render_packet({**data, "next_action": "An older step."}), encoding="utf-8")
    os.utime(stale, ns=(1_000_000_000, 1_000_000_000))
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert render_main([path.name]) == 1
    captured = capsys.readouterr()
    both = captured.out + captured.err
    assert both.count("wrote handoff.md") == 1, both
    assert captured.out == "handoff.json: wrote handoff.md; stage it and commit again\n"
    assert render_main([path.name]) == 0
    captured = capsys.readouterr()
    assert captured.out == captured.err == ""
