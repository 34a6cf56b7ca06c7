"""The one reading of a value that stands in for a step, shared by a handoff.json packet's
fields (the `placeholder` rule, `new`, `update`) and a HANDOFF.md's sections (`md-incomplete`,
`placeholder`), so both judge the same text alike.

**bare_value**: the value without its list marker, empty checkbox and the marks wrapped around
all of it (emphasis, code, strike-through, brackets, parentheses, quotes, guillemets).
**is_blank**: a template's blank once bare ("TODO", `` `TBD` ``, "(TODO)", "«TODO»", "...").
**says_no_step**: a value that says there is no step ("None", "Nothing to do.", "No next step.",
"None at this time.")."""

from __future__ import annotations

import re

_MARKER = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[ \]\s*)?")
"""A list marker and an empty checkbox before the value ("- [ ] ")."""
_WRAPPED = re.compile(
    r"^(?:(?P<mark>\*\*|__|~~|[*_`~])\s*(?P<a>.*?)\s*(?P=mark)"
    r"|\[\s*(?P<b>.*?)\s*\]|\(\s*(?P<c>.*?)\s*\)|«\s*(?P<d>.*?)\s*»|‹\s*(?P<e>.*?)\s*›"
    r"|\"\s*(?P<f>.*?)\s*\"|'\s*(?P<g>.*?)\s*'|“\s*(?P<h>.*?)\s*”|‘\s*(?P<i>.*?)\s*’"
    r"|„\s*(?P<j>.*?)\s*“)[.!:;]*$",
    re.DOTALL,
)
"""Marks around a whole value (``**TODO**``, `` `TODO` ``, ``[TODO]``, ``(TODO)``, ``«TODO»``,
``"TBD"``): they leave a blank a blank."""
_BLANK = re.compile(
    r"^(?:(?:TODO|TBD|TBA|FIXME|XXX)\b[\s.!:;-]*|[-—–_.…?\s]+|<[^<>\n]*>\W*)$",
    re.IGNORECASE,
)
"""What a template leaves where a value goes ("TODO", "TBD.", "...", "-", "???", "<next step>")."""
NO_STEP = (
    r"(?:none|nothing|n/?a|no(?:ne)? so far|nothing yet"
    r"|no (?:outstanding|further|remaining|open|pending) (?:[a-z-]+ ){0,2}(?:follow-?ups?|tasks?|"
    r"items?|work|actions?|steps?|changes?)\b.*"
    r"|no (?:more |other )?(?:next )?(?:steps?|actions?|tasks?|work|follow-?ups?)"
    r"|nothing(?: (?:left|more|else|further|pending|outstanding))?(?: (?:to do|to be done))?"
    r"|无|暂无|なし|없음|aucune?|ninguno|keine|nenhum|nenhuma|nada|niente|nessun[oa]|rien|ничего"
    r"|нет|geen|ingen|brak|yok|không có"
    r"|(?:none|nothing)\s*[—–:;]\s.*)"
    r"(?:\s+[a-z]+(?:ed|ing))?"
    r"(?:\s+(?:currently|for now|at the moment|yet|right now|at present|at this (?:time|point|"
    r"stage)|for the moment|so far))?"
)
"""A value that says there is no step ("None", "None currently", "Nothing queued", "Nothing to
do", "No next step", "None at this time", "None — both fixes verified live"): the one word
after it is a bare participle, not an object, and what follows a dash or colon says why."""
_NO_STEP = re.compile(rf"^[\W_]*{NO_STEP}[\W_]*$", re.IGNORECASE)


def bare_value(text: str) -> str:
    """``text`` without its list marker, empty checkbox and every mark wrapped around it all."""
    bare = text.strip()
    bare = bare[_MARKER.match(bare).end() :]  # type: ignore[union-attr]  # it matches ""
    while (wrapped := _WRAPPED.match(bare)) is not None:
        bare = next(inner for inner in wrapped.groups()[1:] if inner is not None).strip()
    return bare


def is_blank(text: str) -> bool:
    """True for text that is blank, or a template's blank once bare ("`TODO`", "(TBD)")."""
    bare = bare_value(text)
    return not bare or _BLANK.match(bare) is not None


def says_no_step(text: str) -> bool:
    """True for text that says there is no step ("Nothing to do.", "_None at this time._")."""
    return _NO_STEP.match(bare_value(text)) is not None


__all__ = ["NO_STEP", "bare_value", "is_blank", "says_no_step"]
