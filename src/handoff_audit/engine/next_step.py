"""A hand-written handoff's next step as the brief quotes it: where `md-incomplete` finds one,
the line itself (with the lines it wraps onto) when it says what to do, or the lines under it
when it is a heading or a label ("## Immediate Next Steps", a "Next steps" underlined, "**Next
steps**", "Next steps:"): a heading names a section, never the step, so its words are not
quoted (but a step's: "### 1. Delete these files", "## Next: fix log rotation"); under a
heading whose first line is a state ("Current branch: `main`"), a "**Next:** …" line further
down is. A place in a section headed as history ("## Historical log", "## Done", not "## Done /
Next") is passed over for one that says "next" itself. A heading with nothing
but a template's blanks under it names no step: the brief says so instead of quoting the
heading as the next action. The text is read as the judgement reads it (`markdown.long_lines`:
each line up to 16,384 characters, a long file at its head and its tail), so a crafted 1 MiB
file costs `show` and the session-start hook what a prose file does, and the step quoted is one
`md-incomplete` could find.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from handoff_audit.credentials import show
from handoff_audit.engine.day_sessions import done_later, latest_session, logged_step, recorded
from handoff_audit.engine.step_sections import NAMES_NEXT, set_aside
from handoff_audit.markdown.content_cues import IMPERATIVE, LABEL
from handoff_audit.markdown.currency import entry_date, shipped_entry
from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.labels import label_lines, says_nothing
from handoff_audit.markdown.long_lines import readable_lines
from handoff_audit.markdown.open_headings import under_headings
from handoff_audit.markdown.outline import front_matter_as_lines
from handoff_audit.markdown.prose import FENCE
from handoff_audit.markdown.steps import RECORDING, finished_item
from handoff_audit.textcut import shorten

if TYPE_CHECKING:
    from handoff_audit.markdown.facets import Evidence

NEXT_LINES = 12
"""The most lines of a next-step section the brief puts first."""
EARLIER = "Steps written here before (delete those done):"
"""The line the Stop hook's in-place refresh writes over the steps a next-step section held
before the new one (`authoring.markdown_fixes`): what follows it is kept for the agent to
delete those done, not the next step, and the brief quotes none of it."""

_ATX = re.compile(r"^\s{0,3}(#{1,6})\s")
_SETEXT_LINE = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")
_BOLD_ONLY = re.compile(r"^\s{0,3}(\*\*|__)[^*_]+\1\s*[:：]?\s*$")
_BARE_LABEL = re.compile(r"^\s{0,3}(?:\*\*|__)?[^:：*_]{1,60}[:：](?:\*\*|__)?\s*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_RULE = re.compile(r"^\s*(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
"""A thematic break ("---", "***", "___"): it closes what the section says."""
_ITEM_LEAD = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[ \]\s+)?")
"""A list item's marker, a number or a bullet, and its unticked box ("- [ ] ")."""
_BULLET_LEAD = re.compile(r"^\s*[-*+]\s")
_NEXT_LABEL = re.compile(
    r"(?i)^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)?\s*(?:up\s+)?next"
    r"(?:\s+(?:steps?|actions?|tasks?|up))?\s*(?:\*\*|__)?\s*[:：]"
)
"""A line that starts with a next-step label ("**Next: choose from Someday.**", "- Next: …")."""
_NEXT_ONLY = re.compile(r"(?i)^(?:\*\*|__)?next\s*(?:\*\*|__)?\s*[:：]")
_NUMBERED = re.compile(r"(?i)^(?:step\s*)?\d+[.):]\s")
"""A heading numbered as a step ("1. Delete these unnecessary files"): it says the step."""
_BOLD_LEAD = re.compile(r"^\s*(?:\*\*|__)[^*_]+(?:\*\*|__)")
"""A line that starts in bold ("**Known dirty files:** …"): a new paragraph's own label."""
_ENDS_SENTENCE = re.compile(r"[.!?:;。！？：；]\W*$")
_LABEL_LEAD = re.compile(
    r"^\s*(?:\*\*|__)?[^\s:：*_|<>][^:：*_|<>]{0,40}?(?:\*\*|__)?\s*[:：](?!//)"
)
"""A line that starts with its own label ("Branch: feat/gbp", "**Tests:** 42 pass")."""
_GOES_ON = "([{—–-&+,;`'\"…（「『【"
"""Marks a line that goes on a sentence can start with: a bracket, a dash, a quote."""
_WRAP_WIDTH = 60
_BOLD_LABEL = re.compile(r"^\s*(\*\*|__)[^*_]+?(?:[:：]\1|\1\s*[:：])")
"""A line that starts with a bold label ("**Tests:** 42 pass", "**Status**: paused")."""
_CELLS = re.compile(r"\S\s+\|\s+\S")
"""A table's row without its outer pipes ("What? | Who? | Deadline")."""
"""A line this long that stops mid-sentence was wrapped: the next goes on, capitals or not."""
_HISTORY = re.compile(
    r"(?i)(?<!\w)(?:historical|history|log|archived?|changelog|(?<!be\s)(?<!not\s)(?<!get\s)"
    r"(?<!yet\s)(?:done|completed)|historie|verlauf|erledigt|archiv|protokoll|historial|"
    r"histórico|historique|terminé|completado|concluído|hotovo|история|архив|выполнено|сделано)"
    r"(?!\w)|历史|已完成|归档|履歴|完了"
)
"""A heading over a record of past work ("## Historical C4 R1 delta", "## Done", "## Log")."""


