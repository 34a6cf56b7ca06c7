"""Where a hand-written handoff says each thing the next session needs, read from its text.

Five facets: the **state** (what was done, what is true now), the **next** step, **decisions**
with their reasons, what was **ruled out** (tried, rejected, traps), and **pointers** (paths,
links, commits). Two signals count, like a careful reader's:

- a heading or a short ``Label:`` line that names the facet ("Follow-ups", "Design record",
  "Gotchas", "Key code waypoints", "Snapshot"), with something written under it; a paragraph
  that is only such a label ("**Design decisions (approved):**") heads the blocks after it, and
  a table with a "Why" or "Decision" column records decisions;
- the content anywhere: a path, ``path:line``, URL, commit id or test name is a pointer; a
  "NEXT:" line, an unchecked ``- [ ]`` item or "the next session should" is a next step; a choice
  with its reason in one sentence ("chose X because", "X — so that", "X — prevents Y") is a
  decision; "tried", "didn't work", "rejected", "don't X: it broke Y" is something ruled out;
  "tests pass", "currently" is state. Weak cues (a bare "because", "instead of", "gotcha",
  "don't X — why", a line starting "Added ...") count only when found in ``WEAK_NEEDED[facet]``
  separate blocks: one stray word is no facet, which is where a lenient reading went wrong on
  files it had not seen (over the labelled sets, one "gotcha" or "don't X — why" alone was a
  dead end for the readers less often than not).

The file is cut into sections by `markdown.outline` (markdown-it's block tokens only: headings,
list items, paragraphs, code, each with its lines); text inside a block is read with regular
expressions. That keeps a file well under a millisecond per kilobyte. Never raises, whatever
the text.

Which facet a heading names is `markdown.facet_headings` (its phrases are package data,
``markdown/cues/headings.json``); label lines and label paragraphs are read by `markdown.labels`;
the content cues are regular expressions built with code (`markdown.content_cues`).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field, replace
from functools import partial

from handoff_audit.markdown.content_cues import (
    CONTENT_CUES,
    IMPERATIVE,
    LABEL,
    NONE,
    REASON_IN_SECTION,
    WEAK_CUES,
    WEAK_NEEDED,
)
from handoff_audit.markdown.currency import (
    LOG_HEADING,
    declared_retired,
    log_entries,
    newest_entry,
    older_entries,
    unread_log_titles,
)
from handoff_audit.markdown.facet_headings import (
    FACETS,
    TICKED_AT_END,
    done_work_heading,
    heading_facet,
    plain_heading,
)
from handoff_audit.markdown.json_text import as_markdown
from handoff_audit.markdown.labels import (
    label_lines,
    label_paragraphs,
    line_at,
    says_nothing,
    stepless_next_labels,
    without_dead_steps,
)
from handoff_audit.markdown.outline import Section, outline
from handoff_audit.markdown.prose import (
    LIST_ITEM,
    MIN_STATE_REPORTS,
    order,
    prose_lines,
    reports_state,
)
from handoff_audit.markdown.steps import (
    QUESTION,
    RECORDING,
    Candidate,
    best_candidate,
    checks_first,
    crossed_off,
    names_work_later,
    no_usable_step,
    priority_step,
    says_none,
    waits_on_someone,
)
from handoff_audit.textcut import shorten

_short = partial(shorten, limit=80, squeeze=True)
"""Evidence is quoted on one line of at most 80 characters."""


@dataclass(frozen=True, slots=True)
class Evidence:
    """One place that counted for a facet."""

    line: int
    """1-based line."""
    how: str
    """What was recognised: ``heading``, ``label``, or the content cue's name."""
    text: str
    """The text that counted, shortened."""


