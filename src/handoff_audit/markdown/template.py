"""Is a hand-written handoff still a template?

**placeholders**: the lines of a template nobody filled in (`[2-3 sentences describing current
progress]`, `YYYY-MM-DD`, `~XX% complete`, `<branch-name>`, `{{next_step}}`, `TBD`, an empty
`- [ ]`, a blank `- Branch:`). A file made mostly of them is a template: it says nothing, however
complete its headings look. **is_placeholder_text**: a block made only of them, which says
nothing whatever heading it sits under.

Cheap, language-independent where it can be (brackets, dates, checkboxes), and reads the text
line by line outside code blocks (``prose``). Never raises, whatever the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from handoff_audit.markdown.prose import (
    BARE_LABEL,
    DATED,
    FENCE,
    placeholder_in,
    prose_lines,
    records_session,
    short,
)

_EMPTY_ITEM = re.compile(
    r"^(\s*)(?:[-*+]|\d+[.)])(?:\s+(?:\*\*)?[^:\uff1a\n]{1,50}[:\uff1a](?:\*\*)?)?\s*$"
)
"""A list item with nothing in it, or only a label ("- Branch:"): a field left blank."""


@dataclass(frozen=True, slots=True)
class Placeholder:
    """One line of a template left as it was."""

    line: int
    """1-based line."""
    what: str
    """What was recognised (``a date to fill in``, ``a [bracketed] placeholder``, ...)."""
    text: str
    """The line, shortened."""


_NO_VALUE = re.compile(r"^\s*(?:(?:[-*+]|\d+[.)])\s*)?(?:\[ \]\s*)?$")
"""A line that holds nothing: blank, a bare list marker, an empty checkbox."""


def _unfilled_label(line: str, raw: list[str], number: int) -> bool:
    """A bare label line (``raw[number - 1]``) with no value before the next label or heading
    ("STATUS:" over a blank line and "PROJECT:"): a form's field left blank. A label over a
    list or text heads them."""
    if not BARE_LABEL.match(line):
        return False
    after = next((raw[i] for i in range(number, len(raw)) if not _NO_VALUE.match(raw[i])), "")
    return not after or bool(BARE_LABEL.match(after) or _HEADING.match(after))


def _blank_field(line: str, following: str) -> bool:
    """``- Branch:`` (or a bare ``-``) with no deeper list or text under it."""
    match = _EMPTY_ITEM.match(line)
    if match is None:
        return False
    indent = len(match.group(1))
    deeper = following.strip() and len(following) - len(following.lstrip()) > indent
    # "1. Rebuild and test:" over a fenced block: the block is the item's value
    return not deeper and not FENCE.match(following)


MIN_PLACEHOLDERS = 3
"""A template has at least this many placeholder lines ..."""
MIN_SHARE = 0.25
"""... and they are at least this share of its prose lines."""


HEAD_LINES = 8
"""... or this many of its first prose lines (the header's date, branch, author) hold them."""


UNDATED_SHARE = 0.15
"""... or this share, in a file with no real date and no ticked box (nothing was ever done)."""
_SAMPLE_PATH = re.compile(r"(?<![\w/])path/to/\w")
"""A sample path (``path/to/file1.h``): a template's slot for the files to name."""


_DONE_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]\s*\S")
"""A list item ticked off, with what was done."""


_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(\S.*)")
_FILLED = re.compile(r"\S[:：]\s*(?:\S+(?:\s+\S+){2,}|\S*[/._`]\S*)")
"""A heading that is a label with its value ("Status: all three parsers merged", "Target:
src/app.py"), not a blank to fill ("Step 1: Setup")."""
MIN_FORM_SECTIONS = 4
"""A form has at least this many sections with no section under them ..."""
FORM_EMPTY_SHARE = 0.75
"""... and at least this share of them has nothing written under its heading."""


