"""A credential in a handoff saved as UTF-16 without a byte order mark whose text opens with
non-Latin letters, or as UTF-32 with or without a mark, is found (review 50-4, defect 1): the
file is known by decoding its start, not by NUL bytes among its first ASCII characters, so
`check` reports it as UTF-16 or UTF-32 text to save as UTF-8 and scans it decoded, in every
format, and `show` refuses it rather than print the token between NUL bytes."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import GitRepo
from git_helpers import committed_secret_is_found_once

# Built from parts so that this file does not itself look like it leaks credentials.
TOKEN = "xoxb-" + "123456789012-123456789012-abcdefghijABCDEFGHIJabcd"
RUSSIAN = (
    "# Передача работы: возвраты и ключи идемпотентности\n\n## Состояние\nГотово.\n\n"
    f"SLACK={TOKEN}\n\n## Следующий шаг\nДобавить ключи.\n"
)
CHINESE = (
    f"交接：退款与幂等键的处理流程说明文档\n\n状态：完成。一二三。\n\nSLACK={TOKEN}\n\n"
    "下一步：添加键。\n"
)
ENGLISH = f"# Handoff\n\n## State\nDone, see README.\n\nSLACK={TOKEN}\n\n## Next step\nShip it.\n"
PACKET = '{"branch": "feat/a",\n "x-note": "SLACK=' + TOKEN + '"}\n'

CASES = {
    "utf16-le-cyrillic-first": ({"HANDOFF.md": RUSSIAN.encode("utf-16-le")}, 6, "UTF-16"),
    "utf16-be-cyrillic-first": ({"HANDOFF.md": RUSSIAN.encode("utf-16-be")}, 6, "UTF-16"),
    "utf16-le-chinese": ({"HANDOFF.md": CHINESE.encode("utf-16-le")}, 5, "UTF-16"),
    "utf16-be-chinese": ({"HANDOFF.md": CHINESE.encode("utf-16-be")}, 5, "UTF-16"),
    "utf32-le": ({"HANDOFF.md": ENGLISH.encode("utf-32-le")}, 6, "UTF-32"),
    "utf32-be-cyrillic": ({"HANDOFF.md": RUSSIAN.encode("utf-32-be")}, 6, "UTF-32"),
    "utf32-le-mark": (
        {"HANDOFF.md": b"\xff\xfe\x00\x00" + ENGLISH.encode("utf-32-le")},
        6,
        "UTF-32",
    ),
    "utf32-be-mark": (
        {"HANDOFF.md": b"\x00\x00\xfe\xff" + ENGLISH.encode("utf-32-be")},
        6,
        "UTF-32",
    ),
    "utf32-json": ({"handoff.json": PACKET.encode("utf-32-le")}, 2, "UTF-32"),
}


@pytest.mark.parametrize(("files", "line", "name"), CASES.values(), ids=list(CASES))
def test_a_credential_in_utf16_or_utf32_text_is_reported_and_never_printed(
    run_cli: Any, git_repo: GitRepo, files: dict[str, bytes], line: int, name: str
) -> None:
    git_repo.write("README", "hi\n")
    git_repo.commit("init")
    git_repo.git("switch", "-qc", "feat/a")
    path = next(iter(files))
    column = 19 if path.endswith(".json") else 7
    committed_secret_is_found_once(run_cli, git_repo, files, (path, line, column), TOKEN)
    for form in ("json", "sarif", "github", "markdown"):
        result = run_cli(["check", "--format", form], cwd=git_repo.root)
        assert result.code == 1, (form, result.err)
        assert TOKEN[5:20] not in result.out + result.err, form
        assert f"{name} text" in result.out or "byte order mark" in result.out, form
    shown = run_cli(["show", path], cwd=git_repo.root)
    assert shown.code != 0
    assert "save it as UTF-8" in shown.err
    for output in (shown.out, shown.err):
        assert TOKEN[5:20] not in output and "\x00" not in output and "\\x00" not in output


def test_utf8_text_with_a_stray_nul_is_not_taken_for_utf16(run_cli: Any, git_repo: GitRepo) -> None:
    """A NUL byte in UTF-8 text does not make it UTF-16; the Russian UTF-16 file beside it is."""
    git_repo.write("README", "hi\n")
    git_repo.write("a/HANDOFF.md", ENGLISH.replace("Done,", "Done\x00,").encode())
    git_repo.write("b/HANDOFF.md", RUSSIAN.encode("utf-16-le"))
    git_repo.commit("notes")
    result = run_cli(["check", "--format", "json"], cwd=git_repo.root)
    wide = [f["path"] for f in result.json()["findings"] if "UTF-16 text" in f["message"]]
    assert wide == ["b/HANDOFF.md"]