@dataclass(frozen=True, slots=True)
class NextStep:
    """What a hand-written handoff says to do first."""

    text: str | None
    """The step as the brief quotes it, before any cut (the lines under a heading, never its
    title but a step's); ``None`` for none."""
    bare: tuple[int, str] | None = None
    """A next-step heading or label with nothing to do under it: its line and its words."""
    unclear: str | None = None
    """Why no step is quoted though the handoff names one, said after its path: the newest
    next-step item of a list kept as a log is reported done by a later item."""


def next_step(text: str) -> NextStep:
    """The next step of ``text`` as `md-incomplete` finds it, in the text as it reads it
    (`readable_lines`), without the next-step label it opens on; ``NextStep(None)`` for
    none."""
    step = _found_step(text)
    return replace(step, text=_unlabelled(step.text)) if step.text else step


def _unlabelled(text: str) -> str:
    """``text`` without the label its first line opens on when the reading takes that label for
    a next step's (`label_lines`: "NEXT: add cube()", "**Next step:** …", "TODO: …"): the brief
    already calls it the next action. An item quoted alone loses its bullet ("- Tests
    schreiben.": the brief's line is no list) and, with its label, its number ("6. Next: run
    the migration"); one that a list goes on after keeps both."""
    first, *rest = text.split("\n", 1)
    marker = _ITEM_LEAD.match(first)
    if marker is not None:
        if any(_LIST_ITEM.match(each) for each in "".join(rest).splitlines()):
            return text
        if _BULLET_LEAD.match(first):
            text = "\n".join([first[marker.end() :], *rest])
        first = first[marker.end() :]
    label = LABEL.match(first)
    if (
        label is None
        or not label.group(2)
        or [f for f, *_ in label_lines(1, first, None)] != ["next"]
    ):
        return text
    said = label.group(2).rstrip()
    lead = first[: label.start(2)]
    for mark in ("**", "__"):  # "**Next: choose from Someday.** …": the label's bold ends later
        if lead.count(mark) % 2 and mark in said:
            said = said.replace(mark, "", 1).rstrip()
    return "\n".join([said, *rest]) if said else text


