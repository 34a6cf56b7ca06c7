"""Markdown -> the fields it carries, with markdown-it-py. Never raises, whatever the text.

The document becomes sections (a heading and the blocks under it: list items and paragraphs),
each block reduced to its plain text (emphasis, links and bullet style gone, whitespace folded)
with its line. Headings are matched to fields in the canonical and the common hand-written
styles; ``Label: value`` lines ("**Status:** active", "NEXT: run the migration") count too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cache
from typing import TYPE_CHECKING, Any

from handoff_audit.markdown.headings import field_for_heading, field_for_label, meta_for_label
from handoff_audit.markdown.prose import FRONT_MATTER
from handoff_audit.markdown.sections import EMPTY, SECTIONS_BY_FIELD, SEPARATOR, fold

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

_LABEL = re.compile(r"^([^\W\d][\w /&'()-]{0,40}?)\s*:\s*(.*)$", re.DOTALL)
_NONE = frozenset({EMPTY, "none", "none.", "n/a", "-", "—", "nothing", "nothing yet", "nothing."})


@dataclass(slots=True)
class Block:
    """A list item or a paragraph, as plain text."""

    text: str
    """Plain text, whitespace folded, styling dropped."""
    line: int
    """1-based line where the block starts."""
    lead: str | None = None
    """The bold or code text the block starts with, if any (an item's first part)."""
    rest: str = ""
    """The plain text after ``lead``."""
    is_item: bool = False
    """True for a list item, False for a paragraph (or a code block, a table row)."""
    lines: list[str] = dc_field(default_factory=list)
    """A paragraph's lines, each folded (line breaks are kept for text fields)."""
    end: int = 0
    """1-based last line of its source (0: unknown, a labelled part of a block)."""
    code: bool = False
    """True for a code block, or a list item that holds one."""


@dataclass(slots=True)
class Section:
    """A heading and the blocks under it, up to the next heading."""

    heading: str
    """The heading's plain text (empty for the text before the first heading)."""
    line: int
    """1-based line of the heading (1 for the preamble)."""
    level: int
    """1-6; 0 for the preamble."""
    field: str | None
    """The packet field the heading stands for, or ``None``."""
    blocks: list[Block] = dc_field(default_factory=list)
    """What the section says."""


@dataclass(slots=True)
class MarkdownFields:
    """What a markdown handoff says, field by field."""

    title: str | None = None
    """The first heading's text when the document starts with a level-1 heading."""
    title_line: int = 1
    """Its line."""
    meta: dict[str, tuple[str, int]] = dc_field(default_factory=dict)
    """Meta field (status, branch, ...) -> (value, line), from ``Label: value`` lines."""
    sections: list[Section] = dc_field(default_factory=list)
    """Every section in document order, including the preamble."""
    labelled: dict[str, list[Block]] = dc_field(default_factory=dict)
    """Field -> blocks that named it with a ``Label:`` prefix outside any field's section."""
    loose: dict[str, list[Block]] = dc_field(default_factory=dict)
    """Field -> ``Label:`` lines inside another field's section ("NEXT:" under "References").

    Only the completeness check counts these: in a twin they are just text of that section."""

    def blocks(self, name: str, *, loose: bool = False) -> list[Block]:
        """Every block that speaks for field ``name``: its sections' blocks, then labelled ones.

        ``loose`` adds the ``Label:`` lines found inside other fields' sections."""
        found = [b for s in self.sections if s.field == name for b in s.blocks]
        found += self.labelled.get(name, [])
        return found + self.loose.get(name, []) if loose else found

    def has(self, name: str) -> bool:
        """True when the document has a section (or a labelled line) for ``name``."""
        return any(s.field == name for s in self.sections) or name in self.labelled

    def line_of(self, name: str) -> int | None:
        """The line of the first section (or labelled line) for ``name``."""
        for section in self.sections:
            if section.field == name:
                return section.line
        blocks = self.labelled.get(name)
        return blocks[0].line if blocks else None

    def text(self, name: str) -> str:
        """A text field: every block's text joined; "(none)" alone means empty."""
        text = fold(" ".join(b.text for b in self.blocks(name)))
        return "" if text == EMPTY else text

    def items(self, name: str) -> list[Block]:
        """A list field: its items, or its paragraphs when it has no list; "none" means empty."""
        blocks = self.blocks(name)
        items = [b for b in blocks if b.is_item]
        if items:
            return items
        return [b for b in blocks if b.text.lower() not in _NONE]

    def value(self, name: str) -> Any:
        """Field ``name`` as packet data: a string, or a list of strings or objects."""
        if name in META_FIELDS:
            found = self.meta.get(name)
            return found[0] if found else None
        spec = SECTIONS_BY_FIELD[name]
        if spec.kind == "text":
            paragraphs = ["\n".join(b.lines or [b.text]) for b in self.blocks(name)]
            joined = "\n\n".join(p for p in paragraphs if p)
            return "" if fold(joined) == EMPTY else joined
        return [_structured(name, block) for block in self.items(name)]


META_FIELDS = ("status", "branch", "last_known_good_commit", "topic", "superseded_by")
_EXIT = re.compile(rf"^{SEPARATOR.strip()}\s*exit\s+(\S+)(?:\s*{SEPARATOR.strip()}\s*(.*))?$")


def _split(block: Block) -> tuple[str, str]:
    if block.lead is not None:
        return block.lead, block.rest.removeprefix(SEPARATOR.strip()).strip()
    head, sep, tail = block.text.partition(SEPARATOR)
    return (head, tail) if sep else (block.text, "")


def _structured(name: str, block: Block) -> Any:
    if name in ("open_risks", "decisions", "ruled_out") or (
        name == "failed_attempts" and block.lead is not None
    ):
        first, second = _split(block)
        keys = {
            "open_risks": ("severity", "what"),
            "decisions": ("decision", "why"),
        }.get(name, ("what", "why"))
        return {keys[0]: first, keys[1]: second}
    if name == "commands_run":
        cmd, rest = (block.lead or "", block.rest.strip()) if block.lead else ("", block.text)
        match = _EXIT.match(rest)
        if match is None:
            return {"cmd": cmd or block.text, "exit": None}
        exit_text, note = match.groups()
        command: dict[str, Any] = {"cmd": cmd, "exit": _int_or_text(exit_text)}
        if note:
            command["note"] = note
        return command
    return block.text


def _int_or_text(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt  # only when a markdown file is read (start-up)

    return MarkdownIt("commonmark").enable(["table", "strikethrough"])


def with_code_spans(markdown: str) -> str:
    """The text of one paragraph of markdown, on one line, as `parse` reads it (escapes undone,
    emphasis and links as their words) but with its code spans kept in backticks: a text
    field's value for what a person wrote, which renders back to the same paragraph."""
    found = _parser().parseInline(markdown)
    children = (found[0].children or []) if found else []
    parts: list[str] = []
    for child in children:
        if child.type == "code_inline":
            content = child.content
            pad = " " if content[:1] == "`" or content[-1:] == "`" else ""
            parts.append(f"{child.markup}{pad}{content}{pad}{child.markup}")
        elif child.type == "text":
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak", "html_inline"):
            parts.append(" ")
    return fold("".join(parts))


def _inline(token: Token) -> tuple[str, str | None, str, list[str]]:
    """Plain text, leading bold/code text, the text after it, and the text's lines."""
    lines = [""]
    lead: str | None = None
    lead_end = 0
    depth = 0
    in_lead = False
    started = False  # has any visible text come yet?
    length = 0  # characters in ``lines`` so far
    for child in token.children or []:
        kind = child.type
        at_start = lead is None and not in_lead and not started
        if kind == "code_inline" and at_start:
            lead = child.content
            lead_end = length + len(child.content)
        if kind in ("text", "code_inline"):
            lines[-1] += child.content
            length += len(child.content)
            started = started or bool(child.content.strip())
        elif kind == "softbreak" or kind == "hardbreak":
            lines.append("")
        elif kind == "html_inline":
            lines[-1] += " "
            length += 1
        elif kind == "strong_open":
            in_lead = in_lead or (at_start and depth == 0)
            depth += 1
        elif kind == "strong_close":
            depth -= 1
            if in_lead and depth == 0:
                in_lead = False
                lead = "".join(lines)
                lead_end = length
    whole = "".join(lines)
    rest = whole[lead_end:] if lead is not None else whole
    folded_lines = [f for f in (fold(line) for line in lines) if f]
    return (
        fold(" ".join(lines)),
        fold(lead) if lead is not None else None,
        fold(rest),
        folded_lines,
    )


def _map_line(token: Token, default: int) -> int:
    return token.map[0] + 1 if token.map else default


def _map_end(token: Token) -> int:
    return token.map[1] if token.map else 0


def _open_section(
    parsed: MarkdownFields,
    stack: list[tuple[int, str | None]],
    heading: str,
    line: int,
    level: int,
) -> Section:
    """The section a heading opens, appended to ``parsed``: its field is the heading's own, or
    else its enclosing heading's (``stack`` holds the enclosing headings' level and field)."""
    while stack and stack[-1][0] >= level:
        stack.pop()
    own = field_for_heading(heading)
    inherited = stack[-1][1] if stack and own is None else own
    section = Section(heading, line, level, inherited)
    parsed.sections.append(section)
    stack.append((level, inherited))
    return section


def _extend_item(
    item: Block, texts: list[str], rests: list[str], plain: str, rest: str, lines: list[str]
) -> None:
    """Add one paragraph of a list item: its plain text, and the same after the item's lead."""
    rests.append(rest)
    texts.append(plain)
    item.lines += lines


def _without_front_matter(text: str) -> str:
    """``text`` with its front matter's lines (`FRONT_MATTER`) blank."""
    block = FRONT_MATTER.match(text)
    if block is None:
        return text
    return "\n" * block.group(0).count("\n") + text[block.end() :]


def parse(text: str) -> MarkdownFields:
    """The sections, title and meta of a markdown document, its YAML front matter read as blank
    lines (no field, no text; the rest keep their numbers). Never raises on any ``str``."""
    tokens = _parser().parse(_without_front_matter(text))
    parsed = MarkdownFields()
    current = Section(heading="", line=1, level=0, field=None)
    parsed.sections.append(current)
    stack: list[tuple[int, str | None]] = []  # enclosing headings' (level, field)
    list_depth = 0
    item: Block | None = None
    texts: list[str] = []  # the open item's plain texts, joined when it closes
    rests: list[str] = []  # the same after its lead
    in_heading = 0
    heading_level = 0
    first_heading = True

    for index, token in enumerate(tokens):
        kind = token.type
        if kind == "heading_open":
            in_heading = _map_line(token, current.line)
            heading_level = int(token.tag[1:]) if token.tag[1:].isdigit() else 1
        elif kind == "inline" and in_heading:
            heading, _, _, _ = _inline(token)
            if first_heading and heading_level == 1 and not parsed.title:
                parsed.title, parsed.title_line = heading, in_heading
            else:
                current = _open_section(parsed, stack, heading, in_heading, heading_level)
            first_heading = False
            in_heading = 0
        elif kind in ("bullet_list_open", "ordered_list_open"):
            list_depth += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            list_depth -= 1
        elif kind == "list_item_open" and list_depth == 1:
            item = Block(
                text="", line=_map_line(token, current.line), is_item=True, end=_map_end(token)
            )
            current.blocks.append(item)
            texts, rests = [], []
        elif kind == "list_item_close" and list_depth == 1:
            if item is not None:
                item.text, item.rest = fold(" ".join(texts)), fold(" ".join(rests))
            item = None
        elif kind == "inline":
            plain, lead, rest, lines = _inline(token)
            if item is not None:
                if not texts:
                    item.lead = lead
                _extend_item(item, texts, rests, plain, rest if not texts else plain, lines)
            else:
                opening = tokens[index - 1] if index else token
                line = _map_line(opening, current.line) if index else 1
                end = _map_end(opening)
                current.blocks.append(Block(plain, line, lead, rest, lines=lines, end=end))
        elif kind in ("fence", "code_block", "html_block"):
            _add_code(token, current, item, (texts, rests))
        elif kind == "heading_close":
            in_heading = 0
    _collect_labels(parsed)
    return parsed


def _add_code(
    token: Token, current: Section, item: Block | None, item_texts: tuple[list[str], list[str]]
) -> None:
    """A fenced or indented code block, or an HTML block: part of the open list item (whose
    plain texts and texts after its lead are ``item_texts``), else a block of its own."""
    plain = fold(token.content)
    code = token.type != "html_block"
    if item is not None:
        for texts in item_texts:
            texts.append(plain)
        item.code = item.code or code
    elif plain:
        line, end = _map_line(token, current.line), _map_end(token)
        current.blocks.append(Block(plain, line, end=end, code=code))


def _collect_labels(parsed: MarkdownFields) -> None:
    """``Label: value`` blocks: meta fields anywhere, other fields outside their own section."""
    for section in parsed.sections:
        for block in section.blocks:
            lines = block.lines if len(block.lines) > 1 else [block.text]
            # A labelled line runs on over the lines that follow it, up to the next label.
            runs: list[tuple[int, list[str]]] = []
            for offset, text in enumerate(lines):
                if _LABEL.match(text) and _names_field(text):
                    runs.append((block.line + offset, [text]))
                elif runs:
                    runs[-1][1].append(text)
            for line, texts in runs:
                end = line + len(texts) - 1 if len(block.lines) > 1 else block.end
                _label(parsed, section, block, fold(" ".join(texts)), (line, end))


def _names_field(text: str) -> bool:
    match = _LABEL.match(text)
    return match is not None and (
        meta_for_label(match.group(1)) is not None or field_for_label(match.group(1)) is not None
    )


def _label(
    parsed: MarkdownFields, section: Section, block: Block, text: str, lines: tuple[int, int]
) -> None:
    line, end = lines
    match = _LABEL.match(text)
    if match is None:
        return
    label, value = match.group(1), match.group(2).strip()
    meta = meta_for_label(label)
    if meta is not None:
        if meta not in parsed.meta and section.field is None:
            parsed.meta[meta] = (value, line)
        return
    name = field_for_label(label)
    if name is not None and value and name != section.field:
        labelled = Block(value, line, is_item=block.is_item, lines=[value], end=end)
        where = parsed.labelled if section.field is None else parsed.loose
        where.setdefault(name, []).append(labelled)


__all__ = ["META_FIELDS", "Block", "MarkdownFields", "Section", "parse"]
