"""A markdown handoff whose text is a JSON object (``handoff-context.md`` holding
``{"summary": …, "next_steps": [...]}``), read as the markdown it stands for.

Some agents write their handoff as JSON under a ``.md`` name. A reader takes its keys as
headings; the facet reading needs them as headings too. Each line of pretty-printed JSON
becomes one line of markdown, so a finding's line is still the file's line: a key opening a
list or an object becomes a heading, a key with a value a ``**Key**: value`` label, a string
in a list a bullet, and a closing bracket a blank line.
"""

from __future__ import annotations

import json
import re

_OPENS = re.compile(r'^\s*"((?:[^"\\]|\\.){1,80})"\s*:\s*[\[{]\s*,?\s*$')
_VALUE = re.compile(r'^\s*"((?:[^"\\]|\\.){1,80})"\s*:\s*(.+?)\s*,?\s*$')
_ITEM = re.compile(r'^\s*("(?:[^"\\]|\\.)*")\s*,?\s*$')
_CLOSES = re.compile(r"^\s*[\]}]\s*[\]},]*\s*$")
LINES_NEEDED = 4
"""Fewer lines is JSON on one line or nearly: nothing to read line by line."""


def as_markdown(text: str) -> str | None:
    """``text`` as markdown, line for line, when it is a pretty-printed JSON object; else
    ``None``."""
    if not text.lstrip().startswith("{") or text.count("\n") < LINES_NEEDED:
        return None
    try:
        if not isinstance(json.loads(text), dict):
            return None
    except (ValueError, RecursionError):
        return None
    return "\n".join(_line(line) for line in text.split("\n"))


def _line(line: str) -> str:
    if (opens := _OPENS.match(line)) is not None:
        return f"## {_key(opens.group(1))}"
    if (value := _VALUE.match(line)) is not None:
        return f"**{_key(value.group(1))}**: {_text(value.group(2))}"
    if (item := _ITEM.match(line)) is not None:
        return f"- {_text(item.group(1))}"
    if _CLOSES.match(line) or line.strip() in ("{", "["):
        return ""
    return line


def _key(key: str) -> str:
    """A key as a reader says it: ``next_steps`` and ``nextSteps`` are "next steps"."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", key).replace("_", " ").replace("-", " ")
    return spaced[:1].upper() + spaced[1:].lower()


def _text(value: str) -> str:
    """A JSON value as its words: a string without its quotes and escapes."""
    if value.startswith('"'):
        try:
            decoded = json.loads(value)
        except ValueError:
            return value.strip('"')
        # an escaped line break stays on its line: line numbers must stay the file's
        return " ".join(decoded.splitlines()) if isinstance(decoded, str) else value
    return value


__all__ = ["as_markdown"]
