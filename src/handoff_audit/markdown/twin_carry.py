"""What a packet's markdown twin says that the packet does not, as `update` options that carry
it into the packet: the agent hook's fix for `md-mismatch`, so that re-rendering the twin from
the packet (which `update` does) drops nothing a person wrote in it.

Text under a heading that is no field of the packet goes into ``traps`` (after its heading);
the twin's own value of a field `update` sets, and items a list has in the twin only, are
carried when the twin is the side edited last. Each value is the item's markdown as written
(code spans, emphasis and a ``label:`` kept, the list marker dropped), on one line: the twin
renders a list item on one line. A code block has no field that keeps its lines: it is never
carried (`Carry.code`), and says so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handoff_audit.markdown.compare import compare, source_lines, stray_sections, with_spans
from handoff_audit.markdown.parse import Block, MarkdownFields, parse
from handoff_audit.markdown.sections import (
    LIST_OPTIONS,
    SECTIONS_BY_FIELD,
    TEXT_OPTIONS,
    expected_text,
    fold,
)

_SEVERITIES = frozenset({"low", "medium", "high", "critical"})


@dataclass(frozen=True, slots=True)
class Carry:
    """The `update` options that carry the twin's text into the packet."""

    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(option, its values) in the order to pass them."""
    traps_from: tuple[str, ...] = ()
    """The headings whose text goes into ``traps`` for want of a field or option of its own
    ("" for the text under the title)."""
    code: tuple[tuple[str, int], ...] = ()
    """The code blocks the twin has beyond the packet, by heading and line: no `update`
    option keeps their lines, so they are moved by hand before the twin is rendered again."""


def twin_written_last(packet: Path, twin: Path, known: bool | None = None) -> bool:
    """Is ``twin`` the side of the pair changed last, whose differing field text is the newer
    (`carry`)? The one decision `check`, the agent hook and the writing commands share.
    ``known``: git's answer (`git.twin_order`: the side with uncommitted changes, else the side
    the later commit changed), when it can tell. Else (outside git, or one commit changed
    both) the side written last by the file times; a tie is the twin's. Raises `OSError` when
    either file cannot be read."""
    if known is not None:
        return known
    return twin.stat().st_mtime_ns >= packet.stat().st_mtime_ns


def carry(data: Mapping[str, Any], markdown: str, *, twin_edited_last: bool) -> Carry:
    """What ``markdown`` (the twin) says beyond ``data`` (its packet), as `update` options.

    Text under no field's heading is always carried (the packet cannot have written it). A
    field's differing text is carried only when ``twin_edited_last``; otherwise the packet,
    changed after its twin, is the newer side and keeps its value. Meta lines (status,
    branch, ...) are the packet's."""
    parsed = parse(markdown)
    source = _Source(markdown, parsed)
    options: list[tuple[str, tuple[str, ...]]] = []
    traps_from: list[str] = []
    code: list[tuple[str, int]] = []

    def trap(heading: str, block: Block) -> None:
        if block.code:
            code.append((heading, block.line))
            return
        text = source.of(block)
        options.append(("--trap", (f"{heading}: {text}" if heading else text,)))
        traps_from.append(heading)

    for section, blocks in stray_sections(parsed):
        for block in blocks:
            trap(section.heading, block)
    differing = dict.fromkeys(d.field for d in compare(data, markdown) if d.field is not None)
    for name in differing if twin_edited_last else ():
        if name in TEXT_OPTIONS:
            held = [b for b in parsed.blocks(name) if b.code] if name != "title" else []
            code += [(source.heading_of(block), block.line) for block in held]
            value = fold(parsed.title or "") if name == "title" else parsed.text(name)
            if value and name != "title":
                value = " ".join(source.spans(b) for b in parsed.blocks(name) if not b.code)
            if value:  # a section the twin lost: the packet still has it, nothing to carry
                options.append((TEXT_OPTIONS[name], (value,)))
        elif name in SECTIONS_BY_FIELD:
            for block, values in _extra_items(parsed, data, name):
                if values is None or block.code:
                    trap(SECTIONS_BY_FIELD[name].heading, block)
                elif name in _AS_WRITTEN:
                    heading = source.stray_heading(block)
                    text = source.of(block)
                    options.append(
                        (LIST_OPTIONS[name], (f"{heading}: {text}" if heading else text,))
                    )
                else:
                    options.append((LIST_OPTIONS[name], values))
    return Carry(tuple(dict.fromkeys(options)), tuple(dict.fromkeys(traps_from)), tuple(code))