@dataclass(slots=True)
class Reading:
    """What a handoff says, facet by facet."""

    found: dict[str, list[Evidence]] = field(default_factory=dict)
    """Facet -> every place that counted, in document order."""
    title_line: int = 1
    """The first heading's line (where a missing facet is reported), else 1."""
    unreasoned_decisions: int | None = None
    """The line of a decisions section with no reason anywhere, when there is one."""
    weak: dict[str, list[Evidence]] = field(default_factory=dict)
    """Facet -> places where only a weak cue counted (see ``WEAK_NEEDED``)."""
    next_candidate: Candidate | None = None
    """With no next step found: the block most shaped like one (see `markdown.steps`)."""
    stepless_next: Evidence | None = None
    """The first next-step heading that holds only what is no step (a check to run, a wait, a
    hand-in, "none"): its line, its heading as written and its first item, for the message."""
    blank_next: Evidence | None = None
    """The first next-step heading with nothing but a template's placeholders under it ("- [ ]",
    "TBD", "[describe …]", as the `placeholder` rule reads them): its line, its heading as
    written and its first placeholder, for the message."""
    blank_sections: dict[str, Evidence] = field(default_factory=dict)
    """Facet (other than ``next``) -> its first heading with nothing but placeholders under it
    ("## Decisions" over empty "- [ ]"), for the message."""
    labelled_step: Candidate | None = None
    """A next-step label in a script whose verbs the step reading does not know (``下一步：…``):
    a place to name when no step is found, not a step (it is as often stale as not)."""
    entries: tuple[tuple[int, int], list[tuple[int, int]]] | None = None
    """A log of dated entries: its newest entry's line range (first, end) and its older
    entries' (see `currency.log_entries`); ``None`` for no such log."""

    def has(self, facet: str) -> bool:
        """True when the facet was found anywhere."""
        return bool(self.found.get(facet))


def read(text: str, *, every: bool = False) -> Reading:
    """Where ``text`` says each facet. Never raises on any ``str``.

    By default a facet's content cues stop being looked for once it is found (speed); with
    ``every``, every place that counts is collected (for ``explain --file``)."""
    reading = Reading()
    text = as_markdown(text) or text
    sections, reading.title_line = outline(text)
    sections = unread_log_titles(sections)
    stepless: set[int] = set()
    for n, section in enumerate(sections):
        _judge_heading(section, reading, _ticked_below(sections, n))
        stepless.update(stepless_next_labels(section.texts))
        for line, facet, label in label_paragraphs(section.texts, section.facet):
            _add(reading, facet, Evidence(line, "label", _short(label)))
        _decision_table(section, reading)
    _empty_next(sections, reading)
    for section in sections:
        _judge_content(section, reading, every)
    for facet, places in reading.weak.items():
        if not reading.found.get(facet) and len(places) >= WEAK_NEEDED[facet]:
            reading.found[facet] = list(places)
    if not reading.found.get("state"):
        _state_reports(text, reading)
    reading.entries = log_entries(sections)
    if stale := older_entries(sections):
        _newest_only(text, stale, reading, every)
    newest = newest_entry(sections, [evidence.line for evidence in reading.found.get("next", ())])
    if newest is not None:
        older = reading.entries[1] if reading.entries is not None else []
        reading.found["next"] = _steps_from(text, newest, every, older)
    _drop_outranked(sections, reading, stepless)
    if declared_retired(sections) or _next_sections_say_none(sections):
        reading.found["next"] = []  # retired, or its own next-step sections say there is none
    elif not reading.found.get("next"):
        current = sections
        if newest is not None and reading.entries is not None:
            # the log moved on past its older entries: their last words are no step either
            current = _outside(sections, reading.entries[1])
        _last_paragraph(current, reading)
        if not reading.found.get("next") and (ranked := priority_step(current)) is not None:
            _add(reading, "next", Evidence(ranked.line, "priority marker", _short(ranked.text)))
    appended = _appended_next(sections)
    if (reading.entries is None or appended is not None) and (
        older := _last_repeat(sections, reading, appended)
    ):
        sections = [s for s in sections if not any(a <= s.line < b for a, b in older)]
    if not reading.found.get("next"):
        candidate = best_candidate(sections) or reading.labelled_step
        if candidate is None or not _in_stepless_next(sections, candidate.line):
            # what a next-step heading holds was judged no step there: wherever the section
            # sits (the last one scores higher), it is no closer to one
            reading.next_candidate = candidate
    for facet in FACETS:
        reading.found.setdefault(facet, [])
        reading.found[facet].sort(key=lambda evidence: evidence.line)
    return reading


