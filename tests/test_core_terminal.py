"""Nothing a packet, a path or a message holds can drive a terminal: C0 controls (but newline
and tab), DEL, C1 controls and ESC are shown as escapes in every output."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core_packets import packet, write_packet
from handoff_audit.formats import FORMATS, FormatOptions
from handoff_audit.markdown import render_packet
from handoff_audit.model.findings import Finding, PacketInfo, Report, Severity

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
NASTY = [
    "\x1bc",
    "\x1b[2J",
    "\x9b31m",
    "\x07",
    "\x00",
    "\x7f",
    "\x85",
    "\r",
    "\x0b",
    "\x1b]0;t\x07",
]

nasty = st.lists(st.one_of(st.sampled_from(NASTY), st.text(max_size=3)), max_size=6).map("".join)


@settings(max_examples=80, deadline=None)
@given(nasty, nasty, nasty)
def test_no_format_lets_a_control_through(path: str, message: str, title: str) -> None:
    data = packet(title=title, next_action=message or "x", summary=title or "x")
    info = PacketInfo(path or "p", "json", (path or "p") + ".md", message, title, "active",
                      data=data)  # fmt: skip
    report = Report(
        packets=(info,),
        findings=(Finding("schema", Severity.ERROR, path or "p", message or "m", line=1),),
        head="0" * 40,
        branch=message,
        target_branch=title,
    )
    for name, render in FORMATS.items():
        out = render(report, FormatOptions(color=False))
        assert not CONTROL.search(out), (name, out)
    assert not CONTROL.search(render_packet(data))


def test_render_prints_exactly_what_render_write_writes(tmp_path: Path, run_cli: Any) -> None:
    path = write_packet(
        tmp_path, packet(title="Reset \x1bc", summary="CSI \x9b31m red\nbell \x07"), twin=False
    )
    shown = run_cli(["render", str(path)])
    assert shown.code == 0 and not CONTROL.search(shown.out)
    assert "\\x1bc" in shown.out and "\\x9b31m" in shown.out
    assert run_cli(["render", "--write", str(path)]).code == 0
    assert path.with_suffix(".md").read_text(encoding="utf-8") == shown.out
    assert run_cli(["check", "--select", "md-mismatch", str(tmp_path)]).code == 0


def test_check_text_output_escapes_c1_and_esc(tmp_path: Path, run_cli: Any) -> None:
    write_packet(
        tmp_path,
        packet(next_action="TODO", open_risks=[{"what": "x", "severity": "\x9bhuge\x1bc"}]),
    )
    result = run_cli(["check", "--select", "schema,placeholder", str(tmp_path)])
    assert result.code == 1
    assert not CONTROL.search(result.out), result.out
    assert "\\x9bhuge" in result.out
    data = run_cli(["check", "--format", "json", "--select", "schema", str(tmp_path)])
    assert not CONTROL.search(data.out)
    assert "huge" in json.loads(data.out)["findings"][0]["message"]


def test_error_messages_escape_controls(tmp_path: Path, run_cli: Any) -> None:
    odd = tmp_path / "notes\x1b[2J.txt"
    odd.write_text("x")
    result = run_cli(["check", str(odd)])
    assert result.code == 2
    assert not CONTROL.search(result.err) and "\\x1b[2J" in result.err
    assert result.err.count("\n") == 1
