"""Does a markdown twin say what its JSON packet says? Field by field, by meaning.

Whitespace, bullet style, heading case, section order and emphasis do not count: both sides are
reduced to plain, whitespace-folded text first. A changed word, a missing or extra item, a changed
severity or exit code do. Items are compared as multisets (reordering risks is not a new story),
except ``commands_run``, whose order is the story.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handoff_audit.credentials import show
from handoff_audit.markdown.parse import Block, MarkdownFields, Section, parse, with_code_spans
from handoff_audit.markdown.render import render_packet
from handoff_audit.markdown.sections import (
    META,
    SECTIONS,
    as_text,
    expected_text,
    fold,
    title_of,
)
from handoff_audit.textcut import ELLIPSIS


@dataclass(frozen=True, slots=True)
class Difference:
    """One field on which the markdown and the JSON disagree."""

    field: str | None
    """The packet field; ``None`` for markdown content that belongs to no field."""
    line: int
    """1-based line in the markdown where the difference shows."""
    message: str
    """Both sides, quoted briefly (secrets redacted)."""
    dropped: bool = False
    """The markdown holds text the JSON lacks (another value, an item, a section): rendering
    the twin again from the JSON would drop it."""


def compare(data: Mapping[str, Any], markdown: str) -> list[Difference]:
    """Every field where ``markdown`` says something else than ``data``; ``[]`` when they agree."""
    if markdown == render_packet(data):
        return []
    parsed = parse(markdown)
    found: list[Difference] = []
    if _title_differs(data, fold(parsed.title or "")):
        found.append(
            Difference(
                "title",
                parsed.title_line,
                f"title: the markdown says {_q(parsed.title or '')} where the JSON says "
                f"{_q(title_of(data))}",
                dropped=bool(fold(parsed.title or "")),
            )
        )
    for name, label in META:
        found.extend(_meta(parsed, data, name, label))
    for spec in SECTIONS:
        if spec.kind == "text":
            found.extend(_text(parsed, data, spec.field, spec.heading))
        else:
            found.extend(_list(parsed, data, spec.field, spec.heading))
    found.extend(_strays(parsed, source_lines(markdown)))
    return sorted(found, key=lambda d: d.line)


def _title_differs(data: Mapping[str, Any], have: str) -> bool:
    """Whether the markdown's title ``have`` (folded) is not the packet's: its ``title``, or,
    when it has none, what `render` writes in its place (`title_of`, in any letter case), which
    a markdown without a title does not contradict; any other title is text the packet lacks."""
    title = data.get("title")
    if isinstance(title, str):
        return fold(title) != have
    return bool(have) and have.casefold() != title_of(data).casefold()


def _q(text: str) -> str:
    """``text`` quoted briefly; a quote cut short still ends with its closing quote mark."""
    quoted = show(text, 50)
    return f'{quoted}"' if quoted.endswith(ELLIPSIS) else quoted


_MARKER = re.compile(r"^\s*(?:>\s?)*(?:(?:[-*+]|\d{1,9}[.)])(?:\s+|$))?")
"""A line's block quote and list marker."""


def source_lines(markdown: str) -> list[str]:
    """``markdown``'s lines as `parse` numbers them (it turns \\r\\n and \\r into \\n)."""
    return markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def with_spans(lines: list[str], block: Block) -> str:
    """``block``'s text with its code spans in backticks (`with_code_spans`), its list marker
    dropped, from the twin's ``lines`` (`source_lines`); its plain text when its lines are not
    known."""
    chunk = lines[block.line - 1 : max(block.end, block.line)]
    text = with_code_spans("\n".join(_MARKER.sub("", line, count=1) for line in chunk))
    return text or block.text


def _said(name: str, part: str, have: str | None, want: str | None) -> str:
    """Both sides of a disagreement; ``None`` is a side that lacks the field."""
    if have is None:
        return f"the markdown has no {part}; the JSON says {_q(want or '')}"
    if want is None:
        return f"the markdown says {_q(have)}; the JSON has no `{name}`"
    return f"the markdown says {_q(have)} where the JSON says {_q(want)}"


