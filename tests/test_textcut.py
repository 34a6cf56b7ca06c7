"""No message is cut mid-word: every shortened text goes through `textcut.shorten`, which cuts at
a word boundary (or after a path's separator) and marks the cut with "…"."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from handoff_audit.credentials import show
from handoff_audit.textcut import ELLIPSIS, shorten

SRC = Path(__file__).resolve().parents[1] / "src" / "handoff_audit"


def test_a_sentence_is_cut_between_words() -> None:
    text = "the branch feat/refunds has two active packets and one superseded packet"
    assert shorten(text, 30) == "the branch feat/refunds has…"
    assert shorten(text, len(text)) == text


def test_one_long_path_is_cut_after_a_separator() -> None:
    assert shorten("src/handoff_audit/authoring/transcript.py", 24) == "src/handoff_audit/…"


def test_a_word_without_boundary_is_cut_inside() -> None:
    assert shorten("a" * 50, 10) == "a" * 9 + ELLIPSIS


def test_squeeze_puts_the_text_on_one_line_first() -> None:
    assert shorten("one two\nthree   four", 12, squeeze=True) == "one two…"
    assert shorten("a\n\t b", 10, squeeze=True) == "a b"
    assert shorten("a\n\t b", 10) == "a\n\t b"


@given(st.text(alphabet="ab /.\n", max_size=80), st.integers(min_value=1, max_value=90))
def test_shorten_keeps_to_the_limit_and_marks_the_cut(text: str, limit: int) -> None:
    short = shorten(text, limit)
    assert len(short) <= limit
    if len(text) <= limit:
        assert short == text
        return
    assert short.endswith(ELLIPSIS)
    kept = short[: -len(ELLIPSIS)]
    assert text.startswith(kept)
    room = limit - 1
    reachable = [m.start() for m in re.finditer(r"\s", text[: room + 1]) if m.start() >= room // 2]
    if reachable:  # a word boundary was within reach: the cut is at one, never inside a word
        assert text[len(kept)].isspace()


def test_a_quoted_value_in_a_message_is_cut_at_a_word() -> None:
    quoted = show("Added POST /refunds with validation and the happy path is tested end to end", 40)
    assert quoted.endswith(ELLIPSIS) and len(quoted) <= 40
    assert quoted[:-1].endswith(("validation", "the", "and", "with"))


def test_no_other_truncation_helper_in_the_package() -> None:
    """A hand-rolled ``text[:n] + "…"`` anywhere else cuts mid-word; use textcut.shorten."""
    pattern = re.compile(r"""\[:[^\]]*\]\s*\+\s*\(?\s*["']…|["']…["']\s+if\s+len""")
    offenders = [
        f"{path.relative_to(SRC)}:{number}"
        for path in SRC.rglob("*.py")
        if path.name != "textcut.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert offenders == []


def test_shorten_is_the_one_shortening_function() -> None:
    """Issue 18's ``controls.shortened`` and this module's `shorten` became one: no module but
    textcut defines a function that shortens."""
    definer = re.compile(r"^\s*def \w*short", re.MULTILINE)
    definers = sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if definer.search(path.read_text(encoding="utf-8"))
    )
    assert definers == ["textcut.py"]


def test_a_credential_is_never_cut_nor_cut_off_from_its_closing_character() -> None:
    token = "sk_" + "live_" + "abcdefghijklmnopqrstuvwx"
    for column in range(40):
        text = "x" * column + " " + token + " end and more words"
        short = shorten(text, 60)
        assert token[:12] not in short or token + " " in short, short


def test_whole_commands_never_cuts_inside_a_command() -> None:
    from handoff_audit.textcut import whole_commands

    text = "a packet cannot be read: run `git checkout HEAD -- handoff.json && git add -- x`"
    assert whole_commands(text, 200) == text
    cut = whole_commands(text, 50)
    assert "`" not in cut and cut.endswith("…") and len(cut) <= 50