def _drop_outranked(sections: list[Section], reading: Reading, stepless: set[int]) -> None:
    """The next steps found, but a next-step label over only a check to run ("Recommended
    next step:", its lines ``stepless``), and, when a next-step heading holds steps outside
    any record, what a record section says ("- **Priority 1: Post-Deploy SEO**: Sitemap cache
    purged" in "## What happened", "Recommendation: …" under "## Current state"): the log or
    the state records work, the author's own next-step section says what to do."""
    found = [e for e in reading.found.get("next", []) if e.line not in stepless]
    if any(e.how == "heading" and not _in_record(sections, e.line) for e in found):
        found = [e for e in found if e.how == "heading" or not _in_record(sections, e.line)]
    if "next" in reading.found:
        reading.found["next"] = found


def _in_record(sections: list[Section], line: int) -> bool:
    """``line`` lies in a section that records (state, decisions, setup …), or under a log's
    heading ("## What happened" over "**Session 7:**") with no facet between."""
    above = [s for s in sections if s.line <= line]
    if not above:
        return False
    if above[-1].facet is not None:
        return above[-1].facet in RECORDING
    level = above[-1].level + 1
    for section in reversed(above):
        if 0 < section.level < level:
            if LOG_HEADING.match(section.heading):
                return True
            level = section.level
    return False


def _last_repeat(
    sections: list[Section], reading: Reading, appended: int | None = None
) -> list[tuple[int, int]]:
    """A next-step heading repeated further down ("## Next step" again after "## Since then",
    as the Stop hook's fix appends it) brings the handoff up to date there: the last one is
    its next step, and what the earlier ones say counts no more. So does a next-step heading
    after a closing "## Since then" whatever the earlier ones are called (``appended``, its
    index: "## Start here next session" at the top). Left blank or naming no step, it is judged
    so (`_judge_heading`), whatever the earlier ones said. Returns the earlier ones' lines
    (first, end)."""
    titles = {
        n: (s.level, s.heading.strip().strip("#").strip().casefold())
        for n, s in enumerate(sections)
        if s.facet == "next" and s.level
    }
    last = {title: n for n, title in titles.items()}
    if appended is not None:
        spans = [_span(sections, n) for n in titles if n < appended]
        older = [(a, b) for a, b in spans if not a <= sections[appended].line < b]
        repeated = [appended]
    elif len(last) == len(titles):
        return []
    else:
        older = [_span(sections, n) for n, title in titles.items() if last[title] != n]
        repeated = [n for title, n in last.items() if list(titles.values()).count(title) > 1]
    reading.found["next"] = [
        e for e in reading.found.get("next", []) if not any(a <= e.line < b for a, b in older)
    ]
    for n in repeated:
        section = sections[n]
        if _empty_heading(sections, n) or (
            _says_nothing_under(section) and _placeholders_only(section)
        ):
            reading.blank_next = _stepless(section)
        elif _names_no_step(section, section.texts):
            reading.stepless_next = _stepless(section)
    return older


_SINCE_THEN = re.compile(r"^since then\W*$", re.IGNORECASE)
"""The heading the Stop hook's `handoff-outdated` fix appends over what changed."""


def _appended_next(sections: list[Section]) -> int | None:
    """The index of the last next-step heading when it follows a "## Since then" heading of
    its level (the Stop hook's fix appends both at the end), else ``None``."""
    heads = [n for n, s in enumerate(sections) if s.level]
    steps = [n for n in heads if sections[n].facet == "next"]
    if not steps or steps[-1] == heads[0]:
        return None
    step, since = sections[steps[-1]], sections[heads[heads.index(steps[-1]) - 1]]
    if step.level == since.level and _SINCE_THEN.match(since.heading.strip().strip("#").strip()):
        return steps[-1]
    return None


def _empty_heading(sections: list[Section], n: int) -> bool:
    """``sections[n]`` is a heading with nothing under it, not even a subheading: the
    Stop hook's appended "## Next step" left empty."""
    section = sections[n]
    deeper = n + 1 < len(sections) and sections[n + 1].level > section.level
    return bool(section.level) and not section.texts and not deeper


def _empty_next(sections: list[Section], reading: Reading) -> None:
    """With no blank next step found yet, the first next-step heading with nothing under it
    is one: `check` names it at its line and `show` warns of it, as of one holding "TBD"."""
    if reading.blank_next is None:
        empty = (
            s for n, s in enumerate(sections) if s.facet == "next" and _empty_heading(sections, n)
        )
        if (section := next(empty, None)) is not None:
            reading.blank_next = _stepless(section)


