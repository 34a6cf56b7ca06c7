"""A file name as a reader sees it, which the merge gate's ``block-files`` and ``packets`` globs
match: ``HANDOFF.md `` (a trailing space), ``HAND\u041eFF.md`` (a Cyrillic O) and
``\uff28ANDOFF.md`` (a fullwidth H) all read as ``HANDOFF.md`` on GitHub and in a file list.

`seen_name` drops the characters that show nothing (`controls.visible`) and the bytes that are
no UTF-8 (``HANDOFF.md\\x80``), takes each character's
compatibility form (NFKD: fullwidth letters, the one-dot leader ``\u2024`` as ``.``), drops
combining marks (``HANDOFF.md\u0301``), maps the letters that look like Latin ones to them
(`LATIN`: the Cyrillic, Greek, Armenian and Cherokee letters drawn alike in common fonts, the
Latin small capitals, and every other letter Unicode's confusables list (UTS #39) draws as one
Latin letter, Lisu, Coptic, Canadian syllabics, Tifinagh and more; no symbol or digit but the
dots drawn as ``.``, a Lisu tone dot ``\ua4f8``, an Arabic-Indic zero), and trims whitespace
(no-break spaces too) and trailing dots at the ends of each path segment. A name in another script
that looks like no Latin name (``\u041f\u0415\u0420\u0415\u0414\u0410\u0427\u0410.md``)
keeps its own letters, so it matches no glob of Latin names. Linear in the path's length.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

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
# The other letters Unicode's confusables.txt (security mechanisms, UTS #39) lists as drawn like
# one Latin letter (a stroke like I or l taken as I), its dots taken as ".": those NFKD leaves.
_CONFUSABLE = (
    "\u054fS \u0561w \u0563q \u0566q \u057cn \u10e7y \u10ffo \u1200U \u12d0O \u0d20o"
    " \u101do \u0b20O \ua6dfV \u16b7X \u16c1I \u16d5K \u16d6M"
    " \u13bdY \u13d2R \u13d4W \u13d5S \u13e7d \u13f3G \uab75i \uab81r \uab83w \uab93z"
    " \uaba9v \uabaas \uabafc"
    " \u142fV \u144cU \u146dP \u146fd \u1472b \u148dJ \u14aaL \u1541x \u157cH \u157dx"
    " \u1587R \u15afb \u15b4F \u15c5A \u15deD \u15eaD \u15f0M \u15f7B"
    " \u2c85r \u2c8eH \u2c92I \u2c94K \u2c98M \u2c9aN \u2c9eO \u2c9fo \u2ca2P \u2ca3p"
    " \u2ca4C \u2ca5c \u2ca6T \u2ca8Y \u2cacX \u2cd0L"
    " \u042cb \u0433r \u0461w \u0474V \u0475v \u04aeY \u04afy \u04bbh \u04bde \u04c0I"
    " \u04cfi \u050cG \ua647i"
    " \u037fJ \u03b1a \u03b3y \u03b9i \u03c1p \u03c3o \u03c5u \u03dcF \u03f3j \u03faM"
    " \u1d26r"
    " \u0131i \u0184b \u018dg \u0196I \u01a6R \u01bds \u01c0I \u0251a \u0261g \u0263y"
    " \u0269i \u026fw \u028bu \u1d11o \u1d83g \u1d8cy \u1e9df \u1effy \ua798F \ua799f"
    " \ua79fu \ua7b2J \ua7b3X \ua7b4B \uab32e \uab35f \uab3do \uab47r \uab48r \uab4eu"
    " \uab52u \uab5ay"
    " \ua4d0B \ua4d1P \ua4d2d \ua4d3D \ua4d4T \ua4d6G \ua4d7K \ua4d9J \ua4daC \ua4dcZ"
    " \ua4ddF \ua4dfM \ua4e0N \ua4e1L \ua4e2S \ua4e3R \ua4e6V \ua4e7H \ua4eaW \ua4ebX"
    " \ua4ecY \ua4eeA \ua4f0E \ua4f2I \ua4f3O \ua4f4U"
    " \u2d38V \u2d39E \u2d4fI \u2d54O \u2d55Q \u2d5dX"
    " \ua4f8. \ua60e. \u0660. \u06f0. \u0702. \U00010a50."
)
_CONFUSABLE += " \U00011706v \U0001170aw \U0001170ew \U0001170fw"  # Ahom
_CONFUSABLE += " \U000102a0A \U000102a1B \U000102a2C \U000102a5F \U000102abO \U000102b0M"
_CONFUSABLE += " \U000102b1T \U000102b2Y \U000102b4X \U000102cfH"  # Carian
_CONFUSABLE += " \U00010404O \U00010415C \U0001041bL \U00010420S \U0001042co \U0001043dc"
_CONFUSABLE += " \U00010448s"  # Deseret
_CONFUSABLE += " \U00010513N \U00010516O \U00010518K \U0001051cC \U0001051dV \U00010525F"
_CONFUSABLE += " \U00010526L \U00010527X"  # Elbasan
_CONFUSABLE += " \U00010282B \U00010286E \U00010287F \U0001028aI \U00010290X \U00010292O"
_CONFUSABLE += " \U00010295P \U00010296S \U00010297T"  # Lycian
_CONFUSABLE += " \U00016f08V \U00016f0aT \U00016f16L \U00016f28I \U00016f35R \U00016f3aS"
_CONFUSABLE += " \U00016f40A \U00016f42U \U00016f43Y"  # Miao
_CONFUSABLE += (
    " \U00010301B \U00010302C \U00010309I \U00010311M \U00010315T \U00010317X"  # Old Italic
)
_CONFUSABLE += " \U000104b4R \U000104c2O \U000104ceU \U000104eao \U000104f6u"  # Osage
_CONFUSABLE += " \U000118a0V \U000118a2F \U000118a3L \U000118a4Y \U000118a6E \U000118a9Z"
_CONFUSABLE += " \U000118aeE \U000118b2L \U000118b5O \U000118b8U \U000118bcT \U000118c0v"
_CONFUSABLE += " \U000118c1s \U000118c2F \U000118c3i \U000118c4z \U000118c8o \U000118d7o"
_CONFUSABLE += " \U000118d8u \U000118dcy"  # Warang Citi
_TABLES = (_CYRILLIC, _GREEK, _ARMENIAN, _CHEROKEE, _SMALL_CAPITALS, _CONFUSABLE)
LATIN = {ord(pair[0]): pair[1] for pair in " ".join(_TABLES).split()}
"""Cyrillic, Greek, Armenian and Cherokee letters drawn as a Latin letter is, the Latin small
capitals (``\u029cANDOFF.md``), and the other letters and dots Unicode lists as confusable with
one (``HANDO\u03dc\u03dc.md``, a Greek digamma; ``\ua4e7\ua4ee\ua4e0\ua4d3\ua4f3\ua4dd\ua4dd.md``,
Lisu; a Coptic O; ``HANDOFF\ua4f8md``, a Lisu tone dot), mapped to it."""


_ODD_PARTS = ("*[! -~]*", " *", "* ", "*.")
ODD_NAMES = tuple(f"**/{part}{end}" for part in _ODD_PARTS for end in ("", "/**"))
"""Globs of the paths `seen_name` may read as others: a name or a folder's holding a character
beyond printable ASCII (a zero-width space, a Cyrillic O), starting or ending with a space, or
ending with a dot. The merge gate lists them with the ``block-files`` globs."""


def seen_name(path: str) -> str:
    """``path`` (segments split by ``/``) as a reader sees it; ``path`` itself when nothing in
    it reads as another character (speed: most paths, with one scan)."""
    if not path.isascii():
        return "/".join(map(_seen_segment, path.split("/")))
    if not _MAY_READ_AS_OTHER.search(path):
        return path
    return "/".join(_trimmed(part) for part in path.split("/"))


@lru_cache(maxsize=4096)
def _seen_segment(part: str) -> str:
    """One segment of a path as a reader sees it; the folders of a long history's paths repeat.
    A segment may read as several (a fullwidth solidus reads as ``/``)."""
    if part.isascii():
        return _trimmed(part)
    text = unicodedata.normalize("NFKD", _without_bytes(controls.visible(part)))
    text = "".join(char for char in text if not unicodedata.combining(char))
    text = unicodedata.normalize("NFC", text).translate(LATIN)
    return "/".join(_trimmed(piece) for piece in text.split("/"))


def _without_bytes(text: str) -> str:
    """``text`` without the bytes of its name that are no UTF-8 (``HANDOFF.md\\x80``, read by
    git as Python's surrogateescape does, U+DC80-U+DCFF), which a reader sees as one ``\ufffd``
    or nothing: the name is read as what is left, blocked as ``HANDOFF.md`` is."""
    return text.translate(_BYTES)


_BYTES = dict.fromkeys(range(0xDC80, 0xDD00))


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