def _sections(text: str) -> list[tuple[int, int, str, bool]]:
    """Each heading outside code blocks under the title: its line, level, text and whether
    anything is written under it before the next heading (a fenced block counts; a bare
    ``-`` or a rule does not)."""
    found: list[tuple[int, int, str, bool]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        heading = None if fenced or FENCE.match(line) else _HEADING.match(line)
        if heading is not None:
            title = heading.group(2)
            # "# File target: scripts/build.py" is a field filled in on its heading line
            found.append((number, len(heading.group(1)), title, _FILLED.search(title) is not None))
        elif found and (fenced or not set(line.strip()) <= set("-=*_+| ")):
            found[-1] = (*found[-1][:3], True)
    return found[1:]


def _empty_form(text: str) -> list[Placeholder]:
    """The headings of a form nobody filled in: ``MIN_FORM_SECTIONS`` or more sections with
    none under them, ``FORM_EMPTY_SHARE`` of them with nothing written; ``[]`` otherwise."""
    sections = _sections(text)
    leaves = [
        (number, title, said)
        for index, (number, level, title, said) in enumerate(sections)
        if index + 1 == len(sections) or sections[index + 1][1] <= level
    ]
    empty = [Placeholder(n, "an empty section", short(t)) for n, t, said in leaves if not said]
    if len(leaves) < MIN_FORM_SECTIONS or len(empty) < FORM_EMPTY_SHARE * len(leaves):
        return []
    return empty


def _placeholder_lines(text: str) -> list[Placeholder]:
    """Every line of ``text`` that reads as a template's placeholder, template or not."""
    prose = prose_lines(text)
    raw = text.splitlines()
    found = []
    previous = ""
    for number, line in prose:
        following = raw[number] if number < len(raw) else ""
        blank = _blank_field(line, following) or _unfilled_label(line, raw, number)
        what = "a blank field" if blank else placeholder_in(line)
        if what is None and _SAMPLE_PATH.search(line):
            what = "a sample path"
        if what is None:
            what = _slot(line, previous)
        previous = line
        if what is not None:
            found.append(Placeholder(number, what, short(line.strip())))
    return found


def written_sections(text: str) -> list[int]:
    """The heading lines of the sections of ``text`` with something written under them that
    is no placeholder: what a fix must keep (never write such a file anew)."""
    blanks = {place.line for place in _placeholder_lines(text)}
    sections = _sections(text)

    def home(line: int) -> int:
        return max((number for number, *_ in sections if number < line), default=0)

    written = {
        home(n) for n, line in prose_lines(text) if n not in blanks and not _NO_VALUE.match(line)
    }
    blank_homes = {home(n) for n in blanks}
    # a section with only a code block under it says something too
    written |= {n for n, _, _, said in sections if said and n not in blank_homes}
    return sorted(written - {0})


_TEMPLATE_HEADING = re.compile(
    r"(?i)(?<!\w)(?:template|plantilla|modelo|vorlage|modèle|modello|шаблон)(?!\w)|模板|テンプレート"
)
"""A heading over the entry to copy ("Entry template", "Plantilla de entrada")."""
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
_PREAMBLE_LINES = 3
"""An empty log says what its entries hold in at most this many lines before its sections."""


def _empty_log(text: str) -> list[Placeholder]:
    """The blanks of a log with no entry yet: outside code blocks only its title, a short
    preamble, headings, rules and comments ("<!-- Add entries below -->"), and under a heading
    naming a template a fenced block, the entry to copy, with blanks in it (its headings read
    as lines: "### YYYY-MM-DD — [Agent]"); ``[]`` otherwise."""
    sections = _sections(text)
    if not sections:
        return []
    first = sections[0][0]
    prose = [(n, line) for n, line in prose_lines(text) if not _COMMENT.match(line)]
    if any(n > first for n, _ in prose) or len(prose) > _PREAMBLE_LINES:
        return []
    raw = text.splitlines()
    for index, (number, _level, title, said) in enumerate(sections):
        if not said or not _TEMPLATE_HEADING.search(title):
            continue
        end = sections[index + 1][0] - 1 if index + 1 < len(sections) else len(raw)
        body = ["" if FENCE.match(line) else _HEADING.sub(r"\2", line) for line in raw[number:end]]
        found = _placeholder_lines("\n".join(body))
        if found:
            return [Placeholder(number + place.line, place.what, place.text) for place in found]
    return []


def placeholders(text: str) -> list[Placeholder]:
    """The placeholder lines of ``text`` when it is still a template; ``[]`` when it is not."""
    if empty_log := _empty_log(text):
        return empty_log
    prose = prose_lines(text)
    found = _placeholder_lines(text)
    if sum(1 for _, line in prose if _DONE_ITEM.match(line)) >= len(found):
        return _empty_form(text)  # more items ticked off than blanks: a checklist kept
    head_end = prose[min(HEAD_LINES, len(prose)) - 1][0] if prose else 0
    in_head = sum(1 for place in found if place.line <= head_end)
    undated = len(found) >= UNDATED_SHARE * len(prose) and not DATED.search(text)
    if len(found) < MIN_PLACEHOLDERS or (
        len(found) < MIN_SHARE * len(prose)
        and in_head < MIN_PLACEHOLDERS
        and not (undated and not records_session(prose))
    ):
        return _empty_form(text)
    if _sections_blanks(text, found):
        return _empty_form(text)  # those sections' blanks (md-incomplete names each), not a form
    return found


MIN_FILLED_SIBLINGS = 2
"""Blanks confined to some sections are those sections' own, not a template's, when at least
this many other sections of the file have something written under them ..."""


def _sections_blanks(text: str, found: list[Placeholder]) -> bool:
    """True when every placeholder of ``found`` lies under a heading (none in the file's head),
    and the sections with something written under them, none of the placeholders' sections,
    number at least ``MIN_FILLED_SIBLINGS`` and more than the placeholders' sections: a written
    file with "## Next steps" and "## Decisions" left as empty ``- [ ]``."""
    sections = _sections(text)
    homes = {max((n for n, *_ in sections if n < place.line), default=0) for place in found}
    if not homes or 0 in homes:
        return False
    leaves = [
        (number, said)
        for index, (number, level, _title, said) in enumerate(sections)
        if index + 1 == len(sections) or sections[index + 1][1] <= level
    ]
    written = sum(1 for number, said in leaves if said and number not in homes)
    return written >= MIN_FILLED_SIBLINGS and written > len(homes)


_SLOT_ITEM = re.compile(
    r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s*)?\W{0,2}([^\W\d]+)\s?(\d{1,2})\W{0,2}$"
)
"""A list item that is only a word and a number ("- [ ] Requirement 1", "- Goal 2")."""
_OWN_NAME = re.compile(
    r"^\W{0,4}([A-Za-z][\w-]{1,30})\W{0,4}[:：]\W{0,4}([A-Z][A-Z_]{1,30})\W{0,2}$"
)
"""A field whose value is its own label in capitals ("agent: AGENT", "**Slug**: SLUG")."""


def _slot(line: str, previous: str) -> str | None:
    """A template's slot read from shape: the item after "Goal 1" that is "Goal 2", or a field
    that repeats its own name in capitals as its value."""
    own = _OWN_NAME.match(line)
    if own is not None and own.group(1).upper().replace("-", "_") == own.group(2):
        return "a field naming itself"
    this, before = _SLOT_ITEM.match(line), _SLOT_ITEM.match(previous)
    if (
        this is not None
        and before is not None
        and this.group(1).casefold() == before.group(1).casefold()
        and int(this.group(2)) == int(before.group(2)) + 1
    ):
        return "a numbered slot"
    return None


def is_placeholder_text(block: str) -> bool:
    """True when every line of ``block`` is a template's placeholder (for facet reading: such
    a block says nothing, whatever heading it sits under)."""
    lines = [line for line in block.splitlines() if line.strip()]
    return bool(lines) and all(placeholder_in(line) is not None for line in lines)


__all__ = ["Placeholder", "is_placeholder_text", "placeholders", "written_sections"]
