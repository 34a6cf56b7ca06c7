"""The one atomic write (`atomic.replace_file`): every writer keeps a file's permissions."""

from __future__ import annotations

import ast
import stat
from pathlib import Path
from typing import Any

import pytest

from core_packets import packet, write_packet
from handoff_audit.atomic import replace_file

SRC = Path(__file__).resolve().parents[1] / "src" / "handoff_audit"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    replace_file(target, b"new")
    assert target.read_bytes() == b"new"
    assert mode(target) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_a_read_only_file_is_replaced_and_stays_read_only(tmp_path: Path) -> None:
    target = tmp_path / "handoff.md"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o444)
    replace_file(target, b"new")
    assert target.read_bytes() == b"new"
    assert mode(target) == 0o444


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    reference.write_bytes(b"")  # created the ordinary way: 0666 less the umask
    target = tmp_path / "new.json"
    replace_file(target, b"{}")
    assert mode(target) == mode(reference)


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        replace_file(tmp_path / "missing-folder" / "x.json", b"{}")
    assert list(tmp_path.iterdir()) == []


def test_check_output_keeps_the_report_files_permissions(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, packet())
    report = tmp_path / "out" / "report.json"
    report.parent.mkdir()
    report.write_text("stale", encoding="utf-8")
    report.chmod(0o600)
    result = run_cli(["check", "--format", "json", "--output", str(report)], cwd=tmp_path)
    assert result.code in (0, 1), result.err
    assert report.read_text(encoding="utf-8").startswith("{")
    assert mode(report) == 0o600


def test_nothing_writes_a_file_but_the_one_atomic_write() -> None:
    # os.umask changes process-wide state; write_text/write_bytes/os.replace would be a second
    # way to write.
    banned = {"umask", "write_text", "write_bytes", "replace", "mkstemp"}
    for module in sorted(SRC.rglob("*.py")):
        if module.name == "atomic.py":
            continue
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in banned
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in {"os", "tempfile"}
            ) or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"write_text", "write_bytes"}
            ):
                raise AssertionError(f"{module.relative_to(SRC)}:{node.lineno}")
