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


def test_a_file_over_the_ceiling_is_not_told_to_raise_the_limit(git_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    """The size finding on a packet over the highest limit the configuration takes."""
    git_repo.write(".handoff-audit.yml", f"max-file-bytes: {MAX_FILE_BYTES_CEILING}\n")
    with open(git_repo.root / "handoff.json", "wb") as big:
        big.truncate(MAX_FILE_BYTES_CEILING + 1)
    git_repo.commit("a packet too large for any limit")
    said = run_cli(["check", "--format", "json"], cwd=git_repo.root).json()["findings"]
    [size] = [f["message"] for f in said if "more than max-file-bytes" in f["message"]]
    assert "Trim the packet" in size and "raise max-file-bytes" not in size, size
