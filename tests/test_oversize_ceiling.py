"""A packet too large for even the highest `max-file-bytes` the configuration takes (16 MiB):
the advice is to trim it, never to raise the limit to a value that is then refused."""

from __future__ import annotations

from handoff_audit.config import MAX_FILE_BYTES_CEILING, Config
from handoff_audit.engine.oversize import trim_or_raise

DATA = {"summary": "s", "commands_run": [{"cmd": "pytest", "exit": 0}] * 3}


def test_a_file_the_ceiling_cannot_hold_is_only_trimmed() -> None:
    said = trim_or_raise("handoff.json", DATA, MAX_FILE_BYTES_CEILING + 1, Config())
    assert said.startswith("trim handoff.json's longest field"), said
    assert "raise the limit" not in said and "16 MiB" in said


def test_a_file_under_the_ceiling_may_still_raise_the_limit() -> None:
    said = trim_or_raise("handoff.json", DATA, 2 * 1024 * 1024, Config())
    assert "or raise the limit" in said and "2097152" in said, said
