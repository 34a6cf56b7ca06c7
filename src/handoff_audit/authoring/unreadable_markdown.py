"""The Stop hook's fix for a hand-written handoff that cannot be read as text (`invalid-json`,
the rule every unreadable handoff file falls under): UTF-8 text with a few stray bytes (or
stray NUL bytes) rid of those bytes alone, text in a legacy encoding (no UTF-8 character at all)
or in UTF-16 or UTF-32 converted to UTF-8 by a command that leaves the file as it was when it
fails, or a file over ``max-file-bytes`` trimmed, or the limit raised by the line to add to the
configuration in use.
A binary file is replaced or removed: nothing converts it to a handoff."""

from __future__ import annotations

import codecs
import stat
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from handoff_audit.config import MAX_FILE_BYTES_CEILING, Config, setting_advice
from handoff_audit.engine.loading import NOT_TEXT, STRAY_NUL, stray_nuls
from handoff_audit.engine.oversize import raised_limit
from handoff_audit.model.findings import Finding
from handoff_audit.wide_text import BOM_CODECS, wide_codec

_NOT_UTF8 = "not UTF-8 text"
_TOO_LARGE = "larger than max-file-bytes"
_WIDE = ("the file starts with a UTF-16", "the file starts with a UTF-32", "the file is UTF-")
_PLACES = 3
"""How many of the bytes that are not UTF-8 the fix names, at most."""


def unreadable_fix(
    findings: list[Finding], root: Path, name: str, shown: Callable[[str], str], config: Config
) -> tuple[Finding, str, str] | None:
    """The `invalid-json` finding of ``findings`` on the hand-written handoff ``name`` (from the
    top folder ``root``; ``shown`` names a path as the fixes do, from the agent's folder,
    quoted), the command that fixes it and the line after it; ``None`` when there is no command
    to give (no such finding, a binary file)."""
    finding = next((f for f in findings if f.rule == "invalid-json"), None)
    told = None if finding is None else _fix(finding, root / name, name, shown, config)
    return None if finding is None or told is None else (finding, *told)


class _Temp(NamedTuple):
    """The new file a fix writes before it is moved over the handoff (`_rewrite`)."""

    template: str
    """Its name for `mktemp`, ``HANDOFF.md.XXXXXX``, quoted as the fixes show paths."""
    mode: int
    """The handoff's mode when the hook read it, which the new file is given."""


def _fix(
    finding: Finding, path: Path, name: str, shown: Callable[[str], str], config: Config
) -> tuple[str, str] | None:
    quoted = shown(name)
    try:
        template = _Temp(shown(f"{name}.XXXXXX"), stat.S_IMODE(path.stat().st_mode))
    except OSError:
        return None
    if finding.message.startswith(STRAY_NUL):
        return (
            _rewrite(f"tr -d '\\000' < {quoted}", quoted, template),
            f"the file is text but for NUL bytes (the first at line {finding.line} column "
            f"{finding.column}): this leaves out only those bytes; then commit",
        )
    if finding.message.startswith((_NOT_UTF8, *_WIDE, NOT_TEXT)):
        try:
            with path.open("rb") as handle:
                data = handle.read(config.max_file_bytes + 1)
        except OSError:
            return None
        return _converted(data, quoted, template)
    if finding.message.startswith(_TOO_LARGE):
        try:
            size = path.stat().st_size
        except OSError:
            return None
        trim = (
            f"trim {quoted} to a short handoff (the state, the next step, the decisions, the "
            "pointers; move the log elsewhere and link to it)"
        )
        if size > MAX_FILE_BYTES_CEILING:
            return trim, f"{MAX_FILE_BYTES_CEILING} bytes is the most max-file-bytes can be"
        add = setting_advice(config.key_file, "max-file-bytes", raised_limit(size))
        return trim, f"or, to read it as it is, add the line {add}"
    return None


def _converted(data: bytes, shown: str, template: _Temp) -> tuple[str, str]:
    """The handoff converted to UTF-8 with `iconv` (`_rewrite`, ``template`` its new
    file): from the UTF-16 or UTF-32 the bytes are in, from UTF-8 with the bytes that are not
    UTF-8 left out (the file holds more UTF-8 characters: read as a legacy encoding, each would
    become two or three wrong ones), else from the legacy encoding they decode in (Windows-1252,
    else Latin-1). A last character cut off is left out (`head -c`: `iconv` fails on it, even
    with ``-c``). A UTF-8 byte order mark (`tail -c`: read as Windows-1252, it becomes "ï»¿")
    and stray NUL bytes in 8-bit text (`stray_nuls`, `tr`) are left out first; a binary file
    (more NUL bytes, that no wide codec reads) is replaced or removed instead."""
    codec = _wide(data)
    nuls = codec is None and b"\0" in data
    if nuls and not stray_nuls(data):
        return (
            f"replace {shown} with a text handoff (the state, the next step, the decisions, the "
            "pointers), or remove it",
            f"it is not text: nothing converts it; to remove it: git rm -- {shown}",
        )
    if codec is not None:
        command, cut = _iconv(f"-f {codec}", data, _python_codec(codec), shown, template)
        also = f"this reads it as {codec} text: check that it reads right, then commit"
        return command, _cut_note(cut) + also
    before: tuple[str, ...] = ()
    lead = ""
    if data.startswith(BOM_CODECS[0][0]):
        before, lead = ("tail -c +4",), "its UTF-8 byte order mark is left out; "
        data = data[len(BOM_CODECS[0][0]) :]
    if nuls:
        before += ("tr -d '\\000'",)
        lead += f"it holds {data.count(0)} stray NUL byte(s): this leaves them out; "
        data = data.replace(b"\0", b"")
    stripped, cut = _iconv("-c -f UTF-8", data, "utf-8", shown, template, before)
    text = data[: len(data) - cut].decode("utf-8", "surrogateescape")
    stray = sum("\udc80" <= char <= "\udcff" for char in text)
    valid = sum(char > "\x7f" for char in text) - stray
    lead += _cut_note(cut)
    if valid >= 2 * stray:
        if not stray:
            return stripped, f"{lead}then check that its end reads right and commit"
        return stripped, f"{lead}the file is UTF-8 but for {_stray(text)}"
    command, also = _legacy(data, text, stray, valid, (shown, template, stripped), before)
    return command, lead + also


