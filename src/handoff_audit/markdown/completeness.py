"""Does a hand-written handoff carry what the next session needs? Names each missing facet.

How each facet is recognised is in `handoff_audit.markdown.facets`. Severity follows the harm:
without a next step the file is a status report, not a handoff (an error); a missing state,
decision, dead end or pointer makes the next session slower, not lost (a warning). Measured on
real hand-written handoffs with bench/judgment.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from handoff_audit.markdown.facet_headings import FACETS
from handoff_audit.markdown.facets import Evidence, Reading, read
from handoff_audit.markdown.json_text import as_markdown
from handoff_audit.markdown.long_lines import (
    HEAD_LINES,
    LOG_LINES,
    MANY_LINES,
    readable_lines,
    unread_lines,
)
from handoff_audit.markdown.outline import outline
from handoff_audit.markdown.steps import filler_step, says_finished
from handoff_audit.model.series_names import name_says
from handoff_audit.textcut import shorten

_short = partial(shorten, limit=60, squeeze=True)

ERROR_FACETS = frozenset({"next"})
"""Facets whose absence is an error; the others are warnings."""

_MESSAGES = {
    "state": (
        'no state: found no "State"/"Summary"/"Done"/"Snapshot" section, no line saying what '
        'is true now ("tests pass", "currently …") and not two saying what was done ("Added '
        '…"); add a "## State" section'
    ),
    "next": (
        'no next step: found no "Next steps"/"To do"/"Follow-ups"/"Remaining" section, '
        '"NEXT:" line, unchecked "- [ ]" item or ordered list of steps; add a "## Next step" '
        "section saying what to do first (without it this is a status report, not a handoff)"
    ),
    "decisions": (
        'no decisions with reasons: found no "Decisions"/"Rationale"/"Design" section, no '
        'choice with its reason in one sentence ("chose X because …", "use X so that …") and '
        'not two reasons ("because …"); add "## Key decisions", one "- choice — why" per '
        "decision that would surprise the next session"
    ),
    "ruled_out": (
        'nothing ruled out: found no "Ruled out"/"Tried"/"Gotchas"/"Lessons learned" section, '
        'no "tried"/"didn\'t work"/"rejected" line or "don\'t … — it broke …", and not two '
        '"instead of"/"don\'t"/"gotcha" lines; add "## Ruled out", one "- what — why not" '
        'per dead end or trap, or "None." if there was none'
    ),
    "pointers": (
        'no pointers: found no path, path:line, URL, commit id or test name, and no "Key '
        'files"/"References" section; add "## Pointers" with the files or links to read first'
    ),
}
_UNREASONED = (
    'decisions without reasons: the decisions section gives no "because"/"so that"/"— why"; '
    'write each as "- choice — why" so the next session does not undo it'
)

_UNCONFIRMED = (
    'no clear next step: found no "Next steps" section, "NEXT:" line or unchecked "- [ ]" '
    "item; the closest is line {line} ({text}): if that is what to do first, put it under "
    'a "## Next step" heading'
)

_UNQUOTED = (
    'no clear next step: found no "Next steps" section, "NEXT:" line or unchecked "- [ ]" '
    "item, and no line that reads as one but links or finished work; put what the next session "
    'should do first under a "## Next step" heading'
)

_UNCONFIRMED_PAST = (
    'no clear next step: the "{heading}" at line {at} holds no work to start, only a check to '
    'run, a wait, a hand-in or "none" ("{said}"); the closest to a step is line {line} ({text}): '
    'if that is what to do first, put it under the "{heading}" heading'
)

_UNCONFIRMED_IN = (
    'no clear next step: the "{heading}" at line {at} holds no work to start, only a check to '
    'run, a wait, a hand-in or "none" ("{said}"); line {line} ({text}) is under it but reads as '
    'one of those: write there the work itself first, what to build, change or fix ("Add …", '
    '"Fix …", "Continue …"), not a review, a check or a wait before it'
)

_CUT_NEXT = (
    "no next step in the lines read: lines {first:,}–{last:,} of {total:,} were not read "
    '({how}), and the rest has no "Next steps"/"To do"/"Follow-ups"/"Remaining" '
    'section, "NEXT:" line, unchecked "- [ ]" item or ordered list of steps; put the '
    '"## Next step" section {where} (or move the logs it holds to a file of their own)'
)
_CUT_NOTE = " (lines {first:,}–{last:,} of {total:,} were not read: {how})"


def _cut(unread: tuple[int, int, int], template: str) -> str:
    """``template`` filled in for a file read only in part (`long_lines.unread_lines`)."""
    first, last, total = unread
    if first > MANY_LINES:  # past LOG_LINES: the head alone
        how = f"a file past {LOG_LINES:,} lines is read at its first {MANY_LINES:,}"
        where = f"in its first {MANY_LINES:,} lines"
    else:
        how = (
            f"a file past {MANY_LINES:,} lines is read at its first {HEAD_LINES:,} "
            f"and its last {MANY_LINES - HEAD_LINES:,}"
        )
        where = "at the top or the bottom of the file"
    return template.format(first=first, last=last, total=total, how=how, where=where)


STEPLESS_NEXT = "no usable next step"
"""How the message on a next-step section that holds no step begins (the hook's fix edits that
section in place rather than adding another)."""
_STEPLESS = (
    STEPLESS_NEXT + ': the "{heading}" at line {line} holds no work to start, only a check to '
    'run, a wait, a hand-in or "none" ("{text}"); name there the work the next session should '
    "start (without it this is a status report, not a handoff)"
)

BLANK_NEXT = "no next step filled in"
"""How the message on a next-step section holding only placeholders begins (the hook's fix
edits that section in place rather than adding another)."""
_BLANK = (
    BLANK_NEXT + ': the "{heading}" section at line {line} {holds}; '
    "fill it in there with what the next session should do first (without it this is a status "
    "report, not a handoff)"
)

_BLANK_SECTION = (
    'no {facet} filled in: the "{heading}" section at line {line} holds only placeholders '
    '("{text}"); fill it in there'
)


_NAMES = {
    "state": "state",
    "next": "next step",
    "decisions": "decisions with reasons",
    "ruled_out": "approaches ruled out",
    "pointers": "pointers",
}
_TEMPLATE = (
    "no {facet}: the file is still a template (see the placeholder finding), so nothing it "
    "says counts yet; write this session's own in place of the blanks"
)


@dataclass(frozen=True, slots=True)
class MissingPart:
    """One facet a markdown-only handoff does not carry."""

    facet: str
    """``state``, ``next``, ``decisions``, ``ruled_out`` or ``pointers``."""
    line: int
    """Where to add it (the title, or the section that lacks reasons)."""
    message: str
    """What was looked for and how to add it, one line."""
    error: bool
    """True when the missing facet is an error (no next step), False for a warning."""
    finished: Evidence | None = None
    """For ``next``: the one item of the next-step section (its line, the section's heading, its
    text) when it says there is no step because the work is finished ("None: the work is
    finished.", `steps.says_finished`): the current file of a series may finish so
    (docs/lifecycle.md)."""


def missing_parts(text: str, *, template_line: int | None = None) -> list[MissingPart]:
    """Each facet of a good handoff that ``text`` lacks; ``[]`` when it has them all.

    With ``template_line`` (the file is still a template, its first blank on that line), every
    facet is missing: a form's "Next session should:" or file checklist is what the writer was
    to fill in, not what a session said."""
    if template_line is None:
        readable = readable_lines(text)
        return missing_in(read(readable), unread=unread_lines(text), text=readable)
    return [
        MissingPart(
            facet, template_line, _TEMPLATE.format(facet=_NAMES[facet]), facet in ERROR_FACETS
        )
        for facet in FACETS
    ]


def missing_in(
    reading: Reading, *, unread: tuple[int, int, int] | None = None, text: str = ""
) -> list[MissingPart]:
    """The missing facets of an already read handoff, in reading order; ``unread``: the lines
    the reading left out of a long file (`long_lines.unread_lines`), which the message on a
    missing next step names; ``text``: what was read, where a next step saying the work is
    finished is looked for."""
    found: list[MissingPart] = []
    filler = _fillers_only(reading, text)
    for facet in FACETS:
        if reading.has(facet) and not (facet == "next" and filler):
            continue
        line, message = reading.title_line, _MESSAGES[facet]
        if facet == "decisions" and reading.unreasoned_decisions is not None:
            line, message = reading.unreasoned_decisions, _UNREASONED
        candidate = reading.next_candidate if facet == "next" else None
        stepless = reading.stepless_next if facet == "next" else None
        if candidate is not None:
            message = _unconfirmed(candidate.quoted, stepless)
            message += _cut(unread, _CUT_NOTE) if unread is not None else ""
        elif stepless is not None:
            line = stepless.line
            message = _STEPLESS.format(heading=stepless.how, line=line, text=stepless.text)
        elif facet == "next" and (blank := reading.blank_next) is not None:
            line = blank.line
            holds = f'holds only placeholders ("{blank.text}")' if blank.text else "is empty"
            message = _BLANK.format(heading=blank.how, line=line, holds=holds)
        elif (blank_section := reading.blank_sections.get(facet)) is not None:
            line = blank_section.line
            message = _BLANK_SECTION.format(
                facet=_NAMES[facet], heading=blank_section.how, line=line, text=blank_section.text
            )
        elif facet == "next" and (said := filler or _filler_line(text)) is not None:
            line = said.line
            message = _FILLER.format(line=line, text=_short(said.text))
        elif facet == "next" and unread is not None:
            message = _cut(unread, _CUT_NEXT)
        finished = _finish_item(text, stepless) if stepless is not None else None
        error = facet in ERROR_FACETS and not candidate
        found.append(MissingPart(facet, line, message, error, finished))
    return found


def _unconfirmed(quoted: tuple[int, str] | None, stepless: Evidence | None) -> str:
    """The message on a next step the reading could not confirm, quoting the line closest to
    one (``quoted``), unless every such line is a link or a finished item."""
    if stepless is not None:  # a next-step heading there is, only with no step in it
        if quoted is None:
            return _STEPLESS.format(heading=stepless.how, line=stepless.line, text=stepless.text)
        line, text = quoted
        if " ".join(text.split()) == " ".join(stepless.text.split()):  # the section's own line
            return _UNCONFIRMED_IN.format(
                heading=stepless.how,
                at=stepless.line,
                said=stepless.text,
                line=line,
                text=_short(text),
            )
        return _UNCONFIRMED_PAST.format(
            heading=stepless.how, at=stepless.line, said=stepless.text, line=line, text=_short(text)
        )
    if quoted is None:
        return _UNQUOTED
    return _UNCONFIRMED.format(line=quoted[0], text=_short(quoted[1]))


_FILLER = (
    'no next step: line {line} ("{text}") holds only a placeholder, no step; write there what '
    "the next session should do first (without it this is a status report, not a handoff)"
)


def _filler(evidence: Evidence) -> bool:
    return evidence.how != "heading" and filler_step(evidence.text)


def _fillers_only(reading: Reading, text: str) -> Evidence | None:
    """The first next step the reading found when every one is only a filler word or mark
    (`steps.filler_step`: "NEXT: continue", "- [ ] x"), which is no step; a reading that stopped
    at the first is read again in full, for a real step after it."""
    places = reading.found.get("next") or []
    if not places or not all(map(_filler, places)):
        return None
    if text and not all(map(_filler, read(text, every=True).found.get("next") or [])):
        return None
    return places[0]


def _filler_line(text: str) -> Evidence | None:
    """The first ``NEXT:``/``TODO:`` line or unchecked box of ``text`` whose value is only a
    filler word (`steps.filler_step`), which the reading leaves out as no step."""
    for number, line in enumerate(text.splitlines(), 1):
        if filler_step(line, labelled=True):
            return Evidence(number, "label", line.strip())
    return None


def _finish_item(text: str, stepless: Evidence) -> Evidence | None:
    """The item of the next-step section ``stepless`` (`Reading.stepless_next`) when it is the
    section's only block and says no more than that the work is finished."""
    sections, _ = outline(as_markdown(text) or text)
    section = next((s for s in sections if s.line == stepless.line), None)
    if section is None or len(section.texts) != 1:
        return None
    line, item, code = section.texts[0]
    if code or not says_finished(item):
        return None
    return Evidence(line, stepless.how, _short(item.strip()))


_FINISHED = (
    'no next step, the work is finished: the handoff says so at line {line} ("{text}"); this '
    "file of a series stays as the record of that work, and the next session starts a new "
    "dated file in {folder}/ for work of its own"
)


_FINISHED_LIVE = (
    'no next step, the work is finished: the handoff says so at line {line} ("{text}"); this '
    "is the live file of its series, so the next session updates {path} in place for work of "
    "its own: its state and next step rewritten, no new file"
)


def finished_message(said: Evidence, path: str) -> str:
    """What `md-incomplete` says, as a note, of the current file of a series at ``path`` (from
    the repository's root) whose next step ``said`` says its work is finished
    (`MissingPart.finished`); of a live file (`name_says`: ``current-session.md``), which no
    dated file follows, that the next session updates it in place."""
    if name_says(path) == 1:
        return _FINISHED_LIVE.format(line=said.line, text=said.text, path=path)
    return _FINISHED.format(line=said.line, text=said.text, folder=path.rpartition("/")[0])


SHOWN_PER_FACET = 5
"""``explain --file`` shows this many places per facet, then counts the rest."""


def explain_facets(
    text: str,
    path: str,
    *,
    verdict: str | None = None,
    template_line: int | None = None,
    series: str | None = None,
) -> str:
    """Where each facet was found in ``text`` (line, what counted) or what was looked for.

    The same reading as the rule's, with every place collected; for `explain md-incomplete
    --file`. ``verdict`` is what `check` says of the file before its facets (a template, not a
    handoff), shown first; with ``template_line`` the file is still a template and, as in
    `missing_parts`, every facet is missing; ``series``: the file's path from the repository's
    root when it is the current file of a series, which may finish by saying so
    (`finished_message`). Returns the text, one trailing newline.
    """
    unread = unread_lines(text)
    text = readable_lines(text)
    reading = read(text, every=True)
    parts = (
        missing_in(reading, unread=unread, text=text)
        if template_line is None
        else missing_parts(text, template_line=template_line)
    )
    missing = {part.facet: part for part in parts}
    lines = [f"{path}: how md-incomplete reads it"]
    if verdict is not None:
        lines.append(f"  {verdict}")
    for facet in FACETS:
        part = missing.get(facet)
        if part is not None and part.finished is not None and series is not None:
            said = finished_message(part.finished, series)
            lines.append(f"  {facet}: NOT FOUND (note, line {part.finished.line}): {said}")
            continue
        if part is not None:
            level = "error" if part.error else "warning"
            lines.append(f"  {facet}: NOT FOUND ({level}, line {part.line}): {part.message}")
            continue
        places = reading.found[facet]
        lines.append(f"  {facet}: found ({len(places)} place{'s' if len(places) != 1 else ''})")
        for evidence in places[:SHOWN_PER_FACET]:
            lines.append(f"    line {evidence.line} ({evidence.how}): {evidence.text}")
        if len(places) > SHOWN_PER_FACET:
            lines.append(f"    … and {len(places) - SHOWN_PER_FACET} more")
    return "\n".join(lines) + "\n"


__all__ = [
    "BLANK_NEXT",
    "ERROR_FACETS",
    "STEPLESS_NEXT",
    "MissingPart",
    "explain_facets",
    "finished_message",
    "missing_in",
    "missing_parts",
]
