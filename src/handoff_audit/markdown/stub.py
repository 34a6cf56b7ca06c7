"""Is a hand-written file a stub: a pointer elsewhere, a notice, a note of a few lines?

**stub**: a file of a few lines under at most a title that records no session (no real date,
ticked box, status field or line saying what was done). It is no handoff, so it is told apart
rather than judged for the parts it lacks; a title calling it a handoff, a second heading or a
handoff's label among its lines keeps it judged as one. A reference page's stub (mkdocstrings'
``::: package.module``, Sphinx's ``.. automodule::``) is one however few its lines and whatever
its title. Never raises, whatever the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from handoff_audit.markdown.content_cues import COMMIT_HASH, LABEL
from handoff_audit.markdown.headings import field_for_label
from handoff_audit.markdown.prose import (
    DATED,
    FENCE,
    FRONT_MATTER,
    HANDOFF_TITLE,
    HEADING,
    ORDER_LEAD,
    STATUS_FIELD,
    prose_lines,
    records_session,
    short,
)

STUB_LINES = 4
"""A stub says at most this many lines (headings aside; a fenced block's lines count) ..."""
MIN_STUB_LINES = 2
"""... and at least this many: one line ("Some notes.") is a handoff left unwritten."""
_DIRECTIVE = re.compile(
    r"\s{0,3}(?::::[ \t]+[\w.:-]+|\.\.[ \t]+(?:auto\w+|include|literalinclude)::[^\n]*"
    r"|-{2}8<-{2}[^\n]*)[ \t]*"
)
"""A line a documentation build fills from elsewhere: mkdocstrings' ``::: package.module``,
Sphinx's ``.. automodule:: package``, ``.. include::``, a ``--8<--`` snippet."""
_OPTION = re.compile(
    r"[ \t]+(?::[\w-]+:[^\n]*|[\w.-]+:(?:[ \t]+\S+)?"
    r"|-[ \t]+(?:[\w.:!^*-]+|\"[^\"\s]+\"|'[^'\s]+'))[ \t]*"
)
"""An indented option of a directive: ``options:``, ``show_root_heading: true``, ``:members:``,
``- name`` (a list of members), ``- "!^_"`` (a quoted filter, as mkdocstrings documents
them); never prose ("Status: in progress, do not deploy")."""
MAX_OPTIONS = 8
"""A reference stub's directives hold at most this many option lines (mkdocstrings' short
``options:`` blocks); more indented content is a page, not a stub."""
_BOX_OR_COMMIT = re.compile(r"\[[ xX]\]|" + COMMIT_HASH)
"""A checkbox or a commit id: what a session records, never a directive's option."""


def _body_lines(text: str) -> list[tuple[int, str]]:
    """Each line that says something, with its number: fenced lines too, front matter,
    headings, fence markers, rules and table dividers left out."""
    block = FRONT_MATTER.match(text)
    skip = text.count("\n", 0, block.end()) if block is not None else 0
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if number <= skip or not line.strip() or FENCE.match(line) or HEADING.match(line):
            continue
        if not set(line.strip()) <= set("-|=:*_ "):
            lines.append((number, line))
    return lines


def _sectioned(text: str, body: Sequence[tuple[int, str]]) -> bool:
    """A second heading ("## Done" under the title) or a ``Label:`` naming a handoff's part
    ("Next: …"): the few lines are sections of a handoff, however short."""
    headings = sum(1 for _, line in prose_lines(text, headings=True) if HEADING.match(line))
    labels = (LABEL.match(ORDER_LEAD.sub("", line, count=1)) for _, line in body)
    return headings > 1 or any(
        field_for_label(label.group(1) or label.group(3)) is not None for label in labels if label
    )


def stub(text: str) -> list[tuple[int, str]]:
    """The lines of a stub (a pointer elsewhere, a notice, a note of a few lines) that
    records no session: at most ``STUB_LINES`` lines under at most a title, no real date, no
    ticked box, no status field or handoff label, nothing said to have happened; or a reference
    page's directives (`_reference`), however few; ``[]`` otherwise (an empty file too)."""
    body = _body_lines(text)
    if _reference(body):
        return [(n, short(line.strip())) for n, line in body]
    if not MIN_STUB_LINES <= len(body) <= STUB_LINES or HANDOFF_TITLE.search(text):
        return []
    if DATED.search(text) or _sectioned(text, body):
        return []
    return [] if records_session(body) else [(n, short(line.strip())) for n, line in body]


def _reference(body: Sequence[tuple[int, str]]) -> bool:
    """A reference page's stub: directives a documentation build fills from the code
    (`_DIRECTIVE`) and their options (`_OPTION`: at most ``MAX_OPTIONS`` short ``key: value``
    lines), nothing else: no date, ticked or open box, status field, handoff label or commit
    id. However few its lines or whatever its title (``# `Handoff` ``, the name of the class it
    documents), it holds no handoff."""
    if not body or _DIRECTIVE.fullmatch(body[0][1]) is None:
        return False
    options = [line for _, line in body if _DIRECTIVE.fullmatch(line) is None]
    if len(options) > MAX_OPTIONS or not all(_OPTION.fullmatch(line) for line in options):
        return False
    said = "\n".join(line for _, line in body)
    return not (
        DATED.search(said)
        or _BOX_OR_COMMIT.search(said)
        or any(STATUS_FIELD.match(line) for line in options)
        or _sectioned("", body)
    )


__all__ = ["stub"]
