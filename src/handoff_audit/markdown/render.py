"""Packet -> canonical markdown: the twin `render --write` writes and the PR comment shows.

Deterministic: the output depends only on the packet's values (fixed section order, no dates, no
dict-order accidents). Every value is escaped so that it cannot change the document's structure:
whatever a packet says, the result has the same headings and one list item per array element.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from handoff_audit.markdown.model import (
    EMPTY,
    META,
    SECTIONS,
    Item,
    fold,
    items_of,
    paragraphs_of,
    title_of,
)

# Inline punctuation that CommonMark/GFM (and GitHub's math) give a meaning anywhere in a line,
# each escaped with a backslash (str.translate: several times faster than re.sub; bench/README.md).
_INLINE = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~&$"})
_HEADING = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~&$#"})
# What gives a line's start a meaning: headings, quotes, list markers, setext underlines.
_LINE_START = re.compile(r"^(?:([#>+=-])|(\d{1,9})([.)]))")


def escape(text: str, *, heading: bool = False) -> str:
    """``text`` (one folded line) as markdown that shows exactly this text and nothing else.

    In a heading every ``#`` is escaped: a trailing `` #`` would be a closing sequence.
    """
    escaped = text.translate(_HEADING if heading else _INLINE)
    match = _LINE_START.match(escaped)
    if match is None:
        return escaped
    if match.group(1):
        return "\\" + escaped
    digits = match.group(2)
    return f"{digits}\\{escaped[len(digits) :]}"


def code(text: str) -> str:
    """``text`` as one inline code span, whitespace folded, that no backtick in it can close
    early (the twin's code spans and the reports' alike)."""
    text = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0) if "`" in text else 0
    fence = "`" * (longest + 1)
    pad = " " if not text or text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _inline(item: Item) -> str:
    parts: list[str] = []
    for index, (style, text) in enumerate(item):
        if style == "code":
            parts.append(code(text))
        elif style == "strong":
            parts.append(f"**{escape(text)}**")
        else:
            parts.append(escape(text) if index == 0 else text.translate(_INLINE))
    return "".join(parts)


def _meta_line(label: str, value: Any) -> str:
    text = fold(value if isinstance(value, str) else str(value))
    return f"- **{label}:** {escape(text) if text else '_' + EMPTY + '_'}"


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
                "\n".join(escape(line) for line in lines)
                for lines in (paragraphs_of(value) if value is not None else [])
            ]
        else:
            items = items_of(spec.field, value) if value is not None else []
            blocks = ["\n".join(f"- {_inline(item)}".rstrip() for item in items)] if items else []
        for block in blocks or [f"_{EMPTY}_"]:
            out += [block, ""]
    return "\n".join(out).rstrip("\n") + "\n"


__all__ = ["code", "escape", "render_packet"]