def _span(sections: list[Section], n: int) -> tuple[int, int]:
    """The lines of ``sections[n]`` and its subsections: (first, end)."""
    level = sections[n].level
    end = next((s.line for s in sections[n + 1 :] if s.level and s.level <= level), sys.maxsize)
    return sections[n].line, end


def _state_reports(text: str, reading: Reading) -> None:
    """List items saying where the work stands now ("Exports now stream …", "The guard is in
    place."), when ``MIN_STATE_REPORTS`` of them do: a task queue's status lines."""
    places = [(number, line) for number, line in prose_lines(text) if reports_state(line)]
    if len(places) >= MIN_STATE_REPORTS:
        for number, line in places:
            _add(reading, "state", Evidence(number, "state report", _short(line.strip())))


FROM_NEWEST = FACETS
"""Facets a long running log is judged on by its newest entry alone (see `older_entries`)."""


def _newest_only(text: str, stale: list[tuple[int, int]], reading: Reading, every: bool) -> None:
    """A facet found only inside a log's older entries is read again from the text without
    them: what the newest entry (or the text outside the entries) says is what counts."""

    def older(line: int) -> bool:
        return any(first <= line < end for first, end in stale)

    facets = [
        facet
        for facet in FROM_NEWEST
        if reading.found.get(facet) and all(older(found.line) for found in reading.found[facet])
    ]
    if not facets:
        return
    lines = text.split("\n")
    for first, end in stale:
        lines[first - 1 : end - 1] = [""] * len(lines[first - 1 : end - 1])
    newest = read("\n".join(lines), every=every)
    for facet in facets:
        reading.found[facet] = newest.found[facet]


def _outside(sections: list[Section], older: list[tuple[int, int]]) -> list[Section]:
    """The sections outside the ``older`` entries' line ranges (first, end)."""
    return [each for each in sections if not any(a <= each.line < b for a, b in older)]


def _steps_from(text: str, line: int, every: bool, older: list[tuple[int, int]]) -> list[Evidence]:
    """The next steps the text says from ``line`` on (the newest entry of a dated log), up to
    the first of the ``older`` entries (line ranges: first, end) that follows it (a numbered
    log's newest session over older ones)."""
    shift = line - 1
    tail = text.split("\n", shift)[-1] if shift else text
    stop = min((first for first, _ in older if first > line), default=None)
    if stop is not None:
        tail = "\n".join(tail.split("\n")[: stop - line])
    found = read(tail, every=every).found["next"]
    return [replace(each, line=each.line + shift) for each in found]


_FUTURE = re.compile(
    r"\b(?:should|needs? to|need to|will need|has to|have to|is to|are to|must (?:now|then|first)|"
    r"afterwards|after that)\b",
    re.IGNORECASE,
)


_ORDER_IN_PROSE = re.compile(
    r"(?:^|[.!?]\s+)(?:before|after|once|next|then|first)\b[^.!?\n]{0,60},\s*"
    r"(?:run|write|add|fix|implement|finish|start|begin|produce|build|review|deploy|merge)\b",
    re.IGNORECASE,
)
"""An order inside the last paragraph ("Before implementation, run the audit"): what to do next."""


def _last_paragraph(sections: list[Section], reading: Reading) -> None:
    """A handoff that ends on what to do ("Run the migration, then …") says its next step
    there, with or without a heading: the document's last paragraph or item counts when it
    is an instruction or speaks of what comes next (not under setup, risks or ideas)."""
    for section in reversed(sections):
        prose = [(line, text) for line, text, code in section.texts if not code]
        if not prose:
            if section.texts:
                return  # the document ends on code
            continue
        if (
            section.facet in ("setup", "risks", "ideas", "ruled_out", "pointers")
            or (section.facet == "next" and _names_no_step(section, section.texts))
            or done_work_heading(section.heading)
            or waits_on_someone(section.heading)
        ):
            # the heading's own test (`_judge_heading`): at the end or in the middle, a
            # next-step section that names no step is no step
            return
        line, text = prose[-1]
        first = text.split("\n", 1)[0]
        if says_nothing(text) or crossed_off(first) or no_usable_step([(line, first, False)]):
            return  # nothing, done, or asking no work ("Run X to confirm Y")
        label = LABEL.match(first)
        said = (label.group(2) or label.group(4) or "") if label is not None else text
        if (
            IMPERATIVE.match(said)
            or _FUTURE.search(first if len(text) > 400 else text)
            or _ORDER_IN_PROSE.search(text)
        ):
            _add(reading, "next", Evidence(line, "last paragraph", _short(first)))
        return