def step_line(text: str) -> int | None:
    """The line (1-based) of ``text`` that `show` and the SessionStart brief quote its next step
    from, or ``None`` for none: the one choice of section the Stop hook's in-place refresh
    writes under too (`authoring.markdown_fixes.next_headings`), so the next brief quotes the
    step the agent wrote."""
    chosen = _chosen(readable_lines(text))
    return None if isinstance(chosen, NextStep) else chosen[1].line


def step_heading(line: str) -> bool:
    """``line`` is a subheading that says a step itself ("### 1. Add the tests"): the Stop
    hook's refresh writes its new step under the section over it, since `show` quotes such a
    heading's words with what is under it, the new step after an old one's title."""
    atx = _ATX.match(line)
    return atx is not None and _titles_a_step(line[atx.end() :].strip())


def label_lead(lines: list[str], line: int) -> str | None:
    """What the Stop hook's refresh keeps of line ``line`` (1-based) of ``lines``, a step `show`
    quotes from outside any next-step heading, to write the new step after in its place: the
    label it opens on ("**Next:** ", "- TODO: "), else its list marker, else nothing; ``None``
    for a label alone on its line ("**Next steps:**" over a list): the step goes under it."""
    text = lines[line - 1]
    if _only_a_label(text, lines[line] if line < len(lines) else ""):
        return None
    marker = _ITEM_LEAD.match(text)
    start = marker.end() if marker is not None else 0
    label = LABEL.match(text[start:])
    lead = text[: start + label.start(2)] if label and label.group(2) else text[:start]
    for mark in ("**", "__"):  # "**Next: choose from Someday.**": its bold closes after the step
        if lead.count(mark) % 2:
            lead = lead.replace(mark, "", 1)
    return lead


def _found_step(text: str) -> NextStep:
    """The next step of ``text`` as `md-incomplete` finds it, as written."""
    chosen = _chosen(readable_lines(text))
    if isinstance(chosen, NextStep):
        return chosen
    lines, first = chosen
    lines = _unquoted(lines, first.line - 1)
    line = lines[first.line - 1]
    atx = _ATX.match(line)
    if atx is not None:
        level, title = len(atx.group(1)), line[atx.end() :].strip()
        heads = first.how == "heading" or _BARE_LABEL.match(title) is not None
    elif _only_a_label(line, lines[first.line] if first.line < len(lines) else ""):
        level, title, heads = 0, _label_words(line), True
    else:
        return NextStep(_paragraph(lines, first.line - 1) or None)
    finished: list[int] = []
    body = _from_next_label(_under(lines, first.line, level, len(lines), finished))
    if body and not all(says_nothing(each) for each in body):
        said = [title, *body] if _titles_a_step(title) else body
        return NextStep("\n".join(said[: NEXT_LINES - 1]))
    if finished:
        return NextStep(None)  # only finished work there: no step to quote
    if heads:
        return NextStep(None, (first.line, shorten(_label_words(title), 80)))
    return NextStep(title or None)


def _chosen(text: str) -> tuple[list[str], Evidence] | NextStep:
    """The lines of ``text`` as the reading saw them and the place its next step is quoted
    from, or the `NextStep` to say when none is."""
    # start-up: markdown-it loads only for a hand-written handoff
    from handoff_audit.markdown.facets import read

    reading = read(text)
    lines = front_matter_as_lines(text).splitlines()  # as the reading saw them
    found = _not_kept_earlier(reading.found.get("next", []), lines)
    found = _outside_history(found, lines)
    aside = set_aside(lines, (place.line for place in found))
    found = [place for place in found if place.line not in aside]
    found = _in_newest_entry(_no_shipped(found, lines), reading.entries, lines)
    found = _next_section_first(_says_next_first(_no_built_parts(found, lines), lines), lines)
    found = _no_known_gaps(found, lines)
    if not found and (blank := reading.blank_next) is not None:
        # "## Next step" over only "- [ ]" or "TBD": `md-incomplete` names it, so does the brief
        return NextStep(None, (blank.line, shorten(blank.how.lstrip("#").strip(), 80)))
    if not found or all(_finished(lines[place.line - 1]) for place in found):
        return NextStep(None)
    first = _newest_repeat([p for p in found if not _finished(lines[p.line - 1])], lines)
    if first.how == "label" and _NEXT_LABEL.match(lines[first.line - 1]):
        labels = [
            p.line for p in found if p.how == "label" and _NEXT_LABEL.match(lines[p.line - 1])
        ]
        first = replace(first, line=logged_step(first.line, labels, lines))
        if (done := done_later(first.line, lines)) is not None:
            return NextStep(None, unclear=_done_said(lines, first.line, done))
    entries = reading.entries
    ascending = entries[0][0] > min(a for a, _ in entries[1]) if entries and entries[1] else None
    latest = latest_session(first.line, lines, ascending)
    if latest is None:
        return NextStep(None)  # which of the day's sessions is the latest, nothing settles
    return lines, replace(first, line=latest) if latest != first.line else first


