"""A JSON packet's markdown twin that cannot be read (overwritten with binary bytes, grown past
``max-file-bytes``): the twin is generated, so `check` names the command that writes it again
from the packet, and running that command, as printed, clears the finding. Real repositories,
the real CLI, the printed command run in a shell."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_support import feature_repo, run_fix, run_hook, stop_event, the_command
from authoring_support import REFUNDS
from conftest import GitRepo, Result
from git_helpers import check, hits

Run = Callable[..., Result]

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"
"""The start of a real PNG file: its first byte is not UTF-8."""
TWO_MB = b"# Handoff\n\n" + b"Log line of the session.\n" * 85_000
"""Text of about 2 MB, over the default max-file-bytes (1 MiB)."""


def _packet_with_twin(git_repo: GitRepo, run_cli: Run, output: str | None = None) -> Path:
    """A branch with a packet and its twin written by `new` and committed; the twin's path."""
    feature_repo(git_repo)
    where = ["--output", output] if output else []
    made = run_cli(
        [
            "new",
            *where,
            *REFUNDS,
        ],
        cwd=git_repo.root,
    )
    assert made.code == 0, made.err
    git_repo.commit("handoff: refunds")
    twin = git_repo.root / (output or "handoff.json").removesuffix(".json")
    return twin.with_suffix(".md")


def _printed_command(message: str) -> str:
    [command] = re.findall(r"`(handoff-audit render --write [^`]+)`", message)
    return command


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (PNG, "not UTF-8 text (byte 0x89)"),
        (TWO_MB, f"{len(TWO_MB)} bytes, more than max-file-bytes (1048576 bytes)"),
    ],
    ids=["binary", "2 MB"],
)
def test_an_unreadable_twin_is_regenerated_from_its_packet(
    git_repo: GitRepo, run_cli: Run, content: bytes, problem: str
) -> None:
    twin = _packet_with_twin(git_repo, run_cli)
    twin.write_bytes(content)
    git_repo.commit("an unreadable twin")

    [finding] = hits(check(run_cli, git_repo.root), "invalid-json")
    assert finding["path"] == "handoff.md"
    message = finding["message"]
    assert message.startswith(problem), message
    assert "it is the rendering of handoff.json" in message
    assert "regenerate it with `handoff-audit render --write handoff.json`" in message
    for packet_advice in ("save the file as UTF-8", "Trim the packet", "keep the last commands"):
        assert packet_advice not in message
    text = run_cli(["check"], cwd=git_repo.root)
    assert text.code == 1
    [line] = [line for line in text.out.splitlines() if "invalid-json" in line]
    # The text names the place the JSON report gives: 1:1 for the byte, none for the size.
    place = "".join(f":{finding[key]}" for key in ("line", "column") if finding[key] is not None)
    assert line == f"handoff.md{place}: invalid-json: {message}", line

    fixed = run_fix(git_repo.root, _printed_command(message))
    assert fixed.returncode == 0, fixed.stderr
    assert "wrote handoff.md" in fixed.stderr
    assert run_cli(["check"], cwd=git_repo.root).code == 0
    assert check(run_cli, git_repo.root)["findings"] == []


def test_a_twin_of_a_packet_in_a_folder_names_that_packet(git_repo: GitRepo, run_cli: Run) -> None:
    twin = _packet_with_twin(git_repo, run_cli, output=".handoff/refunds.json")
    twin.write_bytes(PNG)
    [finding] = hits(check(run_cli, git_repo.root), "invalid-json")
    assert finding["path"] == ".handoff/refunds.md"
    command = _printed_command(finding["message"])
    assert command == "handoff-audit render --write .handoff/refunds.json"
    assert run_fix(git_repo.root, command).returncode == 0
    assert check(run_cli, git_repo.root)["findings"] == []


def test_a_twin_whose_packet_cannot_be_read_waits_for_the_packet(
    git_repo: GitRepo, run_cli: Run
) -> None:
    twin = _packet_with_twin(git_repo, run_cli)
    twin.write_bytes(PNG)
    (git_repo.root / "handoff.json").write_bytes(PNG)
    found = {f["path"]: f["message"] for f in hits(check(run_cli, git_repo.root), "invalid-json")}
    assert found["handoff.json"] == "byte 0x89 is not UTF-8; save the file as UTF-8"
    assert "once handoff.json's own finding is fixed, regenerate it with" in found["handoff.md"]


def test_a_twin_whose_rendering_is_over_the_limit_says_to_trim_the_packet(
    git_repo: GitRepo, run_cli: Run
) -> None:
    twin = _packet_with_twin(git_repo, run_cli)
    packet = git_repo.root / "handoff.json"
    # Markdown escapes `*` and `<`: the JSON stays under the limit, its rendering does not.
    text = packet.read_text(encoding="utf-8")
    packet.write_text(text.replace("Refunds round half-even for EUR.", "<*> " * 2000), "utf-8")
    limit = packet.stat().st_size + 100
    git_repo.write(".handoff-audit.yml", f"max-file-bytes: {limit}\n")
    assert packet.stat().st_size <= limit
    rendered = run_cli(["render", "handoff.json"], cwd=git_repo.root)
    assert rendered.code == 0 and len(rendered.out.encode()) > limit
    twin.write_bytes(b"x" * (limit + 1))
    [finding] = hits(check(run_cli, git_repo.root), "invalid-json")
    assert finding["path"] == "handoff.md"
    message = finding["message"]
    assert re.search(r"handoff\.json renders to \d+ bytes, over max-file-bytes too", message)
    assert "trim handoff.json's longest field (summary) until it and its twin are under" in message
    assert re.search(
        r"raise the limit in \.handoff-audit\.yml: max-file-bytes: \d+; then run", message
    )


def test_the_agent_hook_regenerates_an_unreadable_twin_and_keeps_the_packet(
    git_repo: GitRepo, run_cli: Run
) -> None:
    twin = _packet_with_twin(git_repo, run_cli)
    twin.write_bytes(PNG)
    git_repo.commit("an unreadable twin")
    blocked = run_hook(stop_event(git_repo.root), cwd=git_repo.root)
    assert blocked.code == 2, blocked.err
    command = the_command(blocked.err, "fix:")
    assert command == "handoff-audit render --write handoff.json"
    assert "rm -f" not in blocked.err
    assert run_fix(git_repo.root, command).returncode == 0
    git_repo.commit("handoff: twin regenerated")
    assert run_hook(stop_event(git_repo.root), cwd=git_repo.root).code == 0
    assert "Refunds round half-even for EUR." in twin.read_text(encoding="utf-8")


def test_render_check_calls_a_binary_twin_out_of_date(git_repo: GitRepo, run_cli: Run) -> None:
    twin = _packet_with_twin(git_repo, run_cli)
    twin.write_bytes(PNG)
    result = run_cli(["render", "--check", "handoff.json"], cwd=git_repo.root)
    assert result.code == 1, result.err
    assert "Traceback" not in result.err and "codec" not in result.err
    assert result.err.strip() == (
        "handoff.md is not UTF-8 text (byte 0x89), not the rendering of handoff.json; "
        "run `handoff-audit render --write handoff.json`"
    )
    fixed = run_fix(git_repo.root, _printed_command(result.err))
    assert fixed.returncode == 0, fixed.stderr
    assert run_cli(["render", "--check", "handoff.json"], cwd=git_repo.root).code == 0
