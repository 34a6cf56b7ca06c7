"""What the markdown carries of a packet: the fixed sections, and each value as styled segments.

The renderer turns this model into markdown; the comparison turns it into plain text. Both start
from the same model, so "what the renderer writes" and "what the check expects" cannot drift.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from handoff_audit import controls

Style = Literal["text", "strong", "code"]
Segment = tuple[Style, str]
"""A run of text and how it is shown: plain, bold, or as code."""
Item = tuple[Segment, ...]
"""One list item (or one paragraph) of a section."""

SEPARATOR = " — "
"""Between the two parts of an item ("decision — why"); plain text, so no escaping needed."""
EMPTY = "(none)"
"""Shown, in italics, for an empty list or blank text, so that "empty" is said, not implied."""


@dataclass(frozen=True, slots=True)
class SectionSpec:
    """One field of the packet and the ``##`` section that carries it."""

    field: str
    """The packet's field name."""
    heading: str
    """The canonical heading text."""
    kind: Literal["text", "list"]
    """``text``: paragraphs; ``list``: one bullet per array element."""


SECTIONS: tuple[SectionSpec, ...] = (
    SectionSpec("next_action", "Next action", "text"),
    SectionSpec("summary", "Summary", "text"),
    SectionSpec("open_risks", "Open risks", "list"),
    SectionSpec("failed_attempts", "Failed attempts", "list"),
    SectionSpec("decisions", "Decisions", "list"),
    SectionSpec("ruled_out", "Ruled out", "list"),
    SectionSpec("traps", "Traps", "list"),
    SectionSpec("changed_files", "Changed files", "list"),
    SectionSpec("commands_run", "Commands run", "list"),
    SectionSpec("verdict_pointer", "Verification", "text"),
    SectionSpec("pointers", "Pointers", "list"),
    SectionSpec("assumptions_to_validate", "Assumptions to validate", "list"),
    SectionSpec("questions_for_the_human", "Questions for the human", "list"),
)
SECTIONS_BY_FIELD: dict[str, SectionSpec] = {spec.field: spec for spec in SECTIONS}

TEXT_OPTIONS = {
    "title": "--title",
    "summary": "--summary",
    "next_action": "--next-action",
    "verdict_pointer": "--verdict-pointer",
}
"""The text fields `handoff-audit update` replaces, with their option."""
LIST_OPTIONS = {
    "traps": "--trap",
    "pointers": "--pointer",
    "failed_attempts": "--failed",
    "decisions": "--decision",
    "ruled_out": "--ruled-out",
    "open_risks": "--risk",
}
"""The list fields `handoff-audit update` appends to, with their option; text of any other
field, or under a heading that is no field, is carried into the packet as a trap."""

META: tuple[tuple[str, str], ...] = (
    ("status", "Status"),
    ("branch", "Branch"),
    ("last_known_good_commit", "Last known good commit"),
    ("topic", "Topic"),
    ("superseded_by", "Superseded by"),
)
"""Short fields shown as ``**Label:** value`` lines under the title, in this order."""
META_LABELS: dict[str, str] = dict(META)


def fold(text: str) -> str:
    """Whitespace folded to single spaces; what the markdown keeps of a value's spacing.

    NUL becomes U+FFFD, as every CommonMark parser does; other controls (ESC, C1...) are shown
    as escapes (``\\x1b``), so that neither the twin nor ``render`` can drive a terminal.
    """
    return " ".join(controls.text(text.replace("\0", "\ufffd")).split())


def as_text(value: Any) -> str:
    """A value as text: strings as they are, anything else (a schema error) as compact JSON."""
    if isinstance(value, str):
        return value
    if type(value) is int:  # an exit code: what json.dumps says, without its cost (speed)
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def title_of(data: Mapping[str, Any]) -> str:
    """The document's title: the packet's ``title``, or a generic one naming the topic."""
    title = data.get("title")
    if isinstance(title, str) and fold(title):
        return fold(title)
    topic = data.get("topic")
    if isinstance(topic, str) and fold(topic) and topic != "default":
        return f"Handoff: {fold(topic)}"
    return "Handoff"


def _pair(first: Any, second: Any) -> Item:
    head = fold(as_text(first)) if first is not None else ""
    tail = fold(as_text(second)) if second is not None else ""
    segments: list[Segment] = []
    if head:
        segments.append(("strong", head))
    if tail:
        segments.append(("text", SEPARATOR + tail if head else tail))
    return tuple(segments)


def item_of(field: str, value: Any) -> Item:
    """One array element of ``field`` as segments."""
    if field == "open_risks" and isinstance(value, Mapping):
        return _pair(value.get("severity"), value.get("what"))
    if field in ("decisions",) and isinstance(value, Mapping):
        return _pair(value.get("decision"), value.get("why"))
    if field in ("ruled_out", "failed_attempts") and isinstance(value, Mapping):
        return _pair(value.get("what"), value.get("why"))
    if field == "commands_run" and isinstance(value, Mapping):
        cmd = fold(as_text(value.get("cmd", "")))
        segments: list[Segment] = [("code", cmd)] if cmd else []
        segments.append(("text", f"{SEPARATOR}exit {fold(as_text(value.get('exit')))}"))
        note = value.get("note")
        if note is not None and fold(as_text(note)):
            segments.append(("text", SEPARATOR + fold(as_text(note))))
        return tuple(segments)
    if field == "changed_files" and isinstance(value, str) and fold(value):
        return (("code", fold(value)),)
    text = fold(as_text(value))
    return (("text", text),) if text else ()


def items_of(field: str, value: Any) -> list[Item]:
    """Every element of a list field (a non-list value, a schema error, is one item)."""
    values = value if isinstance(value, list) else [value]
    return [item_of(field, v) for v in values]


def paragraphs_of(value: Any) -> list[list[str]]:
    """A text field as paragraphs of lines, each line whitespace-folded, blank lines dropped."""
    paragraphs: list[list[str]] = []
    current: list[str] = []
    for line in controls.text(as_text(value).replace("\0", "\ufffd")).splitlines():
        folded = " ".join(line.split())
        if folded:
            current.append(folded)
        elif current:
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)
    return paragraphs


def plain(item: Item) -> str:
    """An item's text without its styling, folded."""
    return fold("".join(text for _, text in item))


def expected_text(field: str, data: Mapping[str, Any]) -> str | list[str]:
    """What the markdown must say for ``field``: folded text, or one folded text per item."""
    spec = SECTIONS_BY_FIELD[field]
    value = data.get(field)
    if spec.kind == "text":
        return "" if value is None else fold(as_text(value))
    if value is None:
        return []
    return [plain(item) for item in items_of(field, value)]