_DONE_MARK = re.compile(
    r"(?i)[—–:(\[-]\s*(?:done|completed?|finished|shipped|merged|erledigt)\b\W*$|✅\W*$"
)
"""A heading's closing mark that its work is done ("### Priority 1: Migrate — DONE ✓")."""


def _finished(line: str) -> bool:
    """``line`` is an item or a heading that records finished work: struck through or said
    resolved (`finished_item`: "### ~~Priority 0: Rebuild AFI~~ — DONE ✓"), or a heading
    closing on a done mark; the heading's words may name a step ("Priority 0") all the same."""
    atx = _ATX.match(line)
    if atx is None:
        return finished_item(line)
    words = line[atx.end() :].strip().rstrip("#").strip()
    return finished_item(words) or _DONE_MARK.search(words) is not None


def _done_said(lines: list[str], line: int, done: int) -> str:
    """What the brief says of a log's newest next-step item, at line ``line``, that the item at
    line ``done`` reports done."""
    step, report = (show(shorten(lines[at - 1].strip(), 80)) for at in (line, done))
    return (
        f"goes on as a log and its newest next step, line {line} ({step}), is reported done at "
        f"line {done} ({report}): which step is next is unclear, so none is quoted; add the "
        'next step as a new "Next:" item at the end of the list'
    )


_QUOTED = re.compile(r"^\s{0,3}> ?")


def _unquoted(lines: list[str], index: int) -> list[str]:
    """``lines`` with the blockquote around line ``index`` (0-based) read without its ``>``
    marks, when that line is in one ("> **What's left to do:**" over "> 1. …"): its label and
    the list under it are read as outside a quote, up to the quote's end."""
    if not _QUOTED.match(lines[index]):
        return lines
    start = index
    while start > 0 and _QUOTED.match(lines[start - 1]):
        start -= 1
    end = index
    while end + 1 < len(lines) and _QUOTED.match(lines[end + 1]):
        end += 1
    inside = [_QUOTED.sub("", each, count=1) for each in lines[start : end + 1]]
    return [*lines[:start], *inside]


def _titles_a_step(title: str) -> bool:
    """A heading that says the step itself: numbered ("### 1. Delete these files") or after a
    bare "Next:" ("## Next: fix log rotation", where "Next steps: previous ones closed" names
    the section). A numbered section's name ("## 6. Suggested Next Steps", "## 7. 当前待办事项")
    says no step: it names what the lines under it hold."""
    label = _NEXT_ONLY.match(title)
    number = _NUMBERED.match(title)
    if number is not None:
        words = title[number.end() :].strip("*_ ")
        return heading_facet(words) != "next" or IMPERATIVE.match(words) is not None
    return bool(label and title[label.end() :].strip("*_ "))


