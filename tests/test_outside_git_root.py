"""Outside git, a folder named on the command line is the root its packets are judged from:
their pointers and its configuration, wherever the command runs (an exported copy of a
project audited by a script from elsewhere)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import Result
from core_packets import packet, write_packet

Run = Callable[..., Result]


def _verdict(run_cli: Run, cwd: Path, *paths: str) -> tuple[int, list[tuple[str, str]]]:
    result = run_cli(["check", "--format", "json", *paths], cwd=cwd)
    findings = [(f["rule"], f["path"]) for f in result.json()["findings"]]
    return result.code, sorted(findings)


def test_a_folder_named_from_elsewhere_is_judged_as_from_inside(
    run_cli: Run, tmp_path: Path
) -> None:
    export = tmp_path / "play" / "export"
    (export / "src").mkdir(parents=True)
    (export / "src" / "refunds.py").write_text("x\n")
    write_packet(export, packet(changed_files=["src/refunds.py"], verdict_pointer="src/refunds.py"))
    (export / ".handoff-audit.yml").write_text('rules:\n  history-unavailable: "off"\n')
    inside = _verdict(run_cli, export)
    assert inside == (0, []), inside
    assert _verdict(run_cli, export.parent, "export") == inside
    assert _verdict(run_cli, tmp_path, "play/export") == inside
    assert _verdict(run_cli, export / "src", "..") == inside
    # A pointer that is really missing is still found, from anywhere.
    write_packet(export, packet(changed_files=["src/gone.py"], verdict_pointer="src/refunds.py"))
    _, found = _verdict(run_cli, export.parent, "export")
    assert ("dangling-pointer", "handoff.json") in found
    assert [rule for rule, _ in found] == ["dangling-pointer"]
