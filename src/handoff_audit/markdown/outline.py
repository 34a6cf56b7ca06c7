"""A hand-written handoff cut into sections: each heading, the facet it names, and its blocks.

Only markdown-it's block tokens are built (headings, list items, paragraphs, code, each with
its lines); what the blocks say is for `markdown.facets` and the readings it calls to judge.
A section with no heading of its own takes its parent's facet, and the title names none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from handoff_audit.markdown.content_cues import IMPERATIVE
from handoff_audit.markdown.facet_headings import heading_facet, plain_heading
from handoff_audit.markdown.prose import FRONT_MATTER

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@dataclass(slots=True)
class Section:
    """One heading and the blocks under it, up to the next heading."""

    facet: str | None
    """The facet its heading names, else its parent's (``None`` for the title and the text
    before it)."""
    line: int
    """The heading's line (1 for the text before the first heading)."""
    heading: str
    """The heading's text, plain."""
    level: int
    """The heading's level (0 before the first heading)."""
    texts: list[tuple[int, str, bool]] = field(default_factory=list)
    """Each block's first line, its source text, and whether it is code."""
    ordered_imperatives: list[tuple[int, str]] = field(default_factory=list)
    """The first line of each numbered item that opens on an order ("1. Run …")."""
    shapes: list[str] = field(default_factory=list)
    """Each block's shape, beside ``texts``: ``ordered``, ``bullet``, ``para`` or ``code``."""


@cache
def _parser() -> MarkdownIt:
    # Block tokens only: inline parsing (emphasis, links) costs more than the whole rest of
    # the reading, and the cues below read the block's source text directly.
    # start-up: markdown-it is imported only when a hand-written handoff is read
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").disable(["inline", "html_block", "reference", "hr"])


_RULE = re.compile(r"^\s*(?:[-*_]\s*){3,}$")
"""A thematic break ("---" closing a section): the parser leaves its rule off for speed, so it
comes as a paragraph, which is no block of text."""
_ATX = re.compile(r"^\s{0,3}#{1,6}\s+")
_LABEL_VALUE = re.compile(r"^\s{0,3}#{1,6}\s+[^:：\n]{1,40}[:：]\s*\S")


def _headings_as_lines(text: str) -> str:
    """A note written wholly in ``#`` lines whose headings are ``Label: value`` fields ("# Next
    action: replace …") is read as those lines, the first kept as its title: the marks are
    comments, not sections with nothing under them."""
    lines = text.split("\n")
    written = [line for line in lines if line.strip()]
    if len(written) < 3 or not all(_ATX.match(line) for line in written):
        return text
    if sum(1 for line in written[1:] if _LABEL_VALUE.match(line)) * 2 < len(written) - 1:
        return text
    first = lines.index(written[0])
    return "\n".join(
        line if number <= first else _ATX.sub("", line, count=1)
        for number, line in enumerate(lines)
    )


def front_matter_as_lines(text: str) -> str:
    """YAML front matter read as a paragraph of ``key: value`` lines: with its fences kept, the
    closing ``---`` underlines the keys into one heading ("title: … next: …", a next-step
    heading over the whole file). Lines keep their numbers."""
    block = FRONT_MATTER.match(text)
    if block is None:
        return text
    return "\n" + block.group(1) + "\n" + text[block.end() :]


