"""Is a hand-written file a standing document (a manual, an architecture note, a wishlist)?

A handoff records a session: a date, a status, a section on where the work stands or what
comes next, lines saying what was done, a commit or a pull request. A standing document
describes how things are, for any reader at any time, and records none of these. Read from
the file's shape, with one guard: past tense is read from English words, so a file whose
prose is not English is called standing only when it is mostly kana, Han or Hangul and says
none of those languages' words for done, in progress or passed (its record may otherwise be
in words this cannot read).
A title calling the file a handoff, or naming the next step, keeps it judged as a handoff,
unless its sections show the shape of a reference: three or more, none on a part of a
handoff (the state, the next step, decisions, what was ruled out). Never raises, whatever
the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from handoff_audit.markdown.content_cues import COMMIT_HASH
from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.prose import (
    DATED,
    HANDOFF_TITLE,
    STATUS_FIELD,
    heading_texts,
    order,
    prose_lines,
    recorded,
    short,
)

_SESSION_FACETS = frozenset({"state", "next"})
"""Headings of a handoff's own parts: where the work stands, what comes next."""
_PART_FACETS = frozenset({"state", "next", "decisions", "ruled_out"})
"""Headings of any part of a handoff's record (pointers and set-up belong to a manual too)."""
MIN_SECTIONS = 3
"""A reference has at least this many sections under its title."""
_REFERENCE = re.compile(
    COMMIT_HASH + r"|\bPR\s*#?\d+|/pull/\d+|\bcommit(?:s|ted)?\b|\bpushed\b",
    re.IGNORECASE,
)
"""A commit hash, a pull request, a commit or push: work that happened."""
_ENGLISH = re.compile(r"\b(?:the|and|is|are|to|of|for|with|in|a|this|it)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")
_IDEOGRAPHIC = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
"""A kana, Han or Hangul character: prose in a language whose record is read below."""
MIN_IDEOGRAPHIC_SHARE = 0.25
"""Share of the letters in kana, Han or Hangul for the prose to be read as such."""
_DONE = re.compile(
    r"\u5b8c\u4e86|\u6e08|\u5b8c\u6210|\u5df2|\u9032\u884c\u4e2d|\u8fdb\u884c\u4e2d"
    r"|\uc644\ub8cc|\uc9c4\ud589\s?\uc911|\ud1b5\uacfc|\u6210\u529f|\u5b9e\u73b0\u4e86|\u89e3\u51b3\u4e86"
    r"|\ud588\uc2b5\ub2c8\ub2e4|\ud588\ub2e4|\ub418\uc5c8|\ub410"
)
"""Japanese, Chinese and Korean words for done, completed, in progress, passed, succeeded, and
Korean past tense (完了, 済, 完成, 已, 進行中, 进行中, 완료, 진행 중, 통과, 成功, 实现了, 解决了,
했습니다, 되었): a record of work in those languages."""
_DAY_HEADING = re.compile(
    r"^\s{0,3}#{1,6}\s*(?:day\s*\d+|第[一二三四五六七八九十百\d]+天|\d+日目|\d+\s?일차|"
    r"d[ií]a\s*\d+|jour\s*\d+|tag\s*\d+)(?!\w)",
    re.IGNORECASE | re.MULTILINE,
)
"""A heading for a day of the work ("# Day1", "## 第一天", "## 3日目"): a log kept day by day."""
MIN_ENGLISH_SHARE = 0.10
"""Share of English function words in the prose for its past tense to be read."""
MIN_LINES = 5
"""A standing document says at least this many lines (fewer is a stub's business)."""
MAX_RECORDS = 2
"""At most this many lines read as a record of work ..."""
MAX_RECORD_SHARE = 0.10
"""... and at most this share of the prose."""


def _session_heading(text: str) -> bool:
    """A heading outside code blocks naming where the work stands or what comes next."""
    return any(heading_facet(heading) in _SESSION_FACETS for heading in heading_texts(text))


