"""UTF-16 text without a byte order mark is not taken for UTF-32 when it opens with many blank
lines (read four bytes at a time, ``' \\n'`` is U+A0020, a character that decodes): the merge
gate still reads a note saved so, and UTF-32 text stays UTF-32, emoji and all."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conftest import GitRepo, Result
from handoff_audit.wide_text import decode_text, wide_codec

Run = Callable[..., Result]
NOTE = (
    "# Handoff\n\n## State\nTests pass in src/a.py but refunds fail on GBP.\n\n"
    "## Next step\nFinish src/a.py rounding.\n\n## Ruled out\nUsing floats.\n"
)
CMD = ".claude/commands/session-handoff.md"
BLANK = " \n" * 1024


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_a_utf16_note_opening_with_many_blank_lines_is_blocked(
    git_repo: GitRepo, run_cli: Run, codec: str
) -> None:
    git_repo.write("README.md", "hi\n")
    git_repo.commit("base")
    git_repo.git("checkout", "-q", "-b", "feat/x")
    git_repo.write(CMD, (BLANK + NOTE).encode(codec))
    git_repo.commit("a note saved as UTF-16 after blank lines")
    done = run_cli(["check", "--format", "json", "--target-branch", "main"], cwd=git_repo.root)
    assert done.code == 1, done.out
    gated = [f["path"] for f in done.json()["findings"] if f["rule"] == "handoff-in-merge"]
    assert gated == [CMD]


@pytest.mark.parametrize(
    "text", [BLANK + NOTE, "\n" * 3000 + NOTE, "Заметка 🙂🚀\n" * 200 + NOTE, "🙂 ok\n" * 400]
)
@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_wide_text_without_a_byte_order_mark_is_read_in_its_own_codec(
    text: str, codec: str
) -> None:
    data = text.encode(codec)
    assert wide_codec(data) == codec
    assert decode_text(data) == text
