"""The malformed-input corpus: every bad file ends in an ``invalid-json`` finding with a place,
never a traceback, never a hang, never the content of a file outside the repository."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from core_packets import CONTENT_RULES, VALID, write_packet

OUTSIDE_MARKER = "content-of-a-file-outside-the-repository"


def audit(run_cli: Any, folder: Path, *extra: str) -> Any:
    # --select accumulates: a test that selects its own rules replaces the default selection.
    select = [] if "--select" in extra else ["--select", CONTENT_RULES]
    return run_cli(["check", "--format", "json", *select, *extra], cwd=folder)


def only_finding(result: Any) -> dict[str, Any]:
    assert result.code == 1, (result.out, result.err)
    assert "Traceback" not in result.err
    (finding,) = result.json()["findings"]
    assert finding["rule"] == "invalid-json"
    return dict(finding)


VALID_TEXT = json.dumps(VALID, indent=2)

CORPUS: list[tuple[str, bytes, str, tuple[int, int] | None]] = [
    ("utf8-bom", b"\xef\xbb\xbf" + VALID_TEXT.encode(), "UTF-8 byte order mark", (1, 1)),
    ("utf16-bom", b"\xff\xfe" + VALID_TEXT.encode("utf-16-le"), "UTF-16 byte order mark", (1, 1)),
    ("latin-1", '{\n  "summary": "caf\xe9"\n}'.encode("latin-1"), "not UTF-8", (2, 18)),
    ("nan", b'{\n  "exit": NaN\n}', "NaN is not valid JSON", (2, 11)),
    ("infinity", b'{"exit": Infinity}', "Infinity is not valid JSON", (1, 10)),
    ("duplicate", b'{\n  "a": 1,\n  "a": 2\n}', 'duplicate key "a"', (3, 3)),
    ("deep", b"[" * 50_000 + b"]" * 50_000, "nesting deeper than", (1, 65)),
    ("truncated", VALID_TEXT[:200].encode(), "not valid JSON", None),
    ("empty", b"", "the file is empty", (1, 1)),
    ("nul", b'{"a": "\x00"}', "invalid control character", (1, 8)),
    ("binary", bytes(range(256)), "not UTF-8", None),
]


@pytest.mark.parametrize(("name", "content", "reason", "where"), CORPUS, ids=[c[0] for c in CORPUS])
def test_malformed_file_is_an_invalid_json_finding(
    run_cli: Any,
    tmp_path: Path,
    name: str,
    content: bytes,
    reason: str,
    where: tuple[int, int] | None,
) -> None:
    (tmp_path / "handoff.json").write_bytes(content)
    finding = only_finding(audit(run_cli, tmp_path))
    assert reason in finding["message"]
    if where is not None:
        assert (finding["line"], finding["column"]) == where
    else:
        assert finding["line"] is not None


@pytest.mark.parametrize(
    ("content", "held"), [(b"42", "number"), (b"null", "null"), (b"[1, 2]", "array")]
)
def test_json_that_holds_no_object_is_another_tools_file_unless_a_schema_is_configured(
    run_cli: Any, tmp_path: Path, content: bytes, held: str
) -> None:
    (tmp_path / "handoff.json").write_bytes(content)
    result = audit(run_cli, tmp_path)
    assert result.code == 1, (result.out, result.err)
    (finding,) = json.loads(result.out)["findings"]
    assert finding["rule"] == "schema", finding
    assert f"the file holds a JSON {held}, and a packet is a JSON object" in finding["message"]
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}
    (tmp_path / "own.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    (tmp_path / ".handoff-audit.yml").write_text("schema: own.schema.json\n", encoding="utf-8")
    finding = only_finding(audit(run_cli, tmp_path))  # the team's own schema judges: unreadable
    assert f"a JSON {held}; a packet is a JSON object" in finding["message"], finding
    assert (finding["line"], finding["column"]) == (1, 1)


def test_a_file_over_max_file_bytes_is_not_read(run_cli: Any, tmp_path: Path) -> None:
    big = tmp_path / "handoff.json"
    with big.open("wb") as handle:  # sparse: 3 GiB that cost nothing, and must not be read
        handle.truncate(3 * 1024**3)
    finding = only_finding(audit(run_cli, tmp_path))
    assert "max-file-bytes (1048576 bytes): it was not read" in finding["message"]


def test_max_file_bytes_comes_from_the_configuration(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID, twin=False)
    (tmp_path / ".handoff-audit.yml").write_text("max-file-bytes: 100\n")
    finding = only_finding(audit(run_cli, tmp_path))
    assert finding["path"] == "handoff.json"
    assert "max-file-bytes (100 bytes)" in finding["message"]


def test_a_fifo_is_never_opened(run_cli: Any, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "handoff.json")  # opening it for reading would block forever
    finding = only_finding(audit(run_cli, tmp_path))
    assert finding["message"] == (  # no git copy to restore: it holds no packet, so it goes
        "the path is a FIFO, not a regular file; it was not read. Remove it: `rm -- handoff.json`"
    )


def test_a_link_to_a_folder_is_a_finding(run_cli: Any, git_repo: Any) -> None:
    (git_repo.root / "real").mkdir()
    (git_repo.root / "real" / "notes.txt").write_text("x")
    git_repo.git("add", "real")  # a link is followed only to what git tracks
    (git_repo.root / "handoff.json").symlink_to("real")  # git lists a link as a file
    finding = only_finding(audit(run_cli, git_repo.root))
    assert "a folder, not a regular file" in finding["message"]
    assert finding["message"].endswith(
        "Point the link at a packet file, or replace it with the packet itself"
    )


@pytest.mark.parametrize("target", ["outside.json", "/dev/zero"])
def test_a_link_out_of_the_repository_is_never_read(
    run_cli: Any, tmp_path: Path, target: str
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"summary": OUTSIDE_MARKER, "secret": "ghp_" + "a" * 36}))
    (repo / "handoff.json").symlink_to(outside if target == "outside.json" else Path(target))
    result = audit(run_cli, repo)
    finding = only_finding(result)
    assert "a link to a place outside the repository; it was not read" in finding["message"]
    for fmt in ("json", "text"):
        out = run_cli(["check", "--format", fmt], cwd=repo)
        assert OUTSIDE_MARKER not in out.out + out.err
        assert "ghp_" not in out.out + out.err


def test_a_link_inside_the_repository_is_followed(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path / "real", VALID)
    (tmp_path / "handoff.json").symlink_to(tmp_path / "real" / "handoff.json")
    result = audit(run_cli, tmp_path)
    assert result.code == 0, result.out
    assert {p["path"] for p in result.json()["packets"]} == {"handoff.json", "real/handoff.json"}


def test_a_link_loop_is_a_finding(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "handoff.json").symlink_to(tmp_path / "loop.json")
    (tmp_path / "loop.json").symlink_to(tmp_path / "handoff.json")
    finding = only_finding(audit(run_cli, tmp_path))
    assert "link" in finding["message"]


def test_a_dangling_link_is_a_finding(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "handoff.json").symlink_to(tmp_path / "gone.json")
    finding = only_finding(audit(run_cli, tmp_path))
    assert "cannot be read" in finding["message"]


def test_an_unreadable_markdown_twin_is_a_finding_on_the_twin(run_cli: Any, tmp_path: Path) -> None:
    write_packet(tmp_path, VALID, twin=False)
    (tmp_path / "handoff.md").write_bytes(b"# Title\n\xff\xfe broken\n")
    finding = only_finding(audit(run_cli, tmp_path))
    assert finding["path"] == "handoff.md"
    assert (finding["line"], finding["column"]) == (2, 1)


def test_a_markdown_only_handoff_with_a_bom_is_read(run_cli: Any, tmp_path: Path) -> None:
    (tmp_path / "HANDOFF.md").write_bytes(b"\xef\xbb\xbf# Handoff\n\nNext: ship it.\n")
    result = audit(run_cli, tmp_path)
    assert result.code == 0
    assert result.json()["packets"][0]["kind"] == "markdown"


def test_a_lone_surrogate_is_a_finding_and_breaks_no_output(run_cli: Any, tmp_path: Path) -> None:
    from handoff_audit.formats import FORMATS

    (tmp_path / "handoff.json").write_text(
        VALID_TEXT.replace('"active"', '"\\ud800"', 1), encoding="utf-8"
    )
    finding = only_finding(audit(run_cli, tmp_path))
    assert "half a surrogate pair" in finding["message"]
    assert (finding["line"], finding["column"]) == (6, 14)
    for fmt in FORMATS:
        result = run_cli(["check", "--format", fmt], cwd=tmp_path)
        assert result.code == 1, (fmt, result.err)
        assert "Traceback" not in result.err


def test_a_folder_name_that_is_not_utf8_breaks_no_format(run_cli: Any, tmp_path: Path) -> None:
    from handoff_audit.formats import FORMATS

    folder = os.path.join(os.fsencode(tmp_path), b"bad\xff")
    os.mkdir(folder)
    with open(os.path.join(folder, b"handoff.json"), "wb") as handle:
        handle.write(b"{")
    for fmt in FORMATS:
        result = run_cli(["check", "--format", fmt], cwd=tmp_path)
        assert result.code == 1, (fmt, result.err)
    text = run_cli(["check"], cwd=tmp_path).out
    assert "bad\\xff/handoff.json:1:2: invalid-json" in text
