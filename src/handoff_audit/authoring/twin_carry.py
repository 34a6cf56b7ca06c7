"""What a packet's markdown twin says that the packet does not, as `update` options that carry
it into the packet: the agent hook's fix for `md-mismatch`, so that re-rendering the twin from
the packet (which `update` does) drops nothing a person wrote in it.

Text under a heading that is no field of the packet goes into ``traps`` (after its heading);
the twin's own value of a field `update` sets, and items a list has in the twin only, are
carried when the twin is the side edited last. Values go on one line (a command is one line),
as the comparison reads them: plain text, whitespace folded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handoff_audit.markdown.compare import compare, stray_sections
from handoff_audit.markdown.parse import MarkdownFields, parse
from handoff_audit.markdown.sections import SECTIONS_BY_FIELD, expected_text, fold

TEXT_OPTIONS = {
    "title": "--title",
    "summary": "--summary",
    "next_action": "--next-action",
    "verdict_pointer": "--verdict-pointer",
}
"""The fields `update` replaces, with their option."""
_LIST_OPTIONS = {
    "traps": "--trap",
    "pointers": "--pointer",
    "failed_attempts": "--failed",
    "decisions": "--decision",
    "ruled_out": "--ruled-out",
    "open_risks": "--risk",
}
"""The list fields `update` appends to, with their option."""
_SEVERITIES = frozenset({"low", "medium", "high", "critical"})


@dataclass(frozen=True, slots=True)
class Carry:
    """The `update` options that carry the twin's text into the packet."""

    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(option, its values) in the order to pass them."""
    traps_from: tuple[str, ...] = ()
    """The headings whose text goes into ``traps`` for want of a field or option of its own
    ("" for the text under the title)."""


def carry(data: Mapping[str, Any], markdown: str, *, twin_edited_last: bool) -> Carry:
    """What ``markdown`` (the twin) says beyond ``data`` (its packet), as `update` options.

    Text under no field's heading is always carried (the packet cannot have written it). A
    field's differing text is carried only when ``twin_edited_last``; otherwise the packet,
    changed after its twin, is the newer side and keeps its value. Meta lines (status,
    branch, ...) are the packet's."""
    parsed = parse(markdown)
    options: list[tuple[str, tuple[str, ...]]] = []
    traps_from: list[str] = []

    def trap(heading: str, text: str) -> None:
        options.append(("--trap", (f"{heading}: {text}" if heading else text,)))
        traps_from.append(heading)

    for section, blocks in stray_sections(parsed):
        for block in blocks:
            trap(section.heading, block.text)
    differing = dict.fromkeys(d.field for d in compare(data, markdown) if d.field is not None)
    for name in differing if twin_edited_last else ():
        if name in TEXT_OPTIONS:
            value = fold(parsed.title or "") if name == "title" else parsed.text(name)
            if value:  # a section the twin lost: the packet still has it, nothing to carry
                options.append((TEXT_OPTIONS[name], (value,)))
        elif name in SECTIONS_BY_FIELD:
            for text, values in _extra_items(parsed, data, name):
                if values is None:
                    trap(SECTIONS_BY_FIELD[name].heading, text)
                else:
                    options.append((_LIST_OPTIONS[name], values))
    return Carry(tuple(dict.fromkeys(options)), tuple(dict.fromkeys(traps_from)))


def _extra_items(
    parsed: MarkdownFields, data: Mapping[str, Any], name: str
) -> list[tuple[str, tuple[str, ...] | None]]:
    """The items of list ``name`` that the twin has and the packet lacks: each one's text, and
    the values of its own `update` option (``None`` when it has none, or the item does not fit
    it: a risk of no known severity, a decision without its reason)."""
    blocks = parsed.items(name)
    extra = Counter(block.text for block in blocks) - Counter(expected_text(name, data))
    found: list[tuple[str, tuple[str, ...] | None]] = []
    for block, value in zip(blocks, parsed.value(name), strict=True):
        if extra[block.text] <= 0:
            continue
        extra[block.text] -= 1
        found.append((block.text, _option_values(name, block.text, value)))
    return found


def _option_values(name: str, text: str, value: Any) -> tuple[str, ...] | None:
    if name not in _LIST_OPTIONS:
        return None
    if name == "open_risks":
        severity = fold(str(value.get("severity", ""))).lower()
        what = fold(str(value.get("what", "")))
        return (what, severity) if severity in _SEVERITIES and what else None
    if name in ("decisions", "ruled_out"):
        first = fold(str(value.get("decision", value.get("what", ""))))
        why = fold(str(value.get("why", "")))
        return (first, why) if first and why else None
    return (text,)


__all__ = ["TEXT_OPTIONS", "Carry", "carry"]