def _reference_sections(text: str) -> bool:
    """``MIN_SECTIONS`` or more headings under the first (the title), none naming a part of a
    handoff: the shape of a manual or a reference, whatever its title calls it."""
    sections = heading_texts(text)[1:]
    return len(sections) >= MIN_SECTIONS and not any(
        heading_facet(heading) in _PART_FACETS for heading in sections
    )


_CODE = re.compile(r"`[^`\n]*`|<?https?://\S+")
"""A code span or a link: names and addresses, in no language."""
_INDENTED_CODE = re.compile(r"^(?: {4}|\t)(?!\s*(?:[-*+]|\d+[.)])\s)")
"""A line of an indented code block (a nested list item aside)."""
_BARE_CODE = re.compile(r"^\s*(?:#[a-z]+\b|//|/\*|[{}()\[\]])|[;{}\\]\s*$")
"""A line of code pasted with no fence (a saved chat answer): a preprocessor directive, a
comment or a bracket opening it, or a semicolon, brace or continuation closing it."""


def _words(prose: Sequence[tuple[int, str]]) -> list[str]:
    """The text of each line, indented or unfenced code lines left out and code spans and
    links cut."""
    return [
        _CODE.sub(" ", line)
        for _, line in prose
        if not _INDENTED_CODE.match(line) and not _BARE_CODE.search(line)
    ]


def _english(prose: Sequence[tuple[int, str]]) -> bool:
    """English function words make up ``MIN_ENGLISH_SHARE`` of the words said in prose
    (code spans, links and indented code are names and commands, in no language), table rows
    left out when there is other prose (a table of settings is terse in any language)."""
    sentences = [(number, line) for number, line in prose if not line.lstrip().startswith("|")]
    said = _words(sentences or prose)
    words = sum(len(_WORD.findall(line)) for line in said)
    common = sum(len(_ENGLISH.findall(line)) for line in said)
    return words > 0 and common >= MIN_ENGLISH_SHARE * words


def _unrecorded_ideographic(text: str, prose: Sequence[tuple[int, str]]) -> bool:
    """Prose mostly in kana, Han or Hangul (``MIN_IDEOGRAPHIC_SHARE`` of its letters) with
    no word of those languages for work done, in progress or passed, headings included."""
    letters = sum(len(_WORD.findall(line)) for _, line in prose)
    chars = sum(sum(len(word) for word in _WORD.findall(line)) for _, line in prose)
    ideographic = sum(len(_IDEOGRAPHIC.findall(line)) for _, line in prose)
    if letters == 0 or ideographic < MIN_IDEOGRAPHIC_SHARE * chars:
        return False
    return not any(_DONE.search(line) for _, line in prose_lines(text, headings=True))


def standing(text: str) -> list[tuple[int, str]]:
    """The prose lines of ``text`` when it is a standing document that records no session:
    English prose (or kana, Han or Hangul prose with no word for work done) of ``MIN_LINES``
    lines or more, under no heading calling it a handoff, with no real date, ticked box,
    status field, commit or pull-request reference outside fenced code (where they are
    example data), no heading on the state of the work or its next step,
    and at most ``MAX_RECORDS`` lines (``MAX_RECORD_SHARE`` of them) saying what was done;
    the title and the heading rules give way when its sections are those of a reference;
    ``[]`` otherwise."""
    prose = prose_lines(text)
    if len(prose) < MIN_LINES:
        return []
    reference = _reference_sections(text)
    if HANDOFF_TITLE.search(text) and not reference:
        return []  # a file its author calls a handoff is judged as one and told what to add
    said = "\n".join(line for _, line in prose_lines(text, headings=True))
    if DATED.search(said) or _REFERENCE.search(said):
        return []  # a date or a hash in a fenced example (a payload, a log) records nothing
    if any(STATUS_FIELD.match(line) for _, line in prose) or _DAY_HEADING.search(text):
        return []
    if not _english(prose) and not _unrecorded_ideographic(text, prose):
        return []
    records = sum(1 for _, line in prose if recorded(line) and not order(line))
    if records > MAX_RECORDS or records > MAX_RECORD_SHARE * len(prose):
        return []
    if not reference and _session_heading(text):
        return []
    return [(number, short(line.strip())) for number, line in prose]


__all__ = ["standing"]
