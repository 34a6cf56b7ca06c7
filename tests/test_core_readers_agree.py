"""One packet reader: every file `check` calls `invalid-json` is refused, in the same words, by
every command that writes from a packet; every file `check` reads is accepted by them. A file
that holds no JSON object, which `check` calls another tool's (one `schema` finding), is
refused by them too, naming what it holds.

To hold a new command to this, add one line to `WRITERS`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import GitRepo

WRITERS: dict[str, list[str]] = {
    "render": ["render"],
    "render --write": ["render", "--write"],
    "render --check": ["render", "--check"],
    "archive": ["archive"],
    "supersede": ["supersede"],
    "update": ["update"],
}
"""Commands that read a packet before writing; each runs as ``[*command, PACKET]``."""

LIMIT = 700
"""``max-file-bytes`` of the repository: the valid packet is under it, the padded one over."""

PACKET: dict[str, Any] = {
    "schema_version": "1",
    "branch": "main",
    "last_known_good_commit": "a91c33f",
    "status": "active",
    "summary": "Keys stored.",
    "next_action": "Fix the duplicate check.",
    "changed_files": ["src/refunds.py"],
    "commands_run": [{"cmd": "pytest", "exit": 0}],
    "failed_attempts": [],
    "open_risks": [],
    "verdict_pointer": "reports/junit.xml",
}
VALID = json.dumps(PACKET, indent=2) + "\n"


def _bytes(content: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(content)


def _link_out(path: Path) -> None:
    outside = path.parent.parent / "outside.json"
    outside.write_text(VALID, encoding="utf-8")
    path.symlink_to(outside)


CASES: dict[str, Callable[[Path], None]] = {
    "valid": _bytes(VALID.encode()),
    "valid, no final newline": _bytes(VALID.strip().encode()),
    "UTF-8 byte order mark": _bytes(b"\xef\xbb\xbf" + VALID.encode()),
    "UTF-16 byte order mark": _bytes(b"\xff\xfe" + VALID.encode("utf-16-le")),
    "not UTF-8": _bytes(VALID.replace("Keys", "Cl\xe9s").encode("latin-1")),
    "trailing comma": _bytes(VALID.replace('"open_risks": []', '"open_risks": [],').encode()),
    "duplicate key": _bytes(
        VALID.replace('"status": "active"', '"status": "a", "status": "b"').encode()
    ),
    "NaN": _bytes(VALID.replace('"exit": 0', '"exit": NaN').encode()),
    "array": _bytes(b"[1, 2]\n"),
    "over max-file-bytes": _bytes(
        VALID.replace('"schema_version"', f'"x-pad": "{"x" * LIMIT}",\n  "schema_version"').encode()
    ),
    "link out of the repository": _link_out,
    "FIFO": lambda path: os.mkfifo(path),
}


def _repository(tmp_path: Path, case: str) -> Path:
    repo = GitRepo(tmp_path / "repo")
    repo.write(".handoff-audit.yml", f"max-file-bytes: {LIMIT}\n")
    repo.commit("configuration")
    CASES[case](repo.root / "handoff.json")
    return repo.root / "handoff.json"


def test_the_valid_packet_fits_under_the_limit() -> None:
    assert len(VALID.encode()) < LIMIT


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("case", CASES)
def test_check_and_the_writing_commands_accept_and_refuse_the_same_files(
    tmp_path: Path, run_cli: Any, case: str, writer: str
) -> None:
    path = _repository(tmp_path, case)
    report = run_cli(["check", "--format", "json", str(path)], cwd=path.parent).json()
    refusals = [
        f["message"]
        for f in report["findings"]
        if f["rule"] == "invalid-json" and f["path"] == "handoff.json"
    ]
    foreign = [
        f["message"]
        for f in report["findings"]
        if f["rule"] == "schema" and "in this tool's shape: the file holds a JSON" in f["message"]
    ]
    result = run_cli([*WRITERS[writer], str(path)], cwd=path.parent)
    if foreign:
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1, result.err
        assert "the file holds a JSON array" in foreign[0] and "a JSON array" in result.err
        assert not (path.parent / "handoff.md").exists()
        return
    if not refusals:
        assert case.startswith("valid")
        assert result.code in (0, 1), result.err  # `render --check`: 1 = the twin is missing
        assert "error" not in result.err
        return
    assert result.code == 2, (case, writer, result.err)
    assert len(result.err.strip().splitlines()) == 1
    assert str(path) in result.err
    assert refusals[0] in result.err, (refusals[0], result.err)
    assert not (path.parent / "handoff.md").exists()
