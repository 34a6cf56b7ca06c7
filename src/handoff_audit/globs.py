"""Path globs as the configuration writes them (``**/handoff.json``, ``.handoff/**/*.json``).

``*`` and ``?`` stay inside one folder, ``**`` spans any number of folders (zero included), and
a pattern matches the whole path relative to the repository root, with ``/`` separators.
Leading dots are not special: ``.handoff/x.json`` is matched like any other file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache


@lru_cache(maxsize=256)
def _compile(pattern: str) -> re.Pattern[str]:
    out: list[str] = []
    i = 0
    n = len(pattern)
    while i < n:
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif char == "*":
            out.append("[^/]*")
            i += 1
        elif char == "?":
            out.append("[^/]")
            i += 1
        elif char == "[":
            end = pattern.find("]", i + 2)
            if end == -1:
                out.append(re.escape(char))
                i += 1
            else:
                body = pattern[i + 1 : end]
                negate = "^" if body.startswith("!") else ""
                body = body.removeprefix("!")
                # Only ranges (a-z) keep a meaning; a regex's own set syntax ([, &&, ~~) does not.
                body = "".join("\\" + c if c in "\\[]&~|^" else c for c in body)
                out.append(f"[{negate}{body}]")
                i = end + 1
        else:
            out.append(re.escape(char))
            i += 1
    # DOTALL: a file name may hold a newline, and git lists it like any other.
    return re.compile("".join(out) + r"\Z", re.DOTALL)


def matches(path: str, pattern: str) -> bool:
    """True when ``path`` (relative, ``/``-separated) matches ``pattern`` as a whole."""
    return _compile(pattern.removeprefix("./")).match(path) is not None


def matches_any(path: str, patterns: Iterable[str]) -> bool:
    """True when ``path`` matches at least one of ``patterns``."""
    return any(matches(path, pattern) for pattern in patterns)