_SEVERITY_FIRST = re.compile(
    r"^(?:\[\s*|\(\s*|\*\*)?(low|medium|high|critical)(?:\s*\]|\s*\)|\*\*)?"
    r"(?:\s*[:\u2014\u2013-]\s*|(?<=[\])*])\s+)(\S.*)$",
    re.IGNORECASE,
)
"""A risk written by hand with its severity first: ``[high] what``, ``(high) what``,
``high: what``, ``**High** - what`` (a bare word needs its colon or dash: "high load ..." is
no severity)."""
_AS_WRITTEN = frozenset({"traps", "pointers", "failed_attempts"})
"""List fields whose items are one string: carried as the twin writes them."""
_MARKER = re.compile(r"^\s*(?:>\s?)*(?:(?:[-*+]|\d{1,9}[.)])(?:\s+|$))?")
"""A line's block quote and list marker."""


class _Source:
    """The twin's lines, for each block's markdown as written."""

    def __init__(self, markdown: str, parsed: MarkdownFields) -> None:
        self.lines = source_lines(markdown)
        self.sections = parsed.sections

    def of(self, block: Block) -> str:
        """``block``'s markdown on one line, its list marker dropped; its plain text when its
        lines are not known."""
        chunk = self.lines[block.line - 1 : max(block.end, block.line)]
        text = fold(" ".join(_MARKER.sub("", line, count=1) for line in chunk))
        return text or block.text

    def spans(self, block: Block) -> str:
        """``block``'s text with its code spans in backticks (`compare.with_spans`)."""
        return with_spans(self.lines, block)

    def heading_of(self, block: Block) -> str:
        """The heading of the section ``block`` sits in ("" under the title)."""
        inside = [s for s in self.sections if s.line <= block.line]
        return inside[-1].heading if inside else ""

    def stray_heading(self, block: Block) -> str:
        """The heading of the section ``block`` sits in when that heading is no field's."""
        inside = [s for s in self.sections if s.line <= block.line]
        section = inside[-1] if inside else None
        return section.heading if section is not None and section.field is None else ""


def _extra_items(
    parsed: MarkdownFields, data: Mapping[str, Any], name: str
) -> list[tuple[Block, tuple[str, ...] | None]]:
    """The items of list ``name`` that the twin has and the packet lacks: each one's text, and
    the values of its own `update` option (``None`` when it has none, or the item does not fit
    it: a risk of no known severity, a decision without its reason)."""
    blocks = parsed.items(name)
    extra = Counter(block.text for block in blocks) - Counter(expected_text(name, data))
    found: list[tuple[Block, tuple[str, ...] | None]] = []
    for block, value in zip(blocks, parsed.value(name), strict=True):
        if extra[block.text] <= 0:
            continue
        extra[block.text] -= 1
        found.append((block, _option_values(name, block.text, value)))
    return found


def _option_values(name: str, text: str, value: Any) -> tuple[str, ...] | None:
    if name not in LIST_OPTIONS:
        return None
    if name == "open_risks":
        severity = fold(str(value.get("severity", ""))).lower()
        what = fold(str(value.get("what", "")))
        if severity not in _SEVERITIES or not what:
            written = _SEVERITY_FIRST.match(fold(text))  # "[high] what", "high: what"
            if written is None:
                return None
            severity, what = written.group(1).lower(), written.group(2)
        return (what, severity)
    if name in ("decisions", "ruled_out"):
        first = fold(str(value.get("decision", value.get("what", ""))))
        why = fold(str(value.get("why", "")))
        return (first, why) if first and why else None
    return (text,)


__all__ = ["Carry", "carry", "twin_written_last"]