def _stepless(section: Section) -> Evidence:
    said = [text for _, text, code in section.texts if not code]
    # a lead-in label ("Execution channel:") says nothing of its own: quote what follows it
    first = next((text for text in said if not _BARE_LABEL.match(text)), said[0] if said else "")
    heading = f"{'#' * section.level} {section.heading}" if section.level else section.heading
    return Evidence(section.line, heading, _short(first.split("\n", 1)[0].strip()))


def _in_stepless_next(sections: list[Section], line: int) -> bool:
    """``line`` is a block of a next-step section that names no step."""
    return any(
        section.facet == "next"
        and any(start == line for start, _, _ in section.texts)
        and _names_no_step(section, section.texts)
        for section in sections
    )


def _add(reading: Reading, facet: str, evidence: Evidence) -> None:
    reading.found.setdefault(facet, []).append(evidence)


def _judge_heading(section: Section, reading: Reading, ticked_below: bool = False) -> None:
    facet = section.facet
    if facet not in FACETS or _says_nothing_under(section):
        if facet == "next" and reading.blank_next is None and _placeholders_only(section):
            reading.blank_next = _stepless(section)
        elif facet in FACETS and facet != "next" and _placeholders_only(section):
            reading.blank_sections.setdefault(facet, _stepless(section))
        return  # an empty heading, a template's "TBD" or its blank "- Branch:", says nothing
    if facet == "next" and (ticked_below or _names_no_step(section, section.texts)):
        if reading.stepless_next is None:
            reading.stepless_next = _stepless(section)
        return  # every box ticked, marked done, "awaiting the next directive", only questions
    if facet == "decisions" and not any(
        REASON_IN_SECTION.search(t) or NONE.match(t) for _, t, code in section.texts if not code
    ):
        if reading.unreasoned_decisions is None:
            reading.unreasoned_decisions = section.line
        return
    _add(reading, facet, Evidence(section.line, "heading", _short(section.heading)))


def _decision_table(section: Section, reading: Reading) -> None:
    """A table with a "Why" / "Decision" / "理由" column, and rows under its header, records
    decisions with their reasons, whatever the section's heading; one with an "Alternatives
    rejected" / "Ruled out" column records what was rejected beside them."""
    for facet, how in (("decisions", "a table of decisions"), ("ruled_out", "a table of rejects")):
        if section.facet == facet or reading.found.get(facet):
            continue
        for line, text, code in section.texts:
            rows = text.strip().splitlines()
            if code or len(rows) < TABLE_ROWS or not rows[0].startswith("|"):
                continue
            cells = [plain_heading(cell) for cell in rows[0].strip("| ").split("|")]
            if any(heading_facet(cell) == facet for cell in cells if cell):
                _add(reading, facet, Evidence(line, how, _short(rows[0])))
                break


TABLE_ROWS = 3
"""A header, its separator and one row at least."""


_TICKED = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[(?:[xX✓✔☑]|✅)\ufe0f?\]")
_UNTICKED = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[ \]", re.MULTILINE)


def _ticked_below(sections: list[Section], n: int) -> bool:
    """A next-step heading with no list of its own ("## Task plan" over "Tick each task when
    done") whose subsections' boxes are all ticked ("### Phase 1" … "### Phase 7"): the plan is
    done, and the heading over it names no step."""
    section = sections[n]
    if section.facet != "next" or not section.level:
        return False
    if any(shape in ("bullet", "ordered") for shape in section.shapes):
        return False
    below = []
    for deeper in sections[n + 1 :]:
        if deeper.level and deeper.level <= section.level:
            break
        below.append(deeper)
    return any(_all_ticked(each) for each in below) and all(
        _all_ticked(each) or not each.texts for each in below
    )


def _placeholders_only(section: Section) -> bool:
    """Something under the heading, and all of it a template's placeholders as the `placeholder`
    rule reads them ("- [ ]", "TBD", "...", "[describe …]"), not only bare labels."""
    if any(code for _, _, code in section.texts):
        return False  # a command to run is no blank
    said = [line for _, text, _ in section.texts for line in text.splitlines() if line.strip()]
    return bool(said) and all(says_nothing(line) for line in said)