def _in_newest_entry(
    found: list[Evidence],
    entries: tuple[tuple[int, int], list[tuple[int, int]]] | None,
    lines: list[str],
) -> list[Evidence]:
    """Of the places found, a next-step heading or label outside the log's entries ("## Start
    here next session" over a "## Historical session log"), else those in a dated log's newest
    entry, else those outside its older entries (a "Next TODOs" list between them), else all: a
    log's older entries record steps it has moved past, whichever end its newest entry is at.
    An entry of the newest entry's date (the day's earlier sessions) is one of the log's
    entries too, never outside them: its "Fix needed (next session)" is what the newest entry
    may have done."""
    if entries is None:
        return found
    (first, end), older = entries
    spans = [(first, end), *older, *_same_date(lines, first)]
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
    if not current and (same := _same_date(lines, first)):
        # never past the day's other sessions into an older date's step
        return _day_step(lines, (first, end), min(same, key=lambda span: abs(span[0] - first)))
    return current or found


def _day_step(lines: list[str], newest: tuple[int, int], beside: tuple[int, int]) -> list[Evidence]:
    """The places of the step of the entry ``beside`` (first line, end) of the newest entry's
    date, as `md-incomplete` would find them in it alone, unless the ``newest`` entry records
    that step as done: none then."""
    from handoff_audit.markdown.facets import read  # start-up: as in `next_step`

    start, end = beside
    found = read("\n".join(lines[start - 1 : min(end, len(lines) + 1) - 1])).found["next"]
    places = [replace(each, line=each.line + start - 1) for each in found]
    if places and recorded(lines, newest, places[0].line):
        return []
    return places


def _same_date(lines: list[str], first: int) -> list[tuple[int, int]]:
    """The line ranges (first, end) of the entries beside the newest one, whose heading starts
    line ``first``, that carry its date (`currency.entry_date`): headings of its level, each
    up to the next heading of that level or above; none when its heading has no date."""
    atx = _ATX.match(lines[first - 1]) if 0 < first <= len(lines) else None
    date = entry_date(lines[first - 1][atx.end() :]) if atx is not None else None
    if atx is None or date is None:
        return []
    level = len(atx.group(1))
    starts: list[int] = []
    bounds: list[int] = []
    fenced = False
    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else _ATX.match(line)
        if heading is None or len(heading.group(1)) > level:
            continue
        bounds.append(number)
        same = len(heading.group(1)) == level and entry_date(line[heading.end() :]) == date
        if same and number != first:
            starts.append(number)
    return [(start, next((b for b in bounds if b > start), 1 << 30)) for start in starts]


_SAYS_NEXT = re.compile(r"(?<!\d\s)(?:" + NAMES_NEXT + ")", re.IGNORECASE)
"""A heading that says it holds the next step ("▶ Next action", "Следующие шаги"), but not a
count's "next" ("6 next to rule"), a name ("Next.js 15 Patterns") nor a later stage's ("Next
after Recipes: planning wizard", what comes once the step before it is done)."""


