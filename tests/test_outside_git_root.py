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


def test_two_folders_outside_git_are_refused_not_judged_from_their_parent(
    run_cli: Run, tmp_path: Path
) -> None:
    """Review 48-5, item 8: `check o1 o2` made their common parent the root, so o1's pointers
    were dangling and o1/.handoff-audit.yml was ignored. Each folder is its own root, which one
    run cannot judge: the run is refused with one line saying to name one at a time."""
    o1, o2 = tmp_path / "o1", tmp_path / "o2"
    o2.mkdir()
    (o1 / "src").mkdir(parents=True)
    (o1 / "src" / "refunds.py").write_text("x\n")
    write_packet(o1, packet(changed_files=["src/refunds.py"], verdict_pointer="src/refunds.py"))
    (o1 / ".handoff-audit.yml").write_text('rules:\n  history-unavailable: "off"\n')
    assert _verdict(run_cli, tmp_path, "o1") == (0, [])
    result = run_cli(["check", "o1", "o2"], cwd=tmp_path)
    assert result.code == 2, result.out
    assert result.err.count("\n") == 1, result.err
    assert "outside git each folder named is its own root" in result.err
    assert "`handoff-audit check o1`" in result.err
    # A folder and what lies in it are one root: the folder's.
    assert _verdict(run_cli, tmp_path, "o1", "o1/handoff.json") == (0, [])