def _says_nothing_under(section: Section) -> bool:
    """Nothing but empty words or bare labels under the heading (a template's "TBD", its blank
    "- Branch:")."""
    return all(says_nothing(t) or _BARE_LABEL.match(t) for _, t, _ in section.texts)


def _next_sections_say_none(sections: list[Section]) -> bool:
    """The file's own next-step sections all say there is no step to take (only checks, waits,
    "TBD", "Stop unless …", every box ticked): a reader takes the file at its word there,
    whatever a list elsewhere orders. Each item is judged by its first sentence (a paragraph
    may name "the optional stages" after its step); a list of open questions says nothing either
    way, and a next-step heading with nothing under it but subheadings holds its steps there."""
    said = [section for section in sections if section.facet == "next"]
    if not said or any(not section.texts for section in said):
        return False
    said = [
        section
        for section in said
        if not _says_nothing_under(section)
        and not all(QUESTION.search(t) for _, t, code in section.texts if not code)
    ]
    return bool(said) and all(
        _names_no_step(
            section,
            [
                (n, t if names_work_later(t) else _FIRST_SENTENCE.split(t, 1)[0], c)
                for n, t, c in section.texts
            ],
        )
        for section in said
    )


_FIRST_SENTENCE = re.compile(r"(?<=[.!。])\s+(?=\S)")


def _names_no_step(section: Section, texts: list[tuple[int, str, bool]]) -> bool:
    """A next-step section whose boxes are all ticked, that only waits, is marked done or gated
    on someone in its heading, or whose ``texts`` hold no usable step."""
    return bool(
        _all_ticked(section)
        or _only_waiting(section)
        or TICKED_AT_END.search(section.heading)
        or waits_on_someone(section.heading)
        or checks_first(section.heading)
        or no_usable_step(texts)
        or _none_then_why(texts)
    )


def _none_then_why(texts: list[tuple[int, str, bool]]) -> bool:
    """ "None." first, then only paragraphs saying why ("The product freeze stops automatic
    next-task generation."), no list and no order: the section names no step."""
    prose = [text for _, text, code in texts if not code]
    return (
        len(prose) > 1
        and says_none(prose[0].split("\n", 1)[0])
        and not any(LIST_ITEM.match(text) or order(text) for text in prose[1:])
    )


def _all_ticked(section: Section) -> bool:
    """Checkboxes under the heading, and every one of them ticked."""
    prose = [text for _, text, code in section.texts if not code]
    ticked = sum(1 for text in prose if _TICKED.match(text))
    return ticked > 0 and not any(_UNTICKED.search(text) for text in prose)


_WAITING = re.compile(
    r"^\W*(?:\w+\W+){0,3}?(?:awaiting|waiting for|wait for|ready for|standing by for|pending)"
    r"\s+(?:the\s+|your\s+|an?\s+|further\s+|new\s+|next\s+){0,3}(?:\w+\s+)?"
    r"(?:directives?|instructions?|commands?|input|tasks?|requests?|orders?|assignments?)\W*$",
    re.IGNORECASE,
)


def _only_waiting(section: Section) -> bool:
    """A next step that is only "Ready for the next directive": waiting names no step."""
    prose = [text for _, text, code in section.texts if not code]
    return bool(prose) and all(_WAITING.match(text) for text in prose)


_BARE_LABEL = re.compile(r"^\s*(?:\*\*)?[^:\n]{1,50}:(?:\*\*)?\s*$")
"""A block that is only a label ("Branch:"), with nothing after it."""