def _says_next_first(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found from the first heading that says "next", when the first place is a
    heading or a numbered list that does not ("How to resume", "Current tasks" over "Next
    steps", a protocol's "2. build a private sibling stage;"): the author's own next-step
    section or "Next: …" line is the step, a reading list, a task list or a procedure before it
    is not."""
    if (
        not found
        or found[0].how not in ("heading", "ordered steps")
        or _SAYS_NEXT.search(_heading_words(lines[found[0].line - 1]))
    ):
        return found
    # a heading numbered as a step ("### Step 1: Apply the change") yields only to a heading
    step = found[0].how == "heading" and _NUMBERED.match(_heading_words(lines[found[0].line - 1]))
    for index, each in enumerate(found):
        if (each.how == "heading" or not step) and _says_next(each, lines):
            return found[index:]
    return found


_GAPS = re.compile(
    r"(?i)\b(?:known\s+(?:limitations?|issues?|bugs?|gaps?|problems?)|limitations?|caveats?|"
    r"(?:incomplete|missing|unfinished)\s+features?)\b"
)
"""A heading over what the work lacks ("## Known Limitations / Incomplete Features")."""


def _no_known_gaps(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found but a heading over known limitations or gaps that says no "next"
    (`_GAPS`), when a heading or label is left ("## v1.1 Roadmap — Suggested Priorities"): a
    list of what is missing records the state, the priorities say what to do first."""
    kept = [
        each
        for each in found
        if each.how != "heading"
        or _SAYS_NEXT.search(words := _heading_words(lines[each.line - 1]))
        or not _GAPS.search(words)
    ]
    return kept if any(each.how in ("heading", "label") for each in kept) else found


def _no_built_parts(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found but a numbered heading ("### 6. Job Queue (BullMQ)") in a section
    headed as a record of the work (`heading_facet` "state": "## What Was Built") that says no
    "next" itself: a part of what was built, never the step, when any other place is left."""
    kept = []
    for each in found:
        words = _heading_words(lines[each.line - 1]) if each.how == "heading" else ""
        parent = _parent_heading(lines, each.line) if _NUMBERED.match(words) else None
        if parent and heading_facet(parent) == "state" and not _SAYS_NEXT.search(words + parent):
            continue
        kept.append(each)
    return kept or found


def _next_section_first(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found from the first heading in a section headed as the next one ("##
    Recommendations for Next Phase" over "### High Priority"), or saying "next" itself, when
    the first place does neither ("**Recommended Fix:**" under a known issue)."""
    if not found or _says_next(found[0], lines) or _in_next_section(found[0], lines):
        return found
    for index, each in enumerate(found):
        if each.how == "heading" and (_says_next(each, lines) or _in_next_section(each, lines)):
            return found[index:]
    return found


def _in_next_section(place: Evidence, lines: list[str]) -> bool:
    parent = _parent_heading(lines, place.line)
    return parent is not None and _SAYS_NEXT.search(parent) is not None


def _parent_heading(lines: list[str], line: int) -> str | None:
    """The words of the heading over line ``line``'s section (1-based): the nearest heading
    above it of a lower level than its own, any level for a line that is no heading; a ``#``
    inside a fenced block is code."""
    own = _ATX.match(lines[line - 1])
    level = len(own.group(1)) if own else 7
    open_headings: dict[int, str] = {}
    fenced = False
    for text in lines[: line - 1]:
        if FENCE.match(text):
            fenced = not fenced
        atx = None if fenced else _ATX.match(text)
        if atx is not None:
            depth = len(atx.group(1))
            open_headings = {k: v for k, v in open_headings.items() if k < depth}
            open_headings[depth] = text[atx.end() :].strip().strip("#").strip()
    above = [depth for depth in open_headings if depth < level]
    return open_headings[max(above)] if above else None


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


def _under(
    lines: list[str],
    start: int,
    level: int,
    most: int = NEXT_LINES - 1,
    finished: list[int] | None = None,
) -> list[str]:
    """The non-blank lines after line ``start`` (1-based) up to the next heading of ``level``
    or higher (any heading after a label: ``level`` 0), or a subheading over a record ("### 当該
    セッション中の主な成果", what the session achieved), at most ``most``, a line wrapped
    mid-sentence joined to the next (`_wraps_on`); a ``#`` inside a fenced block is code, not a
    heading. An item struck through or said resolved (`finished_item`) is left out with its
    further lines, their indexes put in ``finished``."""
    body: list[str] = []
    fenced = joins = False
    skipped: int | None = None  # the indent of the finished item being left out
    for index in range(start, len(lines)):
        line = lines[index]
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (
            _heading_at(lines, index, level)
            or _record_under(lines[index])
            or (index > start and _thematic_break(lines[index - 1], line))
        ):
            break
        if not fenced and line.strip() == EARLIER:
            if body:
                break  # the steps the refresh kept below the new ones
            continue  # none written above it: the steps kept are the current ones
        if index == start and _SETEXT_LINE.match(line):
            continue  # the underline of the label's own heading
        indent = len(line) - len(line.lstrip())
        if skipped is not None and (not line.strip() or indent > skipped):
            continue
        skipped = indent if finished is not None and finished_item(line) else None
        if skipped is not None:
            joins = False
            if finished is not None:
                finished.append(index)
            continue
        if joins and _continues(lines[index - 1], line):
            body[-1] = f"{body[-1]} {line.strip()}"
        elif line.strip():
            if len(body) == most:
                break
            body.append(line.strip())
        joins = not fenced and not FENCE.match(line) and _wraps_on(body[-1] if body else "", line)
    return body


def _thematic_break(above: str, line: str) -> bool:
    """``line`` is a thematic break, not the underline of a heading: "***", "- - -", or "---"
    after a blank line or a list item, where no paragraph goes on to be underlined."""
    if not _RULE.match(line):
        return False
    return not _SETEXT_LINE.match(line) or not above.strip() or bool(_LIST_ITEM.match(above))


def _wraps_on(said: str, line: str) -> bool:
    """``line``, the last one of ``said``, stops mid-sentence: the next line may continue it."""
    return bool(line.strip()) and not _ENDS_SENTENCE.search(said)


def _continues(above: str, line: str) -> bool:
    """``line`` goes on the sentence ``above`` stopped in: it starts lower-case, with a digit or
    a continuing mark ("(the half-even rule)", "**not** expose"), or in capitals after a line as
    long as a hard wrap's but for a label ("Branch: feat/gbp"); never a bold label ("**Tests:**
    …"), a list item, a heading, a comment, a table or a quote, each a line of its own."""
    stripped = line.strip()
    if (
        not stripped
        or _LIST_ITEM.match(line)
        or _ATX.match(line)
        or FENCE.match(line)
        or _SETEXT_LINE.match(line)
        or stripped[0] in "|><"
        or _BOLD_LABEL.match(line)
        or _CELLS.search(line)
        or _CELLS.search(above)
    ):
        return False
    first = stripped.lstrip("*_")[:1]
    if first.islower() or first.isdigit() or (first and first in _GOES_ON):
        return True
    return len(above.strip()) >= _WRAP_WIDTH and not _LABEL_LEAD.match(line)


def _paragraph(lines: list[str], index: int) -> str:
    """Line ``index`` (0-based) and the lines it wraps onto mid-sentence."""
    said = lines[index].strip()
    for above, line in zip(lines[index:], lines[index + 1 :], strict=False):
        if _ENDS_SENTENCE.search(said) or not _continues(above, line):
            break
        said = f"{said} {line.strip()}"
    return said


def _from_next_label(body: list[str]) -> list[str]:
    """``body`` from its next-step line ("**Next: choose from Someday.** …") or from under its
    next-step label or subheading ("**Immediate next actions:**", "### Priority queue for next
    session") up to the next bold label or heading, when its first line is no step
    ("**Current branch: `main`**"); else ``body`` itself."""
    if not body or _NEXT_LABEL.match(body[0]) or not _states(body[0]):
        return _past_preface(body)
    start = next((i for i, line in enumerate(body) if _leads_to_next(line)), None)
    if start is None:
        return _past_preface(body)
    if not _NEXT_LABEL.match(body[start]) and start + 1 < len(body):
        start += 1  # a label or a subheading: the step is under it
    rest = body[start + 1 :]
    end = next(
        (i for i, line in enumerate(rest) if _BOLD_LEAD.match(line) or _ATX.match(line)), len(rest)
    )
    return body[start : start + 1 + end]


def _states(line: str) -> bool:
    """``line`` opens on a label ("**Current branch: `main`**", "Tests: 42 pass", quoted or
    not): a state, where a sentence ("Run the migration on staging.") or a list item is the
    step itself."""
    line = _QUOTED.sub("", line, count=1)
    return not _LIST_ITEM.match(line) and bool(_BOLD_LEAD.match(line) or _LABEL_LEAD.match(line))


_BOLD_SENTENCE = re.compile(r"^\s*(\*\*|__)[^*_]+[.!]\1")
"""A paragraph's bold opening sentence ("**Working model (not a loop).** …")."""


_ESTIMATE = re.compile(
    r"(?i)^\s*(?:\*\*|__)?\s*(?:estimated\s+(?:time|effort|duration)|(?:time\s+)?estimate|"
    r"effort|duration|eta|geschätzte\s+zeit|aufwand|temps\s+estimé|tiempo\s+estimado|"
    r"所要時間|見積もり?|工数|预计时间|预估时间|예상\s*시간)\s*(?:\*\*|__)?\s*[:：]"
)
"""A line that says how long the step takes ("**Estimated Time:** 30-45 minutes"), not what."""


def _past_preface(body: list[str]) -> list[str]:
    """``body`` from its first line after the preface it opens on, when more follows: a quote
    that lists nothing ("> **Staleness rule:** if older than 48 hours treat it as stale") or a
    paragraph opening on a bold sentence that orders nothing ("**Working model (not a loop).**
    One session drives …") or lines saying how long it takes ("**Estimated Time:** 30-45
    minutes"), which say how to read the section, not what to do."""
    quoted = next((i for i, line in enumerate(body) if not _QUOTED.match(line)), len(body))
    if any(_LIST_ITEM.match(_QUOTED.sub("", line, count=1)) for line in body[:quoted]):
        return body
    start = quoted if quoted < len(body) else 0
    while start < len(body) - 1 and _ESTIMATE.match(body[start]):
        start += 1
    if start < len(body) - 1 and _BOLD_SENTENCE.match(body[start]):
        start += not IMPERATIVE.match(body[start])
    return body[start:]


def _leads_to_next(line: str) -> bool:
    """``line`` says the next step, or heads it as a label or a subheading that says "next"."""
    if _NEXT_LABEL.match(line):
        return True
    atx = _ATX.match(line)
    words = line[atx.end() :] if atx else line
    # a list item ending on a colon ("2. If desired, focus next on:") is a step, not a label
    item = _LIST_ITEM.match(line) is not None
    labels = atx is not None or bool(
        _BOLD_ONLY.match(line) or (_BARE_LABEL.match(line) and not item)
    )
    return labels and _SAYS_NEXT.search(words) is not None


def _outside_history(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found but those under a heading over a record of past work (`_HISTORY`:
    "## Historical C4 R1 delta" over "- Next: …", a step it has moved past, but not "## Done /
    Next"), when one left says "next" itself: a "Next: …" in a log still beats a backlog's
    numbered list."""
    past = {number for number, over, _ in under_headings(lines, _over_history) if any(over)}
    kept = [each for each in found if each.line not in past]
    return kept if any(_says_next(each, lines) for each in kept) else found


def _over_history(words: str) -> bool:
    """A heading's words name a record of past work (`_HISTORY`) and do not say "next"."""
    return bool(_HISTORY.search(words) and not _SAYS_NEXT.search(words))


def _not_kept_earlier(found: list[Evidence], lines: list[str]) -> list[Evidence]:
    """The places found but those below an `EARLIER` line under a step written above it:
    steps the refresh kept under the new one ("**Next:** …" there is an older step, not the
    next). With nothing written above the line, the steps kept are the section's only ones."""
    kept: set[int] = set()
    below = newer = False
    for number, line in enumerate(lines, 1):
        if _ATX.match(line):
            below = newer = False
        elif line.strip() == EARLIER:
            below = newer
        elif not below:
            newer = newer or bool(line.strip())
        if below:
            kept.add(number)
    return [each for each in found if each.line not in kept]


def _says_next(place: Evidence, lines: list[str]) -> bool:
    """The line of ``place`` says "next" itself, as a label, a heading or a "Next: …" line."""
    line = lines[place.line - 1]
    heading = place.how == "heading" and _SAYS_NEXT.search(_heading_words(line)) is not None
    return heading or _leads_to_next(line)


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
