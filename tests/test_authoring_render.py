"""`render`, `supersede` and `archive` on real files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from handoff_audit.markdown import render_packet

PACKET: dict[str, Any] = {
    "schema_version": "1",
    "branch": "feat/refunds",
    "last_known_good_commit": "a91c33f",
    "status": "active",
    "summary": "Keys stored.",
    "next_action": "Fix the duplicate check.",
    "changed_files": ["src/refunds.py"],
    "commands_run": [{"cmd": "pytest", "exit": 1}],
    "failed_attempts": [],
    "open_risks": [],
    "verdict_pointer": "reports/junit.xml",
}


@pytest.fixture
def packet(tmp_path: Path) -> Path:
    path = tmp_path / "handoff.json"
    path.write_text(json.dumps(PACKET, indent=2) + "\n")
    return path


def test_render_prints_the_canonical_markdown(packet: Path, run_cli: Any) -> None:
    result = run_cli(["render", str(packet)])
    assert result.code == 0
    assert result.out == render_packet(PACKET)
    assert not packet.with_suffix(".md").exists()


def test_write_then_check(packet: Path, run_cli: Any) -> None:
    twin = packet.with_suffix(".md")
    missing = run_cli(["render", "--check", str(packet)])
    assert missing.code == 1 and "missing" in missing.err
    assert run_cli(["render", "--write", str(packet)]).code == 0
    assert twin.read_text() == render_packet(PACKET)
    assert run_cli(["render", "--check", str(packet)]).code == 0
    again = run_cli(["render", "--write", str(packet)])
    assert again.code == 0 and "unchanged" in again.err
    assert sorted(p.name for p in packet.parent.iterdir()) == ["handoff.json", "handoff.md"]


def test_check_shows_a_unified_diff_when_stale(packet: Path, run_cli: Any) -> None:
    twin = packet.with_suffix(".md")
    twin.write_text(render_packet(PACKET).replace("Keys stored.", "Keys lost."))
    result = run_cli(["render", "--check", str(packet)])
    assert result.code == 1
    assert "-Keys lost.\n+Keys stored.\n" in result.out
    assert result.out.startswith("--- ")
    assert "render --write" in result.err
    assert "Keys lost." in twin.read_text()


def test_write_and_check_together_is_a_usage_error(packet: Path, run_cli: Any) -> None:
    assert run_cli(["render", "--write", "--check", str(packet)]).code == 2


def test_write_keeps_the_twin_permissions(packet: Path, run_cli: Any) -> None:
    twin = packet.with_suffix(".md")
    twin.write_text("old\n")
    twin.chmod(0o640)
    assert run_cli(["render", "--write", str(packet)]).code == 0
    assert twin.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", "holds a JSON array"),
        (b'"text"', "holds a JSON string"),
        (b'{"a": 1, "a": 2}', "duplicate"),
        (b"\xff\xfe{}", "a UTF-16 byte order mark"),
        (b"\xfe\xff{}", "a UTF-16 byte order mark"),
        (b"\xc3\x28{}", "not UTF-8"),
    ],
)
@pytest.mark.parametrize("command", [["render"], ["render", "--write"], ["supersede"], ["archive"]])
def test_bad_packets_are_one_line_errors_and_touch_nothing(
    tmp_path: Path, run_cli: Any, content: bytes, message: str, command: list[str]
) -> None:
    path = tmp_path / "handoff.json"
    path.write_bytes(content)
    twin = tmp_path / "handoff.md"
    twin.write_text("hand-written\n")
    result = run_cli([*command, str(path)])
    assert result.code == 2
    assert message in result.err
    assert str(path) in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err
    assert path.read_bytes() == content
    assert twin.read_text() == "hand-written\n"


@pytest.mark.parametrize("command", ["render", "supersede", "archive"])
def test_missing_file_or_folder_is_a_one_line_error(
    tmp_path: Path, run_cli: Any, command: str
) -> None:
    result = run_cli([command, str(tmp_path / "nope.json")])
    assert result.code == 2 and "no such file" in result.err
    result = run_cli([command, str(tmp_path)])
    assert result.code == 2 and "not a regular file" in result.err


def test_supersede_sets_status_and_successor_and_rerenders(packet: Path, run_cli: Any) -> None:
    successor = packet.parent / ".handoff" / "refund-v2.json"
    successor.parent.mkdir()
    successor.write_text(json.dumps(PACKET, indent=2) + "\n")
    result = run_cli(["supersede", str(packet), "--by", str(successor)])
    assert result.code == 0, result.err
    data = json.loads(packet.read_text())
    assert data["status"] == "superseded"
    assert data["superseded_by"] == ".handoff/refund-v2.json"
    assert list(data)[:5] == [
        "schema_version",
        "branch",
        "last_known_good_commit",
        "status",
        "superseded_by",
    ]
    assert packet.with_suffix(".md").read_text() == render_packet(data)
    assert "- **Superseded by:** .handoff/refund\\-v2.json" not in render_packet(data)
    assert "- **Superseded by:** .handoff/refund-v2.json" in render_packet(data)


def test_archive_keeps_the_rest_and_is_idempotent(packet: Path, run_cli: Any) -> None:
    assert run_cli(["supersede", str(packet), "--by", "refund-next"]).code == 0
    assert run_cli(["archive", str(packet)]).code == 0
    data = json.loads(packet.read_text())
    assert data == {**PACKET, "status": "archived", "superseded_by": "refund-next"}
    before = packet.read_bytes(), packet.with_suffix(".md").read_bytes()
    again = run_cli(["archive", str(packet)])
    assert again.code == 0 and "unchanged" in again.err
    assert (packet.read_bytes(), packet.with_suffix(".md").read_bytes()) == before


def test_supersede_by_blank_is_refused(packet: Path, run_cli: Any) -> None:
    before = packet.read_bytes()
    result = run_cli(["supersede", str(packet), "--by", " "])
    assert result.code == 2 and "--by" in result.err
    assert packet.read_bytes() == before


def test_no_temporary_files_are_left(packet: Path, run_cli: Any) -> None:
    run_cli(["render", "--write", str(packet)])
    run_cli(["archive", str(packet)])
    leftovers = [name for name in os.listdir(packet.parent) if name.endswith(".tmp")]
    assert leftovers == []


HAND_WRITTEN = "# Handoff\n\n## Next step\n\nRun the refund tests.\n"


@pytest.mark.parametrize(
    ("command", "fix"),
    [
        ("archive", "when its work is done, remove it with `git rm docs/HANDOFF.md`"),
        ("supersede", "remove it with `git rm docs/HANDOFF.md`"),
        ("update", "edit it by hand, or start a packet with `new`"),
    ],
)
def test_a_hand_written_handoff_is_no_packet_to_change(
    git_repo: Any, run_cli: Any, command: str, fix: str
) -> None:
    git_repo.write("docs/HANDOFF.md", HAND_WRITTEN)
    git_repo.commit("hand-written handoff")
    result = run_cli([command, "docs/HANDOFF.md"], cwd=git_repo.root)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "JSON" in result.err and "line 1" not in result.err
    assert f"{command}: docs/HANDOFF.md is a hand-written handoff, not a JSON packet" in result.err
    assert fix in result.err
    assert (git_repo.root / "docs/HANDOFF.md").read_text() == HAND_WRITTEN
    assert git_repo.git("status", "--porcelain") == ""


@pytest.mark.parametrize("command", ["archive", "supersede", "update"])
def test_a_packets_twin_names_the_packet_to_pass(git_repo: Any, run_cli: Any, command: str) -> None:
    git_repo.write("handoff.json", {**PACKET, "branch": "main"})
    git_repo.write("handoff.md", render_packet({**PACKET, "branch": "main"}))
    git_repo.commit("packet")
    result = run_cli([command, "handoff.md"], cwd=git_repo.root)
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"pass the JSON packet it is rendered from: handoff-audit {command} handoff.json" in (
        result.err
    )
    assert git_repo.git("status", "--porcelain") == ""


def test_a_short_field_of_another_type_is_shown_as_json_never_as_a_python_value(
    git_repo: Any, run_cli: Any
) -> None:
    odd = PACKET | {"last_known_good_commit": True, "superseded_by": {"path": "next.json"}}
    git_repo.write("handoff.json", odd)
    git_repo.commit("a packet with two schema errors")
    result = run_cli(["render", "--write", "handoff.json"], cwd=git_repo.root)
    assert result.code == 0, result.err
    twin = (git_repo.root / "handoff.md").read_text()
    assert "- **Last known good commit:** true\n" in twin
    assert '- **Superseded by:** {"path": "next.json"}\n' in twin
    assert run_cli(["render", "--check", "handoff.json"], cwd=git_repo.root).code == 0


def test_a_credential_in_the_packet_is_never_printed(tmp_path: Path, run_cli: Any) -> None:
    token = "ghp_" + "Vq4Lr8Tz2Wn6" * 3  # assembled here: no literal token in the repository
    path = tmp_path / "handoff.json"
    path.write_text(json.dumps({**PACKET, "next_action": f"Rotate {token}."}, indent=2) + "\n")
    shown = run_cli(["render", str(path)])
    assert shown.code == 0
    assert token not in shown.out + shown.err
    assert "Rotate [redacted" in shown.out and "holds a credential" in shown.err
    twin = path.with_suffix(".md")
    twin.write_text(render_packet(PACKET))  # stale: the diff would carry the token's line
    stale = run_cli(["render", "--check", str(path)])
    assert stale.code == 1 and token not in stale.out + stale.err
    assert "Rotate [redacted" in stale.out
    assert run_cli(["render", "--write", str(path)]).code == 0  # the file is the packet's own
    assert token in twin.read_text()
