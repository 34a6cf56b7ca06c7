"""A file name as a reader sees it, which the merge gate's ``block-files`` and ``packets`` globs
match: ``HANDOFF.md `` (a trailing space), ``HAND\u041eFF.md`` (a Cyrillic O) and
``\uff28ANDOFF.md`` (a fullwidth H) all read as ``HANDOFF.md`` on GitHub and in a file list.

`seen_name` drops the characters that show nothing (`controls.visible`), takes each character's
compatibility form (NFKD: fullwidth letters, the one-dot leader ``\u2024`` as ``.``), drops
combining marks (``HANDOFF.md\u0301``), maps the Cyrillic, Greek, Armenian and Cherokee
letters that look like Latin ones, and the Latin small capitals, to them (`LATIN`: only those
drawn alike in common fonts, not every confusable Unicode lists), and trims whitespace (no-break
spaces too) and trailing dots at the ends of each path segment. A name in another script
that looks like no Latin name (``\u041f\u0415\u0420\u0415\u0414\u0410\u0427\u0410.md``)
keeps its own letters, so it matches no glob of Latin names. Linear in the path's length.
"""

from __future__ import annotations

import re
import unicodedata

from handoff_audit import controls

_MAY_READ_AS_OTHER = re.compile(r"\s|\.(?:/|$)")
"""What makes an ASCII path read as another: whitespace anywhere (a trailing tab or carriage
return a reader does not see; one inside a segment is kept), a dot ending a segment."""

_CYRILLIC = (
    "\u0410A \u0412B \u0415E \u041aK \u041cM \u041dH \u041eO \u0420P \u0421C \u0422T \u0423Y"
)
_CYRILLIC += " \u0425X \u0405S \u0406I \u0408J \u0430a \u0435e \u043eo \u0440p \u0441c \u0443y"
_CYRILLIC += " \u0445x \u0455s \u0456i \u0458j \u0501d \u051aQ \u051bq \u051cW \u051dw"
_GREEK = "\u0391A \u0392B \u0395E \u0396Z \u0397H \u0399I \u039aK \u039cM \u039dN \u039fO \u03a1P"
_GREEK += " \u03a4T \u03a5Y \u03a7X \u03bfo \u03bdv"
_ARMENIAN = "\u0555O \u0585o \u054dU \u057du \u0570h \u0578n \u0581g \u0584f"
_CHEROKEE = "\u13a0D \u13a1R \u13a2T \u13a5i \u13a9Y \u13aaA \u13abJ \u13acE \u13b3W \u13b7M"
_CHEROKEE += " \u13bbH \u13c0G \u13c2h \u13c3Z \u13cfb \u13d9V \u13daS \u13deL \u13dfC \u13e2P"
_CHEROKEE += " \u13e6K \u13f4B"
_SMALL_CAPITALS = "\u1d00A \u0299B \u1d04C \u1d05D \u1d07E \ua730F \u0262G \u029cH \u026aI \u1d0aJ"
_SMALL_CAPITALS += (
    " \u1d0bK \u029fL \u1d0dM \u0274N \u1d0fO \u1d18P \u0280R \ua731S \u1d1bT \u1d1cU"
)
_SMALL_CAPITALS += " \u1d20V \u1d21W \u028fY \u1d22Z"
LATIN = {
    ord(pair[0]): pair[1]
    for pair in f"{_CYRILLIC} {_GREEK} {_ARMENIAN} {_CHEROKEE} {_SMALL_CAPITALS}".split()
}
"""Cyrillic, Greek, Armenian and Cherokee letters drawn as a Latin letter is, and the Latin
small capitals (``\u029cANDOFF.md``), mapped to it."""


_ODD_PARTS = ("*[! -~]*", " *", "* ", "*.")
ODD_NAMES = tuple(f"**/{part}{end}" for part in _ODD_PARTS for end in ("", "/**"))
"""Globs of the paths `seen_name` may read as others: a name or a folder's holding a character
beyond printable ASCII (a zero-width space, a Cyrillic O), starting or ending with a space, or
ending with a dot. The merge gate lists them with the ``block-files`` globs."""


def seen_name(path: str) -> str:
    """``path`` (segments split by ``/``) as a reader sees it; ``path`` itself when nothing in
    it reads as another character (speed: most paths, with one scan)."""
    text = path
    if not text.isascii():
        text = unicodedata.normalize("NFKD", controls.visible(text))
        text = "".join(char for char in text if not unicodedata.combining(char))
        text = unicodedata.normalize("NFC", text).translate(LATIN)
    elif not _MAY_READ_AS_OTHER.search(text):
        return path
    return "/".join(_trimmed(part) for part in text.split("/"))


def _trimmed(part: str) -> str:
    """A path segment without whitespace at its ends and dots at its end (``HANDOFF.md. ``);
    the segment as it is when nothing else is left of it."""
    end = len(part)
    while end and (part[end - 1] == "." or part[end - 1].isspace()):
        end -= 1  # one pass: stripping spaces and dots in turn copied the segment each time
    return part[:end].lstrip() or part


def hides_characters(path: str) -> bool:
    """Whether a reader misses characters of ``path``: ones that show nothing, or whitespace at
    an end of a segment (``docs /HANDOFF.md``). An accent (``español``) is seen."""
    return controls.visible(path) != path or any(part != part.strip() for part in path.split("/"))


def shown(path: str) -> str:
    """``path`` on one line with every character that reads as another or as nothing shown
    as an escape (``HAND\\u041eFF.md``, ``HANDOFF.md\\u00a0``, ``.handoff\\u0020/x.json``):
    the name `seen_name` reads differently, made plain."""
    parts = controls.formats_shown(path).split("/")
    return "/".join(_shown_part(part) for part in parts)


def _shown_part(part: str) -> str:
    start = len(part) - len(part.lstrip())
    end = len(part.rstrip())
    return "".join(
        _escape(char) if not start <= at < end or _reads_as_other(char) else char
        for at, char in enumerate(part)
    )


def _reads_as_other(char: str) -> bool:
    return not char.isascii() and seen_name(f"x{char}x") != f"x{char}x"


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