def _judge_content(section: Section, reading: Reading, every: bool) -> None:
    facet = section.facet
    wanted = [
        (cue_facet, cues)
        for cue_facet, cues in CONTENT_CUES.items()
        if cue_facet != facet and (every or not reading.found.get(cue_facet))
    ]
    if not wanted:
        return
    for start, content, code in section.texts:
        if code:
            if facet != "pointers" and (every or not reading.found.get("pointers")):
                _code_pointer(start, content, reading)
            continue
        if says_nothing(content):
            continue
        if ":" in content or "：" in content or content.startswith("**"):
            _labels(start, content, facet, reading)
        flat = content.replace("\n", " ")
        todo = content.lstrip().startswith("[ ]")
        table = content.lstrip().startswith("|")  # a table's cells record, they reject nothing
        for cue_facet, cues in wanted:
            if (
                (not every and reading.found.get(cue_facet))
                or (todo and cue_facet == "state")
                or (table and cue_facet == "ruled_out")
            ):
                continue
            if cue_facet == "next" and waits_on_someone(section.heading):
                continue  # "## Open, and each one needs Michael": none of it is startable
            said = without_dead_steps(content) if cue_facet == "next" else content
            for name, pattern, anchored in cues:
                if name == "unchecked task" and (
                    facet == "ideas" or _CHECKLIST.search(section.heading)
                ):
                    continue  # a checklist's boxes are checks, a wish list's are not committed
                match = pattern.search(said if anchored else said.replace("\n", " "))
                if (
                    match is not None
                    and cue_facet == "ruled_out"
                    and _FIXED_AFTER.search(said, match.end())
                ):
                    break  # a failure the same entry then fixed is a bug fixed, not a dead end
                if match is not None and table and _PARKED_ROW.search(line_at(said, match)):
                    break  # "| Position tracking | ⏸️ Deferred | Not implemented |" is parked
                if match is not None:
                    line = start + said.count("\n", 0, match.start())
                    shown = match.group(0) if cue_facet == "pointers" else line_at(said, match)
                    _add(reading, cue_facet, Evidence(line, name, _short(shown)))
                    break
            else:
                if cue_facet != "ruled_out" or facet not in _AHEAD:
                    _weak(start, content, flat, cue_facet, reading)
    if facet is None:  # steps under "Setup", "Ideas", "Done" ... are no next step
        for line, line_text in section.ordered_imperatives[:1]:
            _add(reading, "next", Evidence(line, "ordered steps", _short(line_text)))


_PARKED_ROW = re.compile(r"⏸|\b(?:deferred|postponed|on hold|parked)\b", re.IGNORECASE)
"""A table row marked parked ("| Position tracking | ⏸️ Deferred | Not implemented |" in a
"Current State" table): its "not implemented" is work put off, not the next step."""

_FIXED_AFTER = re.compile(
    r"\bfixed (?:by|with|via)\b|(?:^|[.;—–→]\s*)(?:\*\*)?fix(?:ed)?(?:\*\*)?\s*[:：]"
    r"|已修复|修复方法",
    re.IGNORECASE | re.MULTILINE,
)
"""After a failure in the same block, the fix it got ("… failed because X. Fixed by Y.")."""

_AHEAD = frozenset({"next", "risks"})
"""Sections about what is still to do or still wrong: "use X instead of Y" there is a step or a
known bug, not an approach dropped, so a weak ruled-out cue in them counts for nothing."""

_CHECKLIST = re.compile(r"check-?list|チェックリスト|检查清单", re.IGNORECASE)
"""A heading naming a checklist (run through each time: its boxes are no next step)."""


def _weak(start: int, content: str, flat: str, facet: str, reading: Reading) -> None:
    needed = WEAK_NEEDED.get(facet)
    if needed is None or (
        len(reading.weak.get(facet, ())) >= needed and not reading.found.get(facet)
    ):
        return  # enough already; the facet counts at the end
    for name, pattern, anchored in WEAK_CUES.get(facet, ()):
        match = pattern.search(content if anchored else flat)
        if match is not None:
            line = start + content.count("\n", 0, match.start())
            shown = line_at(content, match)
            reading.weak.setdefault(facet, []).append(Evidence(line, name, _short(shown)))
            return


def _labels(start: int, content: str, facet: str | None, reading: Reading) -> None:
    for labelled, line, text, unread in label_lines(start, content, facet):
        shown = _short(text)
        if unread:
            if labelled == "next":
                reading.labelled_step = reading.labelled_step or Candidate(line, 0, shown)
            continue
        _add(reading, labelled, Evidence(line, "label", shown))


def _code_pointer(start: int, content: str, reading: Reading) -> None:
    for name, pattern, _ in CONTENT_CUES["pointers"][:3]:
        match = pattern.search(content)
        if match is not None:
            line = start + content.count("\n", 0, match.start())
            _add(reading, "pointers", Evidence(line, name, _short(match.group(0))))
            return


__all__ = ["Evidence", "Reading", "read"]