def _meta(
    parsed: MarkdownFields, data: Mapping[str, Any], name: str, label: str
) -> list[Difference]:
    want = fold(as_text(data[name])) if data.get(name) is not None else None
    have, line = parsed.meta.get(name, (None, parsed.title_line))
    have = fold(have) if have is not None else None
    if want == have:
        return []
    said = _said(name, f"{label} line", have, want)
    return [Difference(name, line, f"{label}: {said}")]


def _text(
    parsed: MarkdownFields, data: Mapping[str, Any], name: str, heading: str
) -> list[Difference]:
    want = expected_text(name, data)
    have = parsed.text(name)
    if want == have:
        return []
    blocks = parsed.blocks(name)
    line = blocks[0].line if blocks else parsed.line_of(name) or parsed.title_line
    said = _said(
        name,
        f"{heading} section",
        have if parsed.has(name) else None,
        str(want) if name in data else None,
    )
    return [Difference(name, line, f"{heading}: {said}", dropped=bool(have))]


def _list(
    parsed: MarkdownFields, data: Mapping[str, Any], name: str, heading: str
) -> list[Difference]:
    want = expected_text(name, data)
    assert isinstance(want, list)
    blocks = parsed.items(name)
    have = [block.text for block in blocks]
    if want == have:
        return []
    section_line = parsed.line_of(name) or parsed.title_line
    missing = list((Counter(want) - Counter(have)).elements())
    extra_blocks = _extra(blocks, Counter(have) - Counter(want))
    if not missing and not extra_blocks:
        if name != "commands_run":
            return []
        said = "the markdown lists the same commands in another order; order matters here"
        return [Difference(name, section_line, f"{heading}: {said}")]
    if not parsed.has(name):
        said = f"the markdown has no {heading} section; the JSON has {_count(len(want))}"
        return [Difference(name, section_line, f"{heading}: {said}")]
    parts: list[str] = []
    line = section_line
    dropped = bool(extra_blocks)
    if missing and extra_blocks:
        line = extra_blocks[0].line
        parts.append(
            f"the markdown has {_q(extra_blocks[0].text)} where the JSON has {_q(missing[0])}"
        )
        missing, extra_blocks = missing[1:], extra_blocks[1:]
    if extra_blocks:
        line = line if parts else extra_blocks[0].line
        parts.append(f"the markdown has {_q(extra_blocks[0].text)}, which the JSON lacks")
    if missing:
        parts.append(f"the markdown lacks {_q(missing[0])}")
    more = len(missing) + len(extra_blocks) - (1 if extra_blocks else 0) - (1 if missing else 0)
    if more > 0:
        parts.append(f"and {more} more difference{'s' * (more > 1)}")
    return [Difference(name, line, f"{heading}: {'; '.join(parts)}", dropped=dropped)]


def _extra(blocks: list[Block], extra: Counter[str]) -> list[Block]:
    """The blocks whose text is in ``extra``, in document order, as many times as counted."""
    left = Counter(extra)
    found: list[Block] = []
    for block in blocks:
        if left[block.text] > 0:
            left[block.text] -= 1
            found.append(block)
    return found


def _count(n: int) -> str:
    return f"{n} item{'s' * (n != 1)}"


def stray_sections(parsed: MarkdownFields) -> list[tuple[Section, list[Block]]]:
    """Each section under a heading that is no field (or the text under the title), with its
    blocks that are no meta or labelled line: what the next `render --write` would drop."""
    found: list[tuple[Section, list[Block]]] = []
    known = {line for _, line in parsed.meta.values()}
    known |= {block.line for blocks in parsed.labelled.values() for block in blocks}
    for section in parsed.sections:
        if section.field is not None:
            continue
        blocks = [b for b in section.blocks if b.line not in known and b.text]
        if blocks:
            found.append((section, blocks))
    return found


def _strays(parsed: MarkdownFields, lines: list[str]) -> list[Difference]:
    """Content under headings that are no field, and text under the title that is no meta line.

    The next `render --write` would drop it, so it is worth saying before it is lost.
    """
    found: list[Difference] = []
    for section, blocks in stray_sections(parsed):
        where = f"section {_q(section.heading)}" if section.heading else "the text under the title"
        found.append(
            Difference(
                None,
                section.line if section.heading else blocks[0].line,
                f"{where} says {_q(with_spans(lines, blocks[0]))}, which is no field of the JSON",
                dropped=True,
            )
        )
    return found


__all__ = ["Difference", "compare", "source_lines", "stray_sections", "with_spans"]