def outline(text: str) -> tuple[list[Section], int]:
    """The file cut at its headings, each section with its blocks of text, and the first
    heading's line (1 when there is none). ``# Label: value`` notes are read as lines first
    (see `_headings_as_lines`)."""
    text = _headings_as_lines(front_matter_as_lines(text))
    sections: list[Section] = [Section(None, 1, "", 0)]
    stack: list[tuple[int, str | None]] = []
    heading_level = 0
    list_kinds: list[str] = []
    item_start = False
    for token in _parser().parse(text):
        kind = token.type
        if kind == "heading_open":
            heading_level = int(token.tag[1:]) if token.tag[1:].isdigit() else 1
        elif kind == "inline" and heading_level:
            line = token.map[0] + 1 if token.map else sections[-1].line
            _open_section(sections, stack, (line, token.content, heading_level))
            heading_level = 0
        elif kind in ("bullet_list_open", "ordered_list_open"):
            list_kinds.append(kind)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            if list_kinds:
                list_kinds.pop()
        elif kind == "list_item_open":
            item_start = True
        elif kind == "inline":
            start = token.map[0] + 1 if token.map else sections[-1].line
            section = sections[-1]
            ordered = bool(list_kinds) and list_kinds[-1] == "ordered_list_open"
            if token.content.strip() and not _RULE.match(token.content):
                section.texts.append((start, token.content, False))
                shape = ("ordered" if ordered else "bullet") if list_kinds else "para"
                section.shapes.append(shape)
            if item_start and ordered and IMPERATIVE.match(token.content):
                section.ordered_imperatives.append((start, token.content.split("\n", 1)[0]))
            item_start = False
        elif kind in ("fence", "code_block"):
            start = token.map[0] + 2 if token.map and kind == "fence" else _line(token, sections)
            if token.content.strip():
                prose = kind == "fence" and _prose_fence(token.info, token.content)
                sections[-1].texts.append((start, token.content, not prose))
                sections[-1].shapes.append("para" if prose else "code")
            item_start = False
    return sections, sections[1].line if len(sections) > 1 else 1


_PROSE_INFO = frozenset({"", "text", "txt", "md", "markdown", "prompt", "plaintext"})
_WORD = re.compile(r"[^\W\d_]{2,}")
PROSE_SHARE = 0.6
"""A fenced block is prose (a pasted prompt or note) when this share of its lines are sentences."""


def _prose_fence(info: str, content: str) -> bool:
    """A ```text (or unlabelled) block of sentences: a quoted prompt or note, read as text."""
    if info.strip().lower() not in _PROSE_INFO:
        return False
    lines = [line for line in content.splitlines() if line.strip()]
    sentences = [
        line
        for line in lines
        if len(_WORD.findall(line)) >= 5 and not line.rstrip().endswith((";", "{", "}", ")", ","))
    ]
    return len(lines) >= 5 and len(sentences) >= PROSE_SHARE * len(lines)


_NUMBERED = re.compile(r"^\W{0,3}(?:(?:step|phase|task|priority)\s*)?\d{1,2}[.):]\s", re.IGNORECASE)
"""A numbered heading ("1. Delete these unnecessary files", "Step 2: …"): one of its parent's
items."""
_PURPOSE = re.compile(r"^\W{0,3}to\s+(?!do\b)[a-z]+\b", re.IGNORECASE)
"""A heading that names a goal ("### To complete decoder (post-demo):", "### To wire up app
adapters:" under "## Resume Points"): under a next-step heading, a step to take, whatever state
or setup word follows ("complete", "validation")."""


def _open_section(
    sections: list[Section],
    stack: list[tuple[int, str | None]],
    at: tuple[int, str, int],
) -> None:
    """A heading (line, text, level) starts a section: its own facet, else its parent's."""
    line, content, level = at
    heading = plain_heading(content)
    own = heading_facet(heading)
    while stack and stack[-1][0] >= level:
        stack.pop()
    parent = stack[-1][1] if stack else None
    facet = own if own is not None else parent
    if parent == "next" and (_NUMBERED.match(content) or _PURPOSE.match(heading)):
        # "### 1. Delete these files" under "Next steps" is step 1, not pointers
        facet = "next"
    if len(sections) == 1 and level == 1:
        facet = None  # the title ("Session Handoff") names no facet
    sections.append(Section(facet, line, heading, level))
    stack.append((level, facet))


def _line(token: object, sections: list[Section]) -> int:
    mapping = getattr(token, "map", None)
    return mapping[0] + 1 if mapping else sections[-1].line


__all__ = ["Section", "outline"]
