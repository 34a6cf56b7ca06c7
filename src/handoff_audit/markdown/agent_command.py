"""Whether a markdown file hands work over, or instructs an agent how to write a handoff: the
merge gate's reading of a lower-case note in an agent's command, prompt or skill folder
(`git.agent_notes`) and of a ``handoff.md`` beside a JSON file that is no packet. A handoff is
what any working note is to `markdown.facets`: state, next step, decisions, … said under
headings, labels or in prose. It is a command only when the command's cues outweigh that."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from handoff_audit.markdown import facets
from handoff_audit.markdown.facets import Evidence
from handoff_audit.markdown.prompts import command_syntax, instructions, orders, writes_handoff
from handoff_audit.markdown.prose import (
    HEADING,
    LIST_ITEM,
    command_front_matter,
    order,
    prose_lines,
    states_fact,
)
from handoff_audit.markdown.template import placeholders

HANDOFF_FACETS = 2
"""How many facets (state, next step, decisions, ...) make a file a handoff."""


@dataclass(frozen=True, slots=True)
class _Cues:
    """What `reads_as_handoff` weighs in a file: its ``body`` past command-like front matter,
    the body's instruction lines (``told``, its argument slot and template blanks among them),
    the lines it names to write saying nothing (``unsaid``), whether the front matter is a
    command's (``dressed``), and the facets the body says."""

    body: str
    cues: str
    slot: int | None
    blanks: bool
    told: set[int]
    unsaid: set[int]
    dressed: bool
    reading: Mapping[str, list[Evidence]]


def _cues(text: str) -> _Cues:
    block = command_front_matter(text)
    body = text[block.end() :] if block is not None else text
    after = text.count("\n", 0, block.end()) if block is not None else 0
    cues = _COMMENTS.sub(_emptied, body)
    slot = command_syntax(cues)
    blanks = {place.line for place in placeholders(cues)}
    told = {number for number, _ in orders(cues)} | {number for number, _ in instructions(cues)}
    told |= blanks | ({slot} if slot is not None else set())
    told |= {number - after for number, _ in instructions(text) if number > after}
    told |= {number for number, line in prose_lines(body) if writes_handoff(line)}
    dressed = any(number <= after for number, _ in instructions(text))
    found = facets.read(body).found
    stated = {p.line for places in found.values() for p in places if p.how != "heading"}
    unsaid = told | _named_to_write(cues, told, stated)
    return _Cues(body, cues, slot, bool(blanks), told, unsaid, dressed, found)


def reads_as_handoff(text: str) -> bool:
    """Whether ``text`` hands work over rather than instructing an agent how to write a
    handoff. It is a handoff when it says at least
    ``HANDOFF_FACETS`` facets in more lines than it has instruction lines (orders to its reader,
    "Create a handoff with …" even as a step of a list, and the items such a line lists): one
    "Update this file before you stop." under State and Next step does not outweigh them.
    Command-like front matter (``description: Write a handoff``) counts as one more instruction, and
    under it only headings count as facets: front matter is the pull request's to write, over a
    handoff as over a command; over a body with no instruction line, front matter alone makes
    no note a command whose state is said in lines stating facts (`_stated`). Nothing inside
    an HTML comment or a link reference definition
    (``[//]: # ($ARGUMENTS)``) is a command's cue: GitHub shows none of it. A command's own
    syntax (``$ARGUMENTS``, ``{{args}}``, ``!{cmd}``, a ``# /handoff`` title) counts as one more
    instruction line and a template's blank each as one, and then only a session recorded with
    facts counts (`_recorded`): a command or a template describes what to write, a note says it,
    and one stray argument slot does not make a working note a command."""
    read = _cues(text)
    told, dressed = set(read.told), read.dressed
    if read.slot is not None or read.blanks:
        # every argument slot weighs as one line together: repeating it outweighs no note
        lines = {n for n, line in prose_lines(read.cues) if command_syntax(line) is not None}
        told -= lines - {read.slot}
        said = _recorded(read.body, read.reading, read.unsaid)
        return bool(said) and len(set().union(*said)) > len(told) + dressed
    said = [
        lines
        for places in read.reading.values()
        if (lines := {p.line for p in places if not dressed or p.how == "heading"} - read.unsaid)
    ]
    if len(said) >= HANDOFF_FACETS and len(set().union(*said)) > len(told) + dressed:
        return True
    return front_matter_alone(read)


