"""Whether a commit's change to a handoff file is only a touch-up: whitespace or blank lines, the
same JSON data formatted anew, a date or time stamp (a ``Date:`` line, a packet's
``updated``), or credentials taken out (`redacted_only`). Such a commit records nothing new, so
it is no "last change" of the handoff: staleness is judged from the change before it (the
history walk of `facts` and `freshness`).

Both versions are read by one ``cat-file --batch`` kept open for the whole walk and started only
at the first change of a handoff file that had an older version: at most one git process per
run, whatever the number of handoffs."""

from __future__ import annotations

import difflib
import json
import re
import subprocess
from pathlib import Path
from typing import Any

from handoff_audit.credentials import find_secrets
from handoff_audit.git import plumbing

MAX_BYTES = 1 << 20
"""Versions larger than this are not compared: their change counts."""

_NO_BLOB = frozenset({"0" * 40, "0" * 64})

_DATE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?(?:\s*(?:utc|gmt|[a-z]{3}t))?\b"
    r"|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?"
    r",? \d{4}\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
    r"\.?,? \d{4}\b"
    r"|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b,?",
    re.IGNORECASE,
)
"""A date or a time of day, in the forms handoffs stamp them."""
_STAMP_WORDS = 4
"""A line with a date or time that says no more than this many words beside it is a stamp
("Date: …", "_Last updated …_", "# Handoff — …"); a longer one says something of its own."""
_WORD = re.compile(r"[^\W\d_]+")
_STAMP_KEY = re.compile(
    r"(?:^|[_-])(?:updated|created|modified|written|generated|saved|date|time|timestamp)(?:_at|_on)?$"
    r"|^(?:updated|created|modified|written|generated|saved)(?:at|on)$",
    re.IGNORECASE,
)
"""A JSON key that holds only when the file was written (``updated``, ``last_updated``,
``updatedAt``, ``timestamp``)."""


class TouchUps:
    """The walk's judge of touch-ups, holding the ``cat-file --batch`` it starts when first asked;
    use it as a context manager so the process ends with the walk."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._proc: subprocess.Popen[bytes] | None = None
        self._broken = False

    def __enter__(self) -> TouchUps:
        return self

    def __exit__(self, *_: object) -> None:
        proc = self._proc
        if proc is not None:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.close()
            proc.stdout.close()
            proc.wait()
            self._proc = None

    def only_touched_up(self, path: str, blobs: tuple[str, str] | None) -> bool:
        """Whether the change from ``blobs`` (old and new blob ids) of ``path`` is a touch-up;
        False for a file added or deleted, or one git cannot show."""
        if blobs is None or blobs[0] in _NO_BLOB or blobs[1] in _NO_BLOB or self._broken:
            return False
        old, new = self._read(blobs[0]), self._read(blobs[1])
        if old is None or new is None:
            return False
        return same_apart_from_touch_ups(path, old, new)

    def _read(self, oid: str) -> bytes | None:
        try:
            proc = self._proc or self._start()
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(oid.encode("ascii") + b"\n")
            proc.stdin.flush()
            header = proc.stdout.readline().split()
            if len(header) != 3:
                return None
            size = int(header[2])
            content = proc.stdout.read(size) if size <= MAX_BYTES else None
            if content is None:
                plumbing.skip(proc.stdout, size)
            proc.stdout.read(1)
        except (OSError, ValueError, plumbing.GitError):
            self._broken = True
            return None
        return content if header[1] == b"blob" else None

    def _start(self) -> subprocess.Popen[bytes]:
        self._proc = plumbing.batch_reader(self.root)
        return self._proc


def same_apart_from_touch_ups(path: str, old: bytes, new: bytes) -> bool:
    """Whether two versions of a handoff file say the same: as JSON, the same data but for keys
    that stamp when it was written; as text, the same lines but for whitespace, blank lines and
    lines that only stamp a date or time; either way, or but for credentials taken out."""
    said = _said(old), _said(new)
    if path.lower().endswith(".json"):
        before, after = _data(old), _data(new)
        if before is not None and after is not None:
            return bool(before == after) or redacted_only(*said)
    return said[0] == said[1] or redacted_only(*said)


_SLACK = 3
"""Characters beside a credential that its redaction may change too ("=", ": ", a quote)."""


def redacted_only(old: list[str], new: list[str]) -> bool:
    """Whether ``new`` is ``old`` (lines) with credentials taken out and nothing else changed:
    each line removed holds one, and each line changed holds one where it changed, and none
    after ("PLAID_SECRET=<redacted>"). Removing a secret refreshes nothing the note says of the
    work, so it is no last change of the handoff."""
    changed = False
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, False).get_opcodes():
        if tag == "equal":
            continue
        changed = True
        if tag == "insert" or (tag == "replace" and i2 - i1 != j2 - j1):
            return False
        after = new[j1:j2] if tag == "replace" else [None] * (i2 - i1)
        pairs = zip(old[i1:i2], after, strict=True)
        if not all(_line_redacted(before, after) for before, after in pairs):
            return False
    return changed


def _line_redacted(old: str, new: str | None) -> bool:
    """``new`` (``None``: removed) is line ``old`` with its credentials taken out."""
    found = find_secrets(old)
    if not found:
        return False
    if new is None:
        return True
    if find_secrets(new):
        return False
    same = _common(old, new)
    tail = _common(old[same:][::-1], new[same:][::-1])
    start, end = min(m.start for m in found), max(m.end for m in found)
    return same >= start - _SLACK and len(old) - tail <= end + _SLACK


def _common(first: str, second: str) -> int:
    """How many characters two texts share at their start."""
    pairs = zip(first, second, strict=False)
    return next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(first), len(second)))


def _data(raw: bytes) -> Any:
    try:
        return _unstamped(json.loads(raw.decode("utf-8-sig")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _unstamped(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _unstamped(v) for k, v in value.items() if not _STAMP_KEY.search(k)}
    if isinstance(value, list):
        return [_unstamped(item) for item in value]
    return value


def _said(raw: bytes) -> list[str]:
    """The text's lines, whitespace collapsed, blank lines dropped, a stamp line's date or time
    left out."""
    lines = []
    for line in raw.decode("utf-8", "replace").splitlines():
        words = " ".join(line.split())
        if not words:
            continue
        undated = _DATE.sub("", words)
        if undated != words and len(_WORD.findall(undated)) <= _STAMP_WORDS:
            words = " ".join(undated.split())
        lines.append(words)
    return lines
