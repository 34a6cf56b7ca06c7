"""A hand-written handoff's next step as the brief quotes it: where `md-incomplete` finds one,
the line itself when it says what to do, or the lines under it when it is only a heading or a
label ("## Next steps", a "Next steps" underlined, "**Next steps**", "Next steps:"). A heading
with nothing but a template's blanks under it names no step: the brief says so instead of
quoting the heading as the next action. The text is read as the judgement reads it
(`markdown.long_lines`: each line up to 16,384 characters, a long file at its head and its
tail), so a crafted 1 MiB file costs `show` and the session-start hook what a prose file does,
and the step quoted is one `md-incomplete` could find.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from handoff_audit.markdown.currency import shipped_entry
from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.labels import says_nothing
from handoff_audit.markdown.long_lines import readable_lines
from handoff_audit.markdown.outline import front_matter_as_lines
from handoff_audit.markdown.prose import FENCE
from handoff_audit.markdown.steps import RECORDING
from handoff_audit.textcut import shorten

if TYPE_CHECKING:
    from handoff_audit.markdown.facets import Evidence

NEXT_LINES = 12
"""The most lines of a next-step section the brief puts first."""

_ATX = re.compile(r"^\s{0,3}(#{1,6})\s")
_SETEXT_LINE = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")
_BOLD_ONLY = re.compile(r"^\s{0,3}(\*\*|__)[^*_]+\1\s*[:：]?\s*$")
_BARE_LABEL = re.compile(r"^\s{0,3}(?:\*\*|__)?[^:：*_]{1,60}[:：](?:\*\*|__)?\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_ONLY_NEXT = re.compile(r"(?i)(?:the\s+)?next(?:\s+(?:steps?|actions?|tasks?))?")
"""A title that only says "next step": the brief's own "Next action:" says it already."""


@dataclass(frozen=True, slots=True)
class NextStep:
    """What a hand-written handoff says to do first."""

    text: str | None
    """The step as the brief quotes it, before any cut (a heading's title over its lines, but
    a title that only says "Next steps"); ``None`` for none."""
    bare: tuple[int, str] | None = None
    """A next-step heading or label with nothing to do under it: its line and its words."""


def next_step(text: str) -> NextStep:
    """The next step of ``text`` as `md-incomplete` finds it, in the text as it reads it
    (`readable_lines`); ``NextStep(None)`` for none."""
    # start-up: markdown-it loads only for a hand-written handoff
    from handoff_audit.markdown.facets import read

    text = readable_lines(text)
    reading = read(text)
    lines = front_matter_as_lines(text).splitlines()  # as the reading saw them
    found = _in_newest_entry(_no_shipped(reading.found.get("next", []), lines), reading.entries)
    found = _says_next_first(found, lines)
    if not found and (blank := reading.blank_next) is not None:
        # "## Next step" over only "- [ ]" or "TBD": `md-incomplete` names it, so does the brief
        return NextStep(None, (blank.line, shorten(blank.how.lstrip("#").strip(), 80)))
    if not found:
        return NextStep(None)
    first = _newest_repeat(found, lines)
    line = lines[first.line - 1]
    atx = _ATX.match(line)
    if atx is not None:
        level, title = len(atx.group(1)), line[atx.end() :].strip()
        heads = first.how == "heading" or _BARE_LABEL.match(title) is not None
    elif _only_a_label(line, lines[first.line] if first.line < len(lines) else ""):
        level, title, heads = 0, _label_words(line), True
    else:
        return NextStep(line.strip() or None)
    body = _under(lines, first.line, level)
    if body and not all(says_nothing(each) for each in body):
        said = _ONLY_NEXT.fullmatch(_label_words(title))
        return NextStep("\n".join(body if said else [title, *body]))
    if heads:
        return NextStep(None, (first.line, shorten(_label_words(title), 80)))
    return NextStep(title or None)


def _in_newest_entry(
    found: list[Evidence], entries: tuple[tuple[int, int], list[tuple[int, int]]] | None
) -> list[Evidence]:
    """Of the places found, a next-step heading or label outside the log's entries ("## Start
    here next session" over a "## Historical session log"), else those in a dated log's newest
    entry, else those outside its older entries (a "Next TODOs" list between them), else all: a
    log's older entries record steps it has moved past, whichever end its newest entry is at."""
    if entries is None:
        return found
    (first, end), older = entries
    spans = [(first, end), *older]
    explicit = [
        each
        for each in found
        if each.how in ("heading", "label") and not any(a <= each.line < b for a, b in spans)
    ]
    if explicit:
        return explicit
    newest = [each for each in found if first <= each.line < end]
    if newest:
        return newest
    current = [each for each in found if not any(a <= each.line < b for a, b in older)]
    return current or found