def front_matter_alone(read: _Cues | str) -> bool:
    """Whether the only cue of a command in ``read`` (a file's text, or `_cues` of it) is its
    front matter (``description: refunds``, ``allowed-tools: Bash``: no instruction line, order,
    argument slot or blank in its body) over a body that says its state and another facet in
    lines stating facts (`_stated`): front matter alone makes no working note a command."""
    read = _cues(read) if isinstance(read, str) else read
    return read.dressed and not read.told and _stated(read.body, read.reading, read.unsaid)


def states_facts(text: str) -> bool:
    """Whether a line of ``text`` outside comments states a fact (`states_fact`: a path, a
    number, a code span) and is no instruction or template blank (as `_stated` weighs lines): a
    working note's content, which a template's headings, guidance and placeholders are not."""
    read = _cues(text)
    return any(n not in read.unsaid and states_fact(line) for n, line in prose_lines(read.cues))


def below_a_note(text: str, quoted: Sequence[tuple[int, str]]) -> bool:
    """Whether the lines `not-a-handoff` quotes of ``text`` (a stub's, a how-to's) hold one line
    about writing handoffs ("When you write the next handoff, keep it short.", "Update the
    handoff when the PR is open."), the file's last, under a note the gate reads as a handoff
    once that line is left out (`reads_as_handoff`): one stray instruction line makes no working
    note a stub or a how-to. A pointer to the real notes over such a line stays what it is."""
    lines = text.splitlines()
    about = [n for n, _ in quoted if writes_handoff(lines[n - 1]) or _WRITING.search(lines[n - 1])]
    shown = prose_lines(text)
    if len(about) != 1 or len(shown) < 2 or about[0] != shown[-1][0]:
        return False
    lines[about[0] - 1] = ""
    return reads_as_handoff("\n".join(lines) + "\n")


_WRITING = re.compile(
    r"\b(?:write|update|create|fill in|draft|prepare|leave|start)\s+(?:(?:a|an|the|your|this|"
    r"each|every|any|next|new|following|session|another)\s+){0,3}hand-?(?:off|over)s?\b",
    re.IGNORECASE,
)
"""Writing a handoff named in a line, as an order or a clause saying when ("When you write the
next handoff, …")."""


def _sections(body: str) -> dict[int, list[int]]:
    """Each heading's line number with the numbers of the lines under it, up to the next
    heading; a procedure's step ("## Step 2: Review the work") heads no section of a note."""
    sections: dict[int, list[int]] = {}
    current: list[int] | None = None
    for number, line in prose_lines(body, headings=True):
        if HEADING.match(line):
            current = None if _STEP_HEADING.match(line) else sections.setdefault(number, [])
        elif current is not None:
            current.append(number)
    return sections


def _recorded(body: str, found: Mapping[str, list[Evidence]], unsaid: set[int]) -> list[set[int]]:
    """The lines of a file with a command's cue or a template's blanks that record a session:
    for its state and its next step, each a line stating a fact (`states_fact`), of a section
    under the facet's heading (not a procedure's "## Step 2: Review the work") or on its label
    ("**State:** …"), that is no instruction (``unsaid``); ``[]`` unless both are said so."""
    text = body.splitlines()
    sections = _sections(body)
    said = []
    for facet in ("state", "next"):
        lines = set()
        for place in found.get(facet, []):
            if place.how not in ("heading", "label"):
                continue  # a cue in prose is as likely a step's ("2. Stamp `date +%H:%M`")
            near = sections.get(place.line, []) if place.how == "heading" else [place.line]
            lines |= {n for n in near if n not in unsaid and states_fact(text[n - 1])}
        said.append(lines)
    return said if all(said) else []


def _stated(body: str, found: Mapping[str, list[Evidence]], unsaid: set[int]) -> bool:
    """Whether ``body`` says its state and ``HANDOFF_FACETS`` facets in all each in a line
    stating a fact (`states_fact`: "3 tests fail in tests/test_refund.py"), under the facet's
    heading or where it was read, none an instruction (``unsaid``): a note's own content. A
    command's body describes the state to write ("Analyze the current session"), whatever its
    steps name (`.beads/plans/active-plan.md`)."""
    text = body.splitlines()
    sections = _sections(body)
    said = set()
    for facet, places in found.items():
        near = {
            n
            for p in places
            for n in (sections.get(p.line, []) if p.how == "heading" else [p.line])
        }
        if any(n not in unsaid and states_fact(text[n - 1]) for n in near):
            said.add(facet)
    return "state" in said and len(said) >= HANDOFF_FACETS


