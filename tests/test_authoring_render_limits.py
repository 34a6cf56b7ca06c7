"""``render`` reads packets up to the configuration's ``max-file-bytes``, like the audit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core_packets import packet, write_packet


def test_render_honours_max_file_bytes(tmp_path: Path, run_cli: Any) -> None:
    (tmp_path / ".git").mkdir()  # the repository root, where the configuration is looked for
    big = write_packet(tmp_path, packet(summary="word " * 300_000), twin=False)
    assert big.stat().st_size > 1024 * 1024
    refused = run_cli(["render", str(big)])
    assert refused.code == 2 and "max-file-bytes" in refused.err
    (tmp_path / ".handoff-audit.yml").write_text("max-file-bytes: 4194304\n")
    shown = run_cli(["render", str(big)])
    assert shown.code == 0 and shown.out.startswith("# ")
    (tmp_path / ".handoff-audit.yml").write_text("max-file-bytes: 100\n")
    small = write_packet(tmp_path / "sub", packet(), twin=False)
    assert run_cli(["render", str(small)]).code == 2


def test_archive_honours_max_file_bytes_too(tmp_path: Path, run_cli: Any) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".handoff-audit.yml").write_text("max-file-bytes: 4194304\n")
    big = write_packet(tmp_path, packet(summary="word " * 300_000))
    assert run_cli(["archive", str(big)]).code == 0
    assert '"status": "archived"' in big.read_text(encoding="utf-8")
