"""Packet -> canonical markdown: the twin `render --write` writes and the PR comment shows.

Deterministic: the output depends only on the packet's values (fixed section order, no dates, no
dict-order accidents). Every value is escaped so that it cannot change the document's structure:
whatever a packet says, the result has the same headings and one list item per array element.
Escaping is minimal (`handoff_audit.markdown.escape`): agents read the twin raw, and a command or
a path copied from it must run as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from handoff_audit.markdown.escape import Piece, escape_pieces, escape_text
from handoff_audit.markdown.sections import (
    EMPTY,
    META,
    SECTIONS,
    Item,
    Style,
    as_text,
    fold,
    items_of,
    paragraphs_of,
    title_of,
)


def escape(text: str, *, heading: bool = False) -> str:
    """``text`` (one folded line, at a line's start) as markdown that shows exactly this text,
    with a backslash only where one is needed (see `handoff_audit.markdown.escape`)."""
    return escape_text(text, line_start=not heading, heading=heading)


def code(text: str) -> str:
    """``text`` as one inline code span, whitespace folded, that no backtick in it can close
    early (the twin's code spans and the reports' alike)."""
    text = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0) if "`" in text else 0
    fence = "`" * (longest + 1)
    pad = " " if not text or text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _inline(item: Item) -> str:
    """One list item's parts, escaped together (a backtick in one can pair with another's)."""
    merged: list[tuple[Style, str]] = []
    for style, text in item:
        if merged and style == "text" and merged[-1][0] == "text":
            merged[-1] = ("text", merged[-1][1] + text)  # one run of text, judged as one
        else:
            merged.append((style, text))
    pieces: list[Piece] = []
    for index, (style, text) in enumerate(merged):
        if style == "code":
            continue
        before = "*" if style == "strong" else (" " if index == 0 else _last(merged[index - 1]))
        pieces.append(
            Piece(
                text,
                strong=style == "strong",
                line_start=index == 0 and style == "text",
                before=before,
                after="*" if style == "strong" else "\n",
            )
        )
    escaped = iter(escape_pieces(pieces))
    parts = [
        code(text)
        if style == "code"
        else f"**{next(escaped)}**"
        if style == "strong"
        else next(escaped)
        for style, text in merged
    ]
    return "".join(parts)


def _last(segment: tuple[Style, str]) -> str:
    """The character the rendering of ``segment`` ends with."""
    style, text = segment
    return {"code": "`", "strong": "*"}.get(style, text[-1:] or " ")


def _meta_line(label: str, value: Any) -> str:
    text = fold(as_text(value))  # a value of another type (a schema error) as JSON
    shown = escape_text(text, line_start=False) if text else "_" + EMPTY + "_"
    return f"- **{label}:** {shown}"


def render_packet(data: Mapping[str, Any]) -> str:
    """The canonical markdown of a packet: same packet, same bytes.

    Title, status, branch and last known good commit first, then the next action, then every
    other field under its fixed ``##`` heading. Fields the packet lacks are left out; an empty
    list or blank text is shown as "(none)".
    """
    out = [f"# {escape(title_of(data), heading=True)}", ""]
    for name, label in META:
        if data.get(name) is not None:
            out.append(_meta_line(label, data[name]))
    if out[-1]:
        out.append("")
    for spec in SECTIONS:
        if spec.field not in data:
            continue
        value = data[spec.field]
        out += [f"## {spec.heading}", ""]
        if spec.kind == "text":
            blocks = [
                escape_text("\n".join(lines))
                for lines in (paragraphs_of(value) if value is not None else [])
            ]
        else:
            items = items_of(spec.field, value) if value is not None else []
            blocks = ["\n".join(f"- {_inline(item)}".rstrip() for item in items)] if items else []
        for block in blocks or [f"_{EMPTY}_"]:
            out += [block, ""]
    return "\n".join(out).rstrip("\n") + "\n"


__all__ = ["code", "escape", "render_packet"]