_STEP_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\W*(?:step|phase|stage)\s*\d", re.IGNORECASE)
"""A procedure's step ("## Step 2: Review the cumulative session work"): orders, whatever facet
its words name."""


_COMMENTS = re.compile(
    r"(?P<code>^ {0,3}(?P<fence>`{3,}|~{3,}).*?(?:\n {0,3}(?P=fence)[`~]*[ \t]*$|\Z)"
    r"|(?<!`)(?P<tick>`++)[^\n]+?(?<!`)(?P=tick)(?!`))"
    r"|<!--.*?(?:-->|\Z)"
    r"|(?P<reference>^ {0,3}\[[^\]\n]+\]:[ \t]*\S+(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\)))?"
    r"[ \t]*$)",
    re.DOTALL | re.MULTILINE,
)
"""An HTML comment, or one never closed, which hides the rest of the file: a reader on GitHub
sees none of it, so nothing in it (``<!-- $ARGUMENTS -->``) makes the file a command. A fenced
block or a code span is matched first and kept: an ``<!--`` there is shown as text. A link
reference definition (``[//]: # ($ARGUMENTS)``, ``[comment]: <> (…)``) is shown as nothing too.
A code span opens only at the start of a run of backticks, which it takes whole, and closes at a
run as long: a line of thousands of backticks is read once, not from each of them."""


def _emptied(comment: re.Match[str]) -> str:
    """The ``comment`` emptied, its lines kept: an empty comment alone on its line still reads
    as a template's blank, as the placeholder it stood for did. Code is kept as it is."""
    if comment.group("code") is not None:
        return comment.group()
    if comment.group("reference") is not None:
        return ""
    return "<!-- -->" + "\n" * comment.group().count("\n")


def _named_to_write(body: str, told: set[int], stated: set[int]) -> set[int]:
    """What an instruction line of ``told`` that ends on a colon names to write, saying nothing:
    the list items under it ("create a HANDOFF.md with:" over "5. Next steps"), and the
    headings of the sections it asks for ("with these sections:" over "## Current state")
    whose text states nothing (no line of ``stated``: "what is half done" describes). Sections
    under an order to write a handoff that ends on no colon ("Before you stop, update
    HANDOFF.md so the next session can pick up." over "## Done") are named only when every
    line under them says what to write ("List what was finished ...", "What is half done").
    A line stating a fact (`states_fact`: "fails on GBP in src/pay/fx.py", "42 tests pass") is
    the note's content, never a part to write: its item, or its section's heading, is said."""
    named: set[int] = set()
    listing = sections = heads = False
    heading: int | None = None
    for number, line in prose_lines(body, headings=True):
        if number in told:
            listing, sections = _asks_for_list(line), False
            heads = listing or writes_handoff(line)
        elif heads and HEADING.match(line):
            sections = True
            heading = number
            named.add(number)
        elif sections:
            if heading is not None and (
                number in stated or states_fact(line) or not (listing or _DESCRIBES.match(line))
            ):
                named.discard(heading)
        elif listing and LIST_ITEM.match(line):
            named |= set() if states_fact(line) else {number}
        else:
            listing = heads = False
    return named


_DESCRIBES = re.compile(
    r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:(?:list|say|write|describe|record|note|summari[sz]e|"
    r"explain|mention|name|give)\s+)?(?:what|which|how|why|where|who|whether|each|every|any)\b",
    re.IGNORECASE,
)
"""A line saying what a section is to hold ("List what was finished this session", "Say what
is half done", "What the next session should do first")."""
_SENTENCE_END = re.compile(r"(?<=[.!?。])\s+")


def _asks_for_list(line: str) -> bool:
    """Whether ``line`` ends on a colon that opens what to write: its last sentence is the
    instruction, not a note's own lead-in ("Update this file before you stop. Where things
    stand:" leads into what the note says)."""
    if not line.rstrip().endswith((":", "：")):
        return False
    sentences = _SENTENCE_END.split(line.strip())
    return len(sentences) == 1 or order(sentences[-1])