_SAYS_NEXT = re.compile(
    r"(?<!\w)(?:next|nächsten?|próxim[oa]s?|siguientes?|prochaines?|prossim[io]|"
    r"следующ\w*|дальнейш\w*)(?!\w)|下一步|次の|次に|다음",
    re.IGNORECASE,
)
"""A heading that says it holds the next step ("▶ Next action", "Следующие шаги")."""


def _says_next_first(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found from the first heading that says "next", when the first place is a
    heading that does not ("How to resume", "Current tasks" over "Next steps"): the author's
    own next-step section is the step, a reading list or a task list before it is not."""
    if (
        not found
        or found[0].how != "heading"
        or _SAYS_NEXT.search(_heading_words(lines[found[0].line - 1]))
    ):
        return found
    for index, each in enumerate(found):
        if each.how == "heading" and _SAYS_NEXT.search(_heading_words(lines[each.line - 1])):
            return found[index:]
    return found


def _no_shipped(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found but a dated log entry's own heading over what it shipped
    (`currency.shipped_entry`), when any other is left: that entry records finished work."""
    kept = []
    for each in found:
        atx = _ATX.match(lines[each.line - 1]) if each.how == "heading" else None
        if atx is not None:
            title = lines[each.line - 1][atx.end() :]
            if shipped_entry(title, _under(lines, each.line, len(atx.group(1)))):
                continue
        kept.append(each)
    return kept or found


def _newest_repeat(found: list[Evidence], lines: list[str]) -> Evidence:
    """The first place found, or, when its heading is repeated further down ("## Next step"
    again after "## Since then"), the last repeat: the handoff was brought up to date there."""
    first = found[0]
    if first.how != "heading":
        return first
    title = _heading_words(lines[first.line - 1])
    repeats = [e for e in found[1:] if e.how == "heading"]
    same = [e for e in repeats if _heading_words(lines[e.line - 1]) == title]
    return same[-1] if same else first


def _heading_words(line: str) -> str:
    atx = _ATX.match(line)
    return (line[atx.end() :] if atx else line).strip().strip("#").strip().casefold()


def _only_a_label(line: str, following: str) -> bool:
    """A line that heads the step instead of saying it: underlined as a heading, bold and
    nothing else, or a short label ending on its colon."""
    if not line.strip():
        return False
    setext = _SETEXT_LINE.match(following) is not None and not _ATX.match(line)
    return setext or bool(_BOLD_ONLY.match(line) or _BARE_LABEL.match(line))


def _label_words(line: str) -> str:
    """A label's words without its emphasis and colon ("**Next steps:**" -> "Next steps")."""
    return line.strip().strip("*_").strip().rstrip(":：").strip("*_ ")


def _under(lines: list[str], start: int, level: int) -> list[str]:
    """The non-blank lines after line ``start`` (1-based) up to the next heading of ``level``
    or higher (any heading after a label: ``level`` 0), or a subheading over a record ("### 当該
    セッション中の主な成果", what the session achieved), at most ``NEXT_LINES`` - 1; a ``#``
    inside a fenced block is code, not a heading."""
    body: list[str] = []
    fenced = False
    for index in range(start, len(lines)):
        line = lines[index]
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (_heading_at(lines, index, level) or _record_under(lines[index])):
            break
        if index == start and _SETEXT_LINE.match(line):
            continue  # the underline of the label's own heading
        if line.strip():
            body.append(line.strip())
        if len(body) == NEXT_LINES - 1:
            break
    return body


def _record_under(line: str) -> bool:
    """``line`` is a subheading that names a record (state, decisions, ideas …), no step."""
    atx = _ATX.match(line)
    return atx is not None and heading_facet(line[atx.end() :]) in RECORDING


def _heading_at(lines: list[str], index: int, level: int) -> bool:
    """Line ``index`` starts a heading that ends a section of ``level`` (0: any heading)."""
    atx = _ATX.match(lines[index])
    if atx is not None:
        return level == 0 or len(atx.group(1)) <= level
    underlined = index + 1 < len(lines) and _SETEXT_LINE.match(lines[index + 1]) is not None
    return level == 0 and underlined and not _LIST_ITEM.match(lines[index])
