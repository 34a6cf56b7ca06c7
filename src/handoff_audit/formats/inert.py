"""Untrusted text (from packets, paths, branch names, finding messages) as inert markdown.

Nothing here parses the text and trusts the result. Text becomes plain text: every ASCII
punctuation character is backslash-escaped, so no markdown construct (emphasis, links, code
spans, fences, HTML, entities, tables, autolinks) can start in it. Code becomes a code span whose
backtick fence is longer than any run inside. Text bound for raw HTML (a ``<summary>``) is
HTML-escaped. In all three the comment's marker word is broken, so only the tool writes a live
marker. In text and HTML (not in code, which GitHub never links, and whose paths and commands
must work when copied) a joiner follows every ``@`` (no mention pings, no mail link), and issue
references (``#123``, ``owner/repo#1``, ``GH-5``) and commit ids (7 to 40 hex digits) are broken
by a joiner too: no cross-reference, no link.
"""

from __future__ import annotations

import html
import re

from handoff_audit import controls
from handoff_audit.textcut import shorten

ZWJ = "\u200d"
"""Zero-width joiner: breaks a mention or a marker without changing what a reader sees."""

MARKER_TOKEN = "handoff-audit-comment"
"""The word inside the PR comment's hidden marker; never allowed through from untrusted text."""

NAME_LIMIT = 200
"""Characters kept of a name shown on one line (a title, a path, a branch): every part of a
comment counts against GitHub's limit, so nothing in it may grow without bound."""

_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_ESCAPE = str.maketrans({c: "\\" + c for c in _PUNCTUATION})
_MARKER = re.compile(re.escape(MARKER_TOKEN), re.IGNORECASE)
_BACKTICKS = re.compile(r"`+")
_ISSUE = re.compile(r"#(?=\d)|(?<![A-Za-z0-9])(GH)(?=-\d)", re.IGNORECASE)
_SHA = re.compile(r"(?<![0-9A-Za-z])[0-9a-fA-F]{7,40}(?![0-9A-Za-z])")


def _references(value: str) -> str:
    """Issue references and commit ids that GitHub would link, with joiners that break them."""
    value = _ISSUE.sub(lambda m: (m.group(1) or "#") + ZWJ, value)
    # Every 4 digits: no 7-digit run is left for GitHub to take as a commit's prefix.
    return _SHA.sub(lambda m: ZWJ.join(re.findall(".{1,4}", m.group(0))), value)


def _defuse(
    value: str, limit: int | None = None, *, exact: bool = False, links: bool = True
) -> str:
    """One line, controls visible, marker broken; with ``links``, a joiner after every ``@`` and
    in every issue reference and commit id; with a ``limit``, cut to that many characters (and
    an ellipsis). Whitespace is folded, but for an ``exact``
    value (a path, a command) where a newline or a tab is shown as ``\\n`` or ``\\t``."""
    if limit is not None and len(value) > limit:
        value = shorten(value, limit + 1)
    value = value.replace("\0", "\ufffd")
    if exact:
        value = controls.one_line(value)
    value = controls.one_line(" ".join(value.split()))
    value = _MARKER.sub(lambda m: m.group(0)[:7] + ZWJ + m.group(0)[7:], value)
    if not links:
        return value
    return _references(value).replace("@", "@" + ZWJ)


def text(value: str, *, limit: int | None = None) -> str:
    """``value`` as one line of markdown text that shows exactly it (whitespace folded)."""
    return _defuse(value, limit).translate(_ESCAPE)


def paragraphs(value: str, *, prefix: str = "") -> str:
    """Multi-line text: its lines kept (hard breaks), blank lines between paragraphs.

    ``prefix`` starts every line (``"> "`` for a quote).
    """
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in value.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.strip():
            current.append(text(line))
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    # A backslash at the end of a line is a hard break; escaped text never ends in a lone one.
    return f"\n{prefix.rstrip()}\n".join(
        "\\\n".join(prefix + line for line in lines) for lines in blocks
    )


def code(value: str, *, table: bool = False, limit: int | None = None) -> str:
    """``value`` as an inline code span that nothing in it can close early.

    In a table cell ``|`` is escaped as GFM's table parser wants, even inside code.
    """
    value = _defuse(value, limit, exact=True, links=False)
    if table:
        value = value.replace("|", "\\|")
    longest = max((len(run) for run in _BACKTICKS.findall(value)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if value.startswith("`") or value.endswith("`") or not value else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def html_text(value: str, *, limit: int | None = None) -> str:
    """``value`` (a path) as text inside raw HTML (a ``<summary>``): one line, escaped."""
    return html.escape(_defuse(value, limit, exact=True), quote=True)
