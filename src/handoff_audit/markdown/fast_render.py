"""A fast rendering for the twin check: `render_packet`'s bytes for plain packets, else ``None``.

Speed: rendering every packet was half of an audit of 10,000 packets. `fast_render` writes what
`render_packet` writes when every value is plain text that needs neither folding nor escaping, and
gives up (``None``) on anything else; then `compare` takes the long way. The values are judged
together once the rendering is written (`_plain_values`).
tests/test_twin_fast_render.py checks it against `render_packet`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from handoff_audit.markdown.sections import EMPTY, META, SECTIONS, SEPARATOR

_UNSAFE = re.compile(r"[\\`*\]<~&$]")
"""What `escape` could mark inside a line, but for the underscore."""
_LOOSE_UNDERSCORE = re.compile(r"_(?:(?![A-Za-z0-9_])|(?<![A-Za-z0-9_]_))")
"""An underscore run not between letters or digits (``test_refund`` is never emphasis), in each
line of values joined by line ends (a line end is no letter); written to start with the
underscore, which the regex engine then looks for quickly."""
_BLOCK_START = frozenset("#>[-+*_=`~|:0123456789")
"""First characters that could begin a block at a line's start."""
_FAST_PAIRS = {
    "open_risks": ("severity", "what"),
    "decisions": ("decision", "why"),
    "ruled_out": ("what", "why"),
    "failed_attempts": ("what", "why"),
}


def _plain_values(text: list[str], code: list[str]) -> bool:
    """True when every value of ``text`` is plain text and every one of ``code`` a plain code
    span: printable, not empty, no space at either end, no two in a row; no character that
    escaping marks (text) or no backtick (code). Judged on the values joined by line ends, in a
    few scans, rather than value by value (speed: a third of the twin check)."""
    joined = "\n".join(text)
    joined_code = "\n".join(code)
    return (
        _lines_plain(joined, len(text))
        and _lines_plain(joined_code, len(code))
        and _UNSAFE.search(joined) is None
        and ("_" not in joined or _LOOSE_UNDERSCORE.search(joined) is None)
        and "`" not in joined_code
    )


def _lines_plain(joined: str, count: int) -> bool:
    """True when each of the ``count`` lines of ``joined`` (values joined by line ends) is
    printable, not empty, with no space at either end and no two spaces in a row."""
    if not count:
        return True
    return (
        joined.count("\n") == count - 1  # no value held a line end of its own
        and joined.replace("\n", "").isprintable()
        and joined[:1] not in ("", " ", "\n")
        and joined[-1] not in (" ", "\n")
        and "  " not in joined
        and "\n\n" not in joined
        and "\n " not in joined
        and " \n" not in joined
    )


def _items(field: str, value: list[Any], text: list[str], code: list[str]) -> str | None:
    """A list section's lines, its values added to ``text`` and ``code``; ``None`` when unsure
    (values that are not JSON's own types are left to the renderer too)."""
    lines = []
    pair = _FAST_PAIRS.get(field)
    for item in value:
        if pair is not None:
            if type(item) is not dict:
                return None
            head, tail = item.get(pair[0]), item.get(pair[1])
            if type(head) is not str or type(tail) is not str:
                return None
            text += (head, tail)
            lines.append(f"- **{head}**{SEPARATOR}{tail}")
        elif field == "commands_run":
            if type(item) is not dict:
                return None
            cmd, exit_code, note = item.get("cmd"), item.get("exit"), item.get("note")
            if type(cmd) is not str or type(exit_code) is not int:
                return None
            code.append(cmd)
            if note is None:
                lines.append(f"- `{cmd}`{SEPARATOR}exit {exit_code}")
            elif type(note) is str:
                text.append(note)
                lines.append(f"- `{cmd}`{SEPARATOR}exit {exit_code}{SEPARATOR}{note}")
            else:
                return None
        elif type(item) is not str:
            return None
        elif field == "changed_files":
            code.append(item)
            lines.append(f"- `{item}`")
        elif item[:1] in _BLOCK_START:
            return None
        else:
            text.append(item)
            lines.append(f"- {item}")
    return "\n".join(lines) if lines else f"_{EMPTY}_"


def fast_render(data: Mapping[str, Any]) -> str | None:
    """``render_packet(data)`` when every value is plain text; ``None`` when unsure."""
    text: list[str] = []
    code: list[str] = []
    title = data.get("title")
    if type(title) is not str or title.endswith("#"):
        return None
    text.append(title)
    out = [f"# {title}", ""]
    for name, label in META:
        value = data.get(name)
        if value is not None:
            if type(value) is not str:
                return None
            text.append(value)
            out.append(f"- **{label}:** {value}")
    if out[-1]:
        out.append("")
    for spec in SECTIONS:
        if spec.field not in data:
            continue
        value = data[spec.field]
        if value is None:
            block: str | None = f"_{EMPTY}_"
        elif spec.kind == "text":
            if type(value) is not str or value[:1] in _BLOCK_START:
                return None
            text.append(value)
            block = value
        elif type(value) is list:
            block = _items(spec.field, value, text, code)
        else:
            return None
        if block is None:
            return None
        out += [f"## {spec.heading}", "", block, ""]
    if not _plain_values(text, code):
        return None
    return "\n".join(out).rstrip("\n") + "\n"
