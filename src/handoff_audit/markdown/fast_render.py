"""A fast rendering for the twin check: `render_packet`'s bytes for plain packets, else ``None``.

Speed: rendering every packet was half of an audit of 10,000 packets. `fast_render` writes what
`render_packet` writes when every value is plain text that needs neither folding nor escaping, and
gives up (``None``) on anything else; then `compare` takes the long way.
tests/test_twin_fast_render.py checks it against `render_packet`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from handoff_audit.markdown.sections import EMPTY, META, SECTIONS, SEPARATOR

_UNSAFE = re.compile(r"[\\`*\]<~&$]")
"""What `escape` could mark inside a line, but for the underscore."""
_LOOSE_UNDERSCORE = re.compile(r"(?:^|[^A-Za-z0-9_])_|_(?:[^A-Za-z0-9_]|$)")
"""An underscore run not between letters or digits (``test_refund`` is never emphasis)."""
_BLOCK_START = frozenset("#>[-+*_=`~|:0123456789")
"""First characters that could begin a block at a line's start."""
_FAST_PAIRS = {
    "open_risks": ("severity", "what"),
    "decisions": ("decision", "why"),
    "ruled_out": ("what", "why"),
    "failed_attempts": ("what", "why"),
}


def _plain(value: object, *, line_start: bool = False) -> bool:
    """True when ``value`` is text that folding and escaping leave as it is."""
    return (
        isinstance(value, str)
        and value.isprintable()
        and value != ""
        and value[0] != " "
        and value[-1] != " "
        and "  " not in value
        and _UNSAFE.search(value) is None
        and ("_" not in value or _LOOSE_UNDERSCORE.search(value) is None)
        and not (line_start and value[0] in _BLOCK_START)
    )


def _plain_code(value: object) -> bool:
    """True when ``value`` is shown as a code span of one backtick, as it is."""
    return (
        isinstance(value, str)
        and value.isprintable()
        and value != ""
        and value[0] != " "
        and value[-1] != " "
        and "  " not in value
        and "`" not in value
    )


def _fast_item(field: str, value: Any) -> str | None:
    pair = _FAST_PAIRS.get(field)
    if pair is not None:
        if not isinstance(value, Mapping):
            return None
        head, tail = value.get(pair[0]), value.get(pair[1])
        return f"- **{head}**{SEPARATOR}{tail}" if _plain(head) and _plain(tail) else None
    if field == "commands_run":
        if not isinstance(value, Mapping):
            return None
        cmd, code, note = value.get("cmd"), value.get("exit"), value.get("note")
        if not _plain_code(cmd) or type(code) is not int:
            return None
        if note is None:
            return f"- `{cmd}`{SEPARATOR}exit {code}"
        return f"- `{cmd}`{SEPARATOR}exit {code}{SEPARATOR}{note}" if _plain(note) else None
    if field == "changed_files":
        return f"- `{value}`" if _plain_code(value) else None
    return f"- {value}" if _plain(value, line_start=True) else None


def _fast_section(kind: str, field: str, value: Any) -> str | None:
    if value is None:
        return f"_{EMPTY}_"
    if kind == "text":
        return value if _plain(value, line_start=True) else None
    if not isinstance(value, list):
        return None
    if not value:
        return f"_{EMPTY}_"
    items = []
    for element in value:
        item = _fast_item(field, element)
        if item is None:
            return None
        items.append(item)
    return "\n".join(items)


def fast_render(data: Mapping[str, Any]) -> str | None:
    """``render_packet(data)`` when every value is plain text; ``None`` when unsure."""
    title = data.get("title")
    if not _plain(title) or title.endswith("#"):  # type: ignore[union-attr]
        return None
    out = [f"# {title}", ""]
    for name, label in META:
        value = data.get(name)
        if value is not None:
            if not _plain(value):
                return None
            out.append(f"- **{label}:** {value}")
    if out[-1]:
        out.append("")
    for spec in SECTIONS:
        if spec.field in data:
            block = _fast_section(spec.kind, spec.field, data[spec.field])
            if block is None:
                return None
            out += [f"## {spec.heading}", "", block, ""]
    return "\n".join(out).rstrip("\n") + "\n"
