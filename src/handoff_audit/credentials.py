"""Recognising credentials in text, and keeping them out of every message and report.

Only high-confidence patterns: a false alarm on a handoff teaches people to ignore the rule.
Each pattern is a token format that its issuer made recognisable on purpose (GitHub, AWS, Slack),
a PEM private key header, or a credential in the one place it cannot be anything else (the
password of a URL, an ``Authorization`` header, a ``Bearer`` token).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from handoff_audit.textcut import shorten

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("GitHub token", re.compile(r"(?<![\w])gh[pousr]_[A-Za-z0-9]{36,251}(?![\w])", re.ASCII)),
    ("GitHub token", re.compile(r"(?<![\w])github_pat_[A-Za-z0-9_]{50,240}(?![\w])", re.ASCII)),
    ("AWS access key", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")),
    (
        "private key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,4}PRIVATE KEY(?: BLOCK)?-----"
            r"[^-]{0,16384}(?:-----END[^-]{0,64}-----)?"
        ),
    ),
    ("Slack token", re.compile(r"(?<![A-Za-z0-9-])xox[abposr]-[A-Za-z0-9-]{10,250}")),
    (
        "password in a URL",
        # user:password@host; skip ${VAR}, <placeholder>, *** and %-escaped templates.
        re.compile(r"(?i)\b[a-z][a-z0-9+.-]{0,20}://[^\s/:@]{1,256}:(?![$<{*%])[^\s/@]{3,256}@\S"),
    ),
    (
        "Authorization header",
        re.compile(
            r"(?i)\bauthorization\s*[:=]\s*[\"']?(?:basic|bearer|token)\s+"
            r"(?![$<{*%])[A-Za-z0-9._~+/=-]{8,4096}"
        ),
    ),
    (
        "bearer token",
        re.compile(
            r"\b[Bb]earer\s{1,8}(?=[A-Za-z0-9._~+/-]{0,4096}[0-9])"
            r"(?=[A-Za-z0-9._~+/-]{0,4096}[A-Za-z])[A-Za-z0-9._~+/-]{20,4096}=*"
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class SecretMatch:
    """Where a credential-looking string sits in a text. Carries no copy of the secret."""

    kind: str
    """What it looks like, for messages: ``GitHub token``, ``AWS access key``..."""
    start: int
    """Index of its first character."""
    end: int
    """Index after its last character."""


_LITERALS: tuple[str, ...] = ("://", "AKIA", "ASIA", "PRIVATE KEY", "xox", "earer", "github_pat_")
_LITERALS += tuple(f"gh{kind}_" for kind in "pousr")


def _triggered(text: str) -> bool:
    """False when no pattern can match: each match holds one of these literals (speed).

    ``in`` is many times faster than a regex scan. The patterns that ignore case are the URL one
    (its literal ``://`` has no letters) and the Authorization one, whose ``uthor`` letters have
    no case variants but ASCII ones, so ``lower()`` finds them.
    """
    for literal in _LITERALS:  # a loop, not any() over a generator: faster here
        if literal in text:
            return True
    return "uthor" in text.lower()


def json_may_hold_secret(json_text: str) -> bool:
    """False when no string decoded from this JSON text can look like a credential.

    Every pattern's match contains a `_triggered` literal, and JSON escapes other than ``\\u`` and
    ``\\/`` decode to characters no trigger has, so a trigger in a decoded string is also in the
    text. One scan of the file then spares walking every string of a clean packet (speed).
    """
    return "\\u" in json_text or "\\/" in json_text or _triggered(json_text)


def find_secrets(text: str) -> list[SecretMatch]:
    """Every credential-looking span in ``text``, in order, overlaps removed."""
    if not text or not _triggered(text):
        return []
    found: list[SecretMatch] = []
    for kind, pattern in _PATTERNS:
        found.extend(SecretMatch(kind, m.start(), m.end()) for m in pattern.finditer(text))
    found.sort(key=lambda match: (match.start, -match.end))
    kept: list[SecretMatch] = []
    for match in found:
        if kept and match.start < kept[-1].end:
            continue
        kept.append(match)
    return kept


def redact(text: str) -> str:
    """``text`` with every credential-looking span replaced by ``[redacted <kind>]``."""
    matches = find_secrets(text)
    if not matches:
        return text
    parts: list[str] = []
    last = 0
    for match in matches:
        parts.append(text[last : match.start])
        parts.append(f"[redacted {match.kind}]")
        last = match.end
    parts.append(text[last:])
    return "".join(parts)


def redact_data(value: Any) -> Any:
    """A copy of a parsed JSON value with every string (keys too) passed through `redact`.

    Returns the same object when nothing needed redacting, so the common case costs no copy.
    """
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        items = [redact_data(item) for item in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if isinstance(value, dict):
        pairs = [(redact(k), redact_data(v)) for k, v in value.items()]
        same = all(
            k1 is k2 and v1 is v2 for (k1, v1), (k2, v2) in zip(pairs, value.items(), strict=True)
        )
        return value if same else dict(pairs)
    return value


_ROOM = 20_000
"""Characters kept of a value before redaction: more than the longest credential pattern."""


def _bounded(value: Any, room: int) -> Any:
    """A copy of ``value`` whose JSON is about ``room`` characters at most (a bound on the work,
    not a cut a reader sees: `show` shortens the result with `textcut.shorten`)."""
    if isinstance(value, str):
        return value[: max(room, 1)]
    if isinstance(value, (list, tuple, dict)):
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        kept: list[tuple[Any, Any]] = []
        used = 2
        for key, item in pairs:
            if used >= room:
                break
            short = _bounded(item, room - used)
            kept.append((str(key)[:room], short))
            used += len(json.dumps(short, ensure_ascii=False, default=str)) + len(str(key)) + 4
        if isinstance(value, dict):
            return dict(kept)
        return [item for _, item in kept]
    return value


def show(value: Any, limit: int = 60) -> str:
    """A value as a message may quote it: JSON-quoted, shortened, secrets redacted, printable."""
    # Shortened before it is serialised (a value can be huge, or share parts many times over),
    # but with room to spare so that a credential is still whole when it is redacted.
    text = json.dumps(_bounded(value, _ROOM), ensure_ascii=False, default=str)
    text = redact(text)
    text = shorten(text, limit)
    # A lone surrogate ("\ud800" in the JSON) cannot be written to a UTF-8 terminal.
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