def _legacy(
    data: bytes,
    text: str,
    stray: int,
    valid: int,
    names: tuple[str, _Temp, str],
    before: tuple[str, ...],
) -> tuple[str, str]:
    """`iconv` from Windows-1252 (else Latin-1); ``names``: the handoff, its new file's `mktemp`
    template and mode, the command that leaves out the bytes that are not UTF-8 instead; ``before``:
    the commands that leave out bytes first (`_iconv`)."""
    shown, template, stripped = names
    try:
        data.decode("cp1252")
        encoding, named = "CP1252", "Windows-1252"
    except UnicodeDecodeError:
        encoding, named = "LATIN1", "Latin-1"
    also = (
        f"this reads it as {named} text: check that its accents read right, then commit; if it "
        "is not text, replace it with a text handoff"
    )
    if valid:
        also = (
            f"this reads it as {named} text ({stray} bytes are not UTF-8): check that its "
            f"accents read right and put back the {valid} UTF-8 character(s) it garbles (the "
            f"first at {_first_valid(text)}), then commit; or, to keep those and leave out the "
            f"{stray} bytes instead: {stripped}"
        )
    return _iconv(f"-f {encoding}", b"", "latin-1", shown, template, before)[0], also


def _iconv(
    options: str, data: bytes, codec: str, shown: str, template: _Temp, before: tuple[str, ...] = ()
) -> tuple[str, int]:
    """The command that converts the handoff ``shown`` with `iconv` ``options`` (`_rewrite`,
    ``template`` its new file's name and mode), its bytes piped through the commands ``before``
    first (`tail`, `tr`); and how many bytes at the end of ``data`` (what those commands leave; a
    character in ``codec`` cut off) it leaves out then."""
    cut = _cut(data, codec)
    stages = [
        *before,
        *([f"head -c {len(data) - cut}"] if cut else []),
        f"iconv {options} -t UTF-8",
    ]
    first = f"{stages[0]} < {shown}" if stages[0].startswith("tr ") else f"{stages[0]} {shown}"
    return _rewrite(" | ".join([first, *stages[1:]]), shown, template), cut


def _rewrite(source: str, shown: str, temp: _Temp) -> str:
    """The command that puts what ``source`` prints in place of the handoff ``shown`` only when
    ``source`` worked, by way of a new file made by `mktemp` (never a file of the user's) that
    is written, then given the handoff's mode (`chmod`: written after, so that a read-only
    handoff's mode does not keep the pipeline out), then moved over it in one step (a full disk
    never leaves it half written), or removed when anything failed."""
    return (
        f't=$(mktemp {temp.template}) && {{ {source} > "$t" && chmod {temp.mode:04o} -- "$t" && '
        f'mv -f -- "$t" {shown} || {{ rm -f -- "$t"; false; }}; }}'
    )


def _cut(data: bytes, codec: str) -> int:
    """How many bytes at the end of ``data`` start a character of ``codec`` they do not end."""
    decoder = codecs.getincrementaldecoder(codec)("replace")
    decoder.decode(data, final=False)
    return len(decoder.getstate()[0])


def _cut_note(cut: int) -> str:
    return (
        f"its last character is cut off ({cut} byte(s) at the end): this leaves those out; "
        if cut
        else ""
    )


def _python_codec(codec: str) -> str:
    """Python's name of the `iconv` encoding ``codec`` (``UTF-16LE``: ``utf-16-le``)."""
    return codec.lower().replace("le", "-le").replace("be", "-be")


def _wide(data: bytes) -> str | None:
    """The `iconv` name of the UTF-16 or UTF-32 encoding of ``data``: by its byte order mark
    (``UTF-16``, which reads the mark and leaves it out), else by `wide_codec`
    (``UTF-16LE``...); ``None`` for text in neither."""
    for mark, codec in BOM_CODECS[1:]:
        if data.startswith(mark):
            return codec[:6].upper()
    found = wide_codec(data)
    return None if found is None else found.upper().replace("-LE", "LE").replace("-BE", "BE")


def _stray(text: str) -> str:
    """Where the bytes that are not UTF-8 are in ``text`` (decoded with each such byte as a
    surrogate escape), and what to do there."""
    places: list[str] = []
    count = 0
    for number, line in enumerate(text.split("\n"), 1):
        for column, char in enumerate(line, 1):
            if "\udc80" <= char <= "\udcff":
                count += 1
                if len(places) < _PLACES:
                    places.append(f"0x{ord(char) - 0xDC00:02x} at line {number} column {column}")
    more = f" and {count - len(places)} more" if count > len(places) else ""
    return (
        f"{'; '.join(places)}{more}: this leaves out only those bytes; then check those lines "
        "read right (put back any character meant there) and commit"
    )


def _first_valid(text: str) -> str:
    """Where the first UTF-8 character past ASCII is in ``text`` (decoded as in `_stray`)."""
    for number, line in enumerate(text.split("\n"), 1):
        for column, char in enumerate(line, 1):
            if char > "\x7f" and not "\udc80" <= char <= "\udcff":
                return f"line {number} column {column}"
    return "no place"
