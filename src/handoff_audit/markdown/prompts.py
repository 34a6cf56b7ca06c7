"""Is a hand-written file a prompt or a guide about writing a handoff, rather than one?

- **instructions**: lines that tell the reader how to write a handoff ("Create or update a
  HANDOFF.md with:", "the handoff should include", "before ending the session, write …"). A file
  made of them is a prompt or a how-to, not a handoff; so is an agent's command or skill (its
  front matter or a slash-command title says so), a handoff folder's README, a prompt that
  opens on an order to write a handoff, and a guide that quotes the template to fill in or gives
  the naming scheme of the notes to write.
- **orders**: lines that start with a command, in a file written as orders to its reader (an
  agent's prompt, a brief for a step not yet taken, a standing style brief) that records no
  session.

Both read the text line by line outside code blocks (``prose``). Never raises, whatever the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from handoff_audit.markdown.content_cues import COMMIT_HASH
from handoff_audit.markdown.facet_headings import heading_facet
from handoff_audit.markdown.prose import (
    BARE_LABEL,
    DATED,
    FENCE,
    HEADING,
    LIST_ITEM,
    MIN_STATE_REPORTS,
    RECORD,
    command_front_matter,
    heading_texts,
    keeps_record,
    order,
    prose_lines,
    records_session,
    reports_state,
    short,
    states_fact,
    verb_final_order,
)
from handoff_audit.markdown.template import placeholders

_HANDOFF_WORD = (
    r"(?:hand-?off|hand-?over|HANDOFF\.md|SESSION_HANDOFF\.md|NEXT_SESSION\.md|this (?:file|"
    r"template|document)|the (?:file|template|document)|session (?:notes|summary|log)|"
    r"continuation (?:prompt|file|note))"
)
_SESSION_END = (
    r"(?:at|before) the end of (?:a|the|your|each|every|this) (?:working |coding )?"
    r"(?:session|conversation|day)"
)
"""When a handoff is to be written ("at the end of every working session")."""
_LEAD = r"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?\W{0,4}"
_INSTRUCTION_CUES = (
    re.compile(
        rf"{_LEAD}(?:create|write|update|fill(?: in| out)?|copy|generate|produce|prepare|"
        rf"maintain|keep|save|append|add|output|draft|compose|leave)\b[^.\n]{{0,80}}?"
        rf"\b{_HANDOFF_WORD}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b{_HANDOFF_WORD}\W{{0,3}}(?:should|must|needs? to|has to|will) "
        r"(?:include|contain|cover|list|capture|have|be written|answer|record|state|mention)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:when|before|at the end of|after) (?:ending|finishing|closing|wrapping up|"
        r"completing|you end|you finish|you close|the end of) (?:a|the|your|each|every|this)? ?"
        r"(?:session|conversation|context|task|work)\b[^.\n]{0,80}\b(?:write|create|update|"
        r"run|use|fill|save|generate|produce|leave|commit)\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b{_SESSION_END}\b[^.\n]{{0,40}}?\b(?:write|create|update|fill in|save|generate|"
        rf"produce|leave|commit)\b[^.\n]{{0,40}}?\b{_HANDOFF_WORD}",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:how to (?:write|use|create|fill in) (?:a |the |this )?(?:hand-?off|hand-?over|"
        r"template)|use this template|copy this (?:template|file)|template for (?:a |the )?"
        r"(?:hand-?off|hand-?over|session)|fill in (?:the|each|every|all) (?:sections?|"
        r"fields?|placeholders?|blanks?)|replace (?:the|each|all) (?:placeholders?|brackets?)|"
        r"template only|use this prompt|copy (?:it |this )?into (?:the |a |your )?hand-?off)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"^\W{0,4}(?:required output|output format|your output|questions to answer)\s*:"
        r"|\b(?:do not|don't) ask (?:for confirmation|the user)\b|\bexecute immediately\b"
        r"|\b(?:write|create|update|produce|generate) (?:a|the|your|this) (?:new |full |short )?"
        r"(?:session )?(?:hand-?off|hand-?over)\b(?! (?:was|is|has been|got)\b)",
        re.IGNORECASE,
    ),
)
_ADDRESSED_LINE = re.compile(
    rf"{_LEAD}(?:you are|you're|your (?:task|job|role) is|as the (?:agent|assistant))\b",
    re.IGNORECASE,
)
"""A line addressing its reader as an agent ("You are …", "Your task is …"): an instruction in
an undated file; in a dated one, the prompt a session log keeps for the agents it delegates to."""
MIN_INSTRUCTIONS = 3
"""A file with at least this many lines of instructions about writing a handoff is a how-to."""

_GENERAL_CUES = re.compile(
    r"\bpaste (?:this|it|the (?:block|prompt|text)\b[^.\n]{0,40}\b(?:below|above|into|as))\b"
    r"|\bcopy-paste (?:prompt|this|the)\b|\$ARGUMENTS\b"
    r"|\bwhen to (?:create|write|use|update) (?:a |the )?hand-?(?:offs?|overs?)\b",
    re.IGNORECASE,
)
"""A line about handoffs in general, not about one session: a prompt to paste, a slash command's
``$ARGUMENTS``, "when to write a handoff"."""

_FOLDER_README = re.compile(
    r"\bthis (?:directory|folder) (?:holds|contains|stores|keeps|is for|collects)\b[^.\n]{0,80}"
    r"\bhand-?(?:offs|overs|(?:off|over) (?:files|notes|documents|docs|examples|prompts|logs))\b",
    re.IGNORECASE,
)
"""A handoff folder's README describing the folder ("This directory holds handoff files"); one
handoff in a folder of its own ("This folder contains the handoff for …") is no README."""
README_LINES = 5
"""A folder's README says what the folder is for in its first prose lines; said there, it
settles the file on its own."""


_COMMAND_KEYS = re.compile(
    r"^(?:allowed-tools|argument-hint|disable-model-invocation)\s*:"
    r"|^description\s*:"
    r"(?=[^\n]*\b(?:hand-?off|hand-?over|session|summary|context|resume|continu\w*)\b)"
    r"\s*[\"']?(?:(?:write|generate|create|update|produce|capture|save|prepare|summari[sz]e|"
    r"run|execute|use|draft|compose|document|analy[sz]e|record|persist|load|restore|resume|"
    r"snapshot|hand off|wrap up)\b|[^\n]*\b(?:use (?:this |it )?when|invoke (?:this |it )?when"
    r")\b)",
    re.IGNORECASE | re.MULTILINE,
)
"""Front matter of an agent's command, skill or prompt file: tool grants, an argument hint, or a
description that is an order about a session ("Write a session handoff ...") or says when to
invoke it ("Use when a session is wrapping up"), as skills' descriptions do."""


_SLASH_TITLE = re.compile(r"^#[ \t]+/[A-Za-z][\w:-]*(?:[ \t]|$)", re.MULTILINE)
"""A title naming a slash command ("# /handoff — Session Wrap"): the file is that command."""


_SKILL_NAME = re.compile(r"^name\s*:\s*[\"']?[A-Za-z][\w:.-]*[\"']?\s*$", re.MULTILINE)
_MEMORY_RECORD = re.compile(
    r"^\s*(?:type|node_type)\s*:\s*[\"']?(?:project|memory)[\"']?\s*$", re.IGNORECASE | re.MULTILINE
)
"""A memory file's front matter (``type: project``, ``node_type: memory``: an agent's record of
where a project stands, under the same ``name:`` and ``description:`` a skill has): a record,
never a command."""
_TOOL_KEYS = re.compile(r"^(?:agent|inclusion)\s*:\s*\S", re.MULTILINE)
"""Keys an agent tool reads in a command's or steering file's front matter (``agent: build``,
``inclusion: auto``); they settle the file only beside a description about the session itself
(``_ABOUT_SESSION``): a handoff's own front matter may name its agent and task."""
_ABOUT_SESSION = re.compile(
    r"^description\s*:[^\n]*\b(?:hand-?off|hand-?over|session|conversation|context|resume|"
    r"continu\w*)\b",
    re.IGNORECASE | re.MULTILINE,
)
_USE_WHEN = re.compile(r"^description\s*:\s*[\"']?use (?:this |it )?when\b", re.I | re.M)
"""A description saying when to invoke the file ("Use when planning …"): a skill's form."""
_DESCRIPTION = re.compile(r"^description\s*:", re.MULTILINE)
"""A skill's or agent's front matter: a one-word ``name:`` (an identifier, not a title) and a
``description:`` beside it."""


_FRONT_KEY = re.compile(r"^([A-Za-z][\w-]*)\s*:", re.MULTILINE)
_TOOL_ONLY_KEYS = frozenset(
    {
        "description",
        "name",
        "argument-hint",
        "allowed-tools",
        "inclusion",
        "model",
        "tools",
        "globs",
        "alwaysapply",
        "applyto",
        "disable-model-invocation",
    }
)
"""Keys an agent tool reads from a command's, skill's or rule's front matter; a handoff's own
front matter records something of its session besides (a date, a status, a branch, a title,
the agent that wrote it)."""


_STEP = re.compile(r"^\s{0,3}\d+[a-z]?[.)]\s")
MIN_STEPS = 3
"""Numbered steps that each open on an order ("1. **Read the concept**", "2. Check the log")
make a body a procedure to run, whatever it quotes of a session."""


def _order_steps(prose: Sequence[tuple[int, str]]) -> int:
    """How many top-level numbered items in ``prose`` open on an order, bold aside."""
    return sum(1 for _, line in prose if _STEP.match(line) and order(line.replace("**", "")))


def _tool_front_matter(block: str, body: str) -> re.Match[str] | None:
    """The ``description:`` of front matter made only of an agent tool's keys, over a body
    with no real date, ticked box or session record, or over numbered steps of orders with no
    real date (a resume command quoting "Last session we [X]"): a command file in any
    language."""
    keys = {key.lower() for key in _FRONT_KEY.findall(block)}
    if "description" not in keys or not keys <= _TOOL_ONLY_KEYS:
        return None
    prose = prose_lines(body)
    if keeps_record(prose):
        procedure = _order_steps(prose) >= MIN_STEPS
        if not procedure or _REAL_DATE.search("\n".join(line for _, line in prose)):
            return None
    return _DESCRIPTION.search(block)


def _slash_title(body: str) -> tuple[int, str] | None:
    """The title at the top of ``body`` (its first line shown that is not blank), when it names
    a slash command ("# /handoff"), with its line number: the command's title, under front
    matter, leading HTML comments or one ``>`` line quoting where it comes from ("> Cursor-side
    mirror of `/handoff`"). A heading inside an HTML comment is not shown, so not one; one under
    prose or other sections titles no command: a note may end on it."""
    shown = _HTML_COMMENT.sub(lambda comment: "\n" * comment.group().count("\n"), body)
    lines = list(
        islice(((n, line) for n, line in enumerate(shown.splitlines(), 1) if line.strip()), 2)
    )
    if lines and _QUOTE.match(lines[0][1]):
        lines = lines[1:]
    return lines[0] if lines and _SLASH_TITLE.match(lines[0][1]) else None


_QUOTE = re.compile(r"^ {0,3}>")
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def _command_front_matter(text: str) -> list[tuple[int, str]]:
    block = command_front_matter(text)
    body = text[block.end() :] if block is not None else text
    title = _slash_title(body)
    if title is not None:
        line = text.count("\n", 0, len(text) - len(body)) + title[0]
        return [(line, short(title[1].strip()))]
    if block is None:
        return []
    key = _COMMAND_KEYS.search(block.group(1)) or _USE_WHEN.search(block.group(1))
    if key is None and _MEMORY_RECORD.search(block.group(1)):
        return []
    if key is None and _DESCRIPTION.search(block.group(1)):
        key = _SKILL_NAME.search(block.group(1))
        if key is None and _ABOUT_SESSION.search(block.group(1)):
            key = _TOOL_KEYS.search(block.group(1))
        if key is None:
            key = _tool_front_matter(block.group(1), body)
    if key is None:
        return []
    line = text.count("\n", 0, block.start(1)) + 1 + block.group(1).count("\n", 0, key.start())
    return [(line, short(text.splitlines()[line - 1].strip()))]


def _instruction(line: str) -> bool:
    return any(cue.search(line) for cue in _INSTRUCTION_CUES)


_WHEN_CLAUSE = re.compile(rf"^\s*{_SESSION_END}\s*,\s*", re.IGNORECASE)
"""When an order is to be carried out ("At the end of every working session, create …"): the
order follows it."""
_TIME_CLAUSE = re.compile(
    rf"^\s*(?:{_SESSION_END}\s*,?|(?:before|when|whenever|once|after|as soon as)\b[^,.:;\n]"
    r"{1,60},)\s*",
    re.IGNORECASE,
)
"""Any clause saying when, before an order ("Before you stop, update HANDOFF.md:", "When the
user says the session is over, write …", "At the end of every session create …"): what follows
it is an order to write a handoff only when it names one (`writes_handoff`); "Before ending the
session, run the tests" in a handoff is no such order."""


def writes_handoff(line: str) -> bool:
    """``line``, past a clause saying when, orders a handoff written ("Before you stop, update
    HANDOFF.md:", "At the end of every session create docs/handoffs/YYYY-MM-DD-topic.md
    containing:")."""
    rest = _TIME_CLAUSE.sub("", line, count=1)
    return order(rest) and _INSTRUCTION_CUES[0].search(rest) is not None


OPENING_LINES = 3
"""A prompt opens on its order: one of its first prose lines orders a handoff written."""


def _opening_order(text: str) -> list[tuple[int, str]]:
    """The line of a prompt that opens on an order to write a handoff ("Generate a handoff
    summary for this session.", "Update HANDOFF.md with:", "Before you stop, update
    HANDOFF.md:") in a file that records no session; ``[]`` otherwise. The order is a sentence
    of its own, not an item of a list. An order only saying when to write ("Before you stop,
    update HANDOFF.md:") over more than one line stating a fact (`states_fact`) tops a note."""
    for number, line in prose_lines(text, prose_fences=True)[:OPENING_LINES]:
        ordered = order(line) or order(_WHEN_CLAUSE.sub("", line, count=1))
        said = ordered and _instruction(line)
        if not LIST_ITEM.match(line) and (said or writes_handoff(line)):
            rest = _past_its_list(prose_lines(text), number, line)
            if records_session(rest) or (not said and _facts(rest) > 1):
                return []
            return [(number, short(line.strip()))]
    return []


def _facts(prose: Sequence[tuple[int, str]]) -> int:
    """How many lines of ``prose`` state a fact (`states_fact`)."""
    return sum(1 for _, line in prose if states_fact(line))


_DESCRIBES = re.compile(
    r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:what|which|how|why|where|who|whether|anything|any)\b[^:：]*$",
    re.IGNORECASE,
)
"""A line that describes what a section is to hold ("What was done this session.", "Anything
still waiting on the user"), with no colon before something said."""


def _past_its_list(
    prose: Sequence[tuple[int, str]], opening: int, line: str
) -> list[tuple[int, str]]:
    """``prose`` without the list an order ending on a colon introduces ("… with:" over "2.
    What was done"), and without the lines after it that only describe what to write ("What
    was done this session." under "## Summary"): they name what to write, they record
    nothing. An item stating a fact ("- Fixed rounding in src/pay/round.py") is kept: it is
    the note's own content under a line asking for it."""
    if not line.rstrip().endswith((":", "：")):
        return list(prose)
    kept: list[tuple[int, str]] = []
    listing = True
    for number, each in prose:
        item = listing and LIST_ITEM.match(each) and not states_fact(each)
        if number > opening and (item or _DESCRIBES.match(each)):
            continue
        listing = listing and number <= opening
        kept.append((number, each))
    return kept


QUOTED_HEADINGS = 3
"""Headings a fenced markdown block needs to be a whole document quoted (a handoff's sample)."""
_SAMPLE_FENCE = re.compile(r"^\s{0,3}(?:`{3,}|~{3,})\s*(?:markdown|md)?\s*$", re.IGNORECASE)


_MARKDOWN_FENCE = re.compile(r"^\s{0,3}(?:`{3,}|~{3,})\s*(?:markdown|md)\s*$", re.IGNORECASE)


_FENCE_RUN = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def _closes(line: str, fence: str) -> bool:
    """``line`` closes a block opened by ``fence``: the same character, at least as many
    times, and nothing after it (CommonMark), so a quoted document's inner fences stay in."""
    run = _FENCE_RUN.match(line)
    return (
        run is not None
        and run.group(1)[0] == fence[0]
        and len(run.group(1)) >= len(fence)
        and not line[run.end() :].strip()
    )


_REAL_DATE = re.compile(r"\b(?:19|20)\d\d[-/.\u5e74]\s?\d{1,2}\b")
"""A real date (a ticked box is no date)."""


def dated(path: str, text: str) -> bool:
    """Whether the file ``path`` holding ``text`` has a real date in its name or outside its
    code (headings included): a record of a day's work, as a command or a prompt is not."""
    name = path.rpartition("/")[2]
    lines = "\n".join(line for _, line in prose_lines(text, headings=True))
    return _REAL_DATE.search(name) is not None or _REAL_DATE.search(lines) is not None


def _quoted_handoff(block: Sequence[str]) -> bool:
    """A quoted document holding a real date and a record of done work: a handoff quoted to be
    pasted somewhere, not a guide's sample."""
    joined = "\n".join(block)
    if _REAL_DATE.search(joined) is None or not records_session(prose_lines(joined)):
        return False
    return not placeholders(joined)  # "Status: {status}" under "- [x] {task}" is a form


def _quoted_template(text: str) -> list[tuple[int, str]]:
    """The opening line of a markdown block quoting a whole document (``QUOTED_HEADINGS``
    headings or more) in a file with no real date, no ticked box and no session record
    outside it: a guide showing the handoff to write ("## Format" over a sample), not one."""
    opened, headings, markdown, fence = 0, 0, False, ""
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if opened and _closes(line, fence):
            if headings >= QUOTED_HEADINGS:
                if keeps_record(prose_lines(text, headings=True)) or _quoted_handoff(
                    lines[opened:number]
                ):
                    return []
                return [(opened, short(lines[opened - 1].strip()))]
            opened, headings = 0, 0
        elif not opened and (run := _FENCE_RUN.match(line)):
            opened, fence = (number if _SAMPLE_FENCE.match(line) else -1), run.group(1)
            markdown = bool(_MARKDOWN_FENCE.match(line))
        elif opened > 0 and (
            _sample_heading(line, lines[number] if number < len(lines) else "", markdown)
            or (markdown and BARE_LABEL.match(line))
        ):
            headings += 1
    return []


_SHELL_COMMENT = re.compile(r"^\s{0,3}#\s")


def _sample_heading(line: str, following: str, markdown: bool) -> bool:
    """A heading of a quoted sample. In a block not marked markdown, a ``# `` line right on
    the line under it is a shell comment over its command (``# Build`` / ``cargo check``)."""
    if not HEADING.match(line):
        return False
    return markdown or not _SHELL_COMMENT.match(line) or not following.strip()


_NAME_SLOT = re.compile(
    r"`[^`\n]*(?:YYYY[-_]?MM[-_]?DD|YYYYMMDD|(?<![A-Za-z])X{3,}(?![A-Za-z])|<[A-Za-z][\w-]*>"
    r"|\{[A-Za-z][\w-]*\}|\[[a-z][\w-]*\])[^`\n]*\.(?:md|txt)`"
)
"""A file name with a slot in a code span (``docs/handoffs/YYYY-MM-DD_HHMM_topic.md``,
``session-XXX.md``, ``handoff_<title>.md``): the naming scheme of the notes to write."""


_NOTE_NAME = re.compile(
    r"hand-?off|hand-?over|session|notes?\b|logs?\b|journal|diary|progress|status|plans?\b",
    re.IGNORECASE,
)
"""What names a note in a path (``sessions/{date}.md``, ``handoff-{n}.md``): a slot is a naming
scheme of notes only there; ``kb/{id}.md`` is where code stores a record by its key, and
``specs/YYYY-MM-DD-<name>-design.md`` where a handoff says other documents go (a plan is a note:
``docs/plans/active/<TASK-ID>.md``)."""


def _names_notes(line: str) -> bool:
    """A code span in ``line`` naming notes by a pattern with a slot."""
    return any(_NOTE_NAME.search(match.group(0)) for match in _NAME_SLOT.finditer(line))


def _naming_scheme(text: str) -> list[tuple[int, str]]:
    """The first line naming the files to write by a pattern with a slot, in a file with no
    real date and no session record: a guide to writing handoffs in any language, not one."""
    prose = prose_lines(text)
    if DATED.search(text) or records_session(prose):
        return []
    for number, line in prose:
        if _names_notes(line):
            return [(number, short(line.strip()))]
    return []


_PERSONA = re.compile(
    r"^\W{0,4}(?:you are (?:a|an|the|tasked with)|(?:eres|sos) (?:un|una|el|la)"
    r"|voc[eê] [eé] (?:um|uma|o|a)"
    r"|(?:tu es|vous [eê]tes) (?:un|une|le|la|l')|du bist (?:ein|eine|der|die|das)"
    r"|sei (?:un|una)|(?:ты|вы)\s*[—–-])\s*\S"
    r"|^\W{0,4}(?:你是|あなたは|당신은\s)",
    re.IGNORECASE,
)
"""A prompt's opening: the persona its reader is to play, in the languages agents' prompts are
written in ("You are the Orientation Agent.", "Sos el agente de cierre de sesión", "Du bist ein
Release-Agent", "Ты — агент …", "你是一个代码审查助手")."""
_COMMAND_TEXT = re.compile(
    r"(?<![`\w])\$ARGUMENTS\b|\{\{\s*args\s*\}\}|!\{[^}\n]+\}"
    r"|\b(?:when|if) the (?:user|human) (?:types|runs|invokes|enters)\s+[`\"']?/[a-z]",
    re.IGNORECASE,
)
"""What only an agent's command says: its argument slot (``$ARGUMENTS``, ``{{args}}``), a shell
line to splice in (``!{ls -t …}``), or the slash command that starts it ("When the human types
`/wrap-up`")."""


_INVOKED = re.compile(
    r"^\W{0,4}when [`\"']?/[a-z][\w:-]*[`\"']? is (?:invoked|run|called|used|typed)\s*[,:]\s*"
    r"(?:resume|read|run|load|check|start|continue|create|write|update|follow|use|pick|"
    r"summari[sz]e|execute|perform|restore|save|review|gather|collect)\b",
    re.IGNORECASE,
)
"""A command's opening on the slash command that starts it and what to do then ("When
`/continue` is invoked, resume …"); a note's "When `/deploy` is invoked the bot answers 403"
describes a bot's command instead."""


_PROMPT_HEADING = re.compile(
    r"^\s{0,3}#{1,6}\W*(?:execute (?:these|the following) steps|steps to (?:follow|execute)|"
    r"your (?:task|role|job|mission)|instructions for (?:the )?(?:agent|assistant|ai|claude))\W*$",
    re.IGNORECASE,
)
"""A heading only a prompt has: it addresses the agent that runs it ("## Execute These Steps",
"## Your task")."""


def _agent_prompt(text: str) -> list[tuple[int, str]]:
    """The line that makes ``text`` an agent's prompt or command: a persona in its first prose
    lines of a file with no real date outside code, or a command's own syntax outside code;
    ``[]`` otherwise."""
    prose = prose_lines(text)

    # a handoff pasted as the next session's prompt opens on a persona too ("You are the
    # teacher …", "## Your role"), and is dated: only a command's own syntax settles that one
    for number, line in prose[:OPENING_LINES]:
        if (_PERSONA.match(line) or _INVOKED.match(line)) and not dated("", text):
            return [(number, short(line.strip()))]
    for number, line in prose:
        if _COMMAND_TEXT.search(line):
            return [(number, short(line.strip()))]
    for number, line in prose_lines(text, headings=True):
        if _PROMPT_HEADING.match(line) and not dated("", text) and not _record_sections(text):
            return [(number, short(line.strip()))]
    return []


_RECORD_FACETS = frozenset({"state", "decisions", "ruled_out"})
"""Sections only a record of work has: what was done, what was decided, what failed."""
MIN_RECORD_SECTIONS = 2
"""A handoff written as the next session's prompt ("## Your Task") has at least this many."""


def _record_sections(text: str) -> bool:
    """``MIN_RECORD_SECTIONS`` headings naming what was done, decided or ruled out ("##
    Completed", "## Failed Approaches"): a handoff that ends on a task for its reader."""
    found = {heading_facet(heading) for heading in heading_texts(text)}
    return len(found & _RECORD_FACETS) >= MIN_RECORD_SECTIONS


def instructions(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` telling its reader how to write a handoff, when there are at
    least ``MIN_INSTRUCTIONS`` of them, or the file is an agent's command (its front matter
    says so) or a handoff folder's README (its first lines say so); ``[]`` otherwise."""
    command = _command_front_matter(text)
    found: list[tuple[int, str]] = []
    lines = prose_lines(text, prose_fences=True)
    undated = not dated("", text)
    for index, (number, line) in enumerate(lines):
        if index < README_LINES and _FOLDER_README.search(line):
            command = command or [(number, short(line.strip()))]
        elif (
            _FOLDER_README.search(line)
            or _GENERAL_CUES.search(line)
            or _instruction(line)
            or (undated and _ADDRESSED_LINE.search(line))
        ):
            found.append((number, short(line.strip())))
    command = (
        command
        or _opening_order(text)
        or _quoted_template(text)
        or _naming_scheme(text)
        or _agent_prompt(text)
    )
    if command:
        return command + [place for place in found if place[0] != command[0][0]]
    return found if len(found) >= MIN_INSTRUCTIONS else []


def command_syntax(text: str) -> int | None:
    """The number of the first line of ``text`` saying what only an agent's command says: a
    slash-command title ("# /handoff"), its argument slot (``$ARGUMENTS``), a shell line to
    splice in, or the slash command that starts it, outside code; ``None`` when none does."""
    if (title := _slash_title(text)) is not None:
        return title[0]
    return next((number for number, line in prose_lines(text) if _COMMAND_TEXT.search(line)), None)


_LATER = re.compile(
    r"^\s{0,3}#+\W*(?:\d+[.)]?\s*)?(?:(?:immediate|suggested|recommended|the)\s+)?(?:next|to-?\s?do|"
    r"remaining|follow|pending|open (?:items|tasks|work)|backlog|plan\b|what\s+to\s+do\b|"
    r"resum(?:e|ing|ption)\s+(?:instructions|steps|here|from|plan|point|checklist)\b|"
    r"what\s+(?:the\s+)?next\b|(?:instructions|guidance|notes)\s+for\s+(?:the\s+)?next\b"
    r"|次の|次回|今後の作業|残(?:り|タスク)|다음|남은 작업|下一步|接下来|后续|待办)",
    re.IGNORECASE,
)
"""Headings of the part of a handoff that is orders by nature (its next steps, "What the next
agent should do", "Instructions for the next agent", "Resume instructions", "次の作業", "다음
작업")."""
_DONE = re.compile(
    r"^\s{0,3}#+\W*(?:\d+[.)]?\s*)?(?:what\s+(?:has|have|was|were)\s+(?:been\s+)?)?"
    r"(?:(?:recent(?:ly)?|last|already|work|steps|tasks)\s+)?"
    r"(?:completed|done|finished|accomplished|verified)\b(?!\s+(?:when|if|criteria|condition))",
    re.IGNORECASE,
)
"""Headings of a section that records work done ("## Completed Steps", "## What Has Been
Completed", "## Recent Verified Commands"): its items ("1. Request ID …", "- `make check`")
are a record, not orders."""
_CHECKLIST = re.compile(r"^\s{0,3}#+.*(?:checklist|체크리스트|チェックリスト)", re.IGNORECASE)
"""Headings of a checklist ("## 세션 시작 체크리스트", session start checklist): its items are
orders, whichever word order they are in."""
MIN_ORDER_LINES = 5
"""A file of orders has at least this many prose lines ..."""
MIN_ORDER_SHARE = 0.25
"""... at least this share of them start with a command, and they record no session
(``records_session``)."""


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _outside_led_lists(prose: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """``prose`` without the past-tense items of a list an order introduces ("Review the
    conversation and identify:" over "- What was accomplished"): they spell out the order,
    and their past tense asks for a record rather than keeping one. Under an order to write a
    handoff ("2. Update HANDOFF.md with these sections:") every item names a part to write
    ("- **State**: what works"), unless it states a fact ("- **State**: GBP refunds fail in
    src/pay/fx.py line 88"): that is the note filled in. An item leads the items indented
    under it."""
    kept: list[tuple[int, str]] = []
    led, writes, last, depth = False, False, 0, -1
    for number, line in prose:
        indent = len(line) - len(line.lstrip())
        if led and LIST_ITEM.match(line) and number - last <= 2 and indent > depth:
            last = number
            if (writes and not states_fact(line)) or (not writes and RECORD.search(line)):
                continue
            kept.append((number, line))
            continue
        sentence = _SENTENCE_END.split(line.strip())[-1]
        led = order(sentence) and line.rstrip().endswith(":")
        writes = led and writes_handoff(sentence)
        depth = indent if LIST_ITEM.match(line) else -1
        kept.append((number, line))
        last = number
    return kept


def _records(heading: str) -> bool:
    """``heading`` names a section of state, decisions or dead ends ("## 진행 상황")."""
    return heading_facet(heading.lstrip().lstrip("#").strip()) in _RECORD_FACETS


def _keeps_own_record(text: str) -> bool:
    """``text`` holds a handoff's own content beside its checklists: a line under a next-steps
    heading ("## 다음 작업") or under one of state, decisions or dead ends ("## 진행 상황", "##
    결정 사항"), its title aside. A checklist there ("## 세션 시작 체크리스트") is the session's
    routine, not the file's whole point: its bare verbal nouns are no orders to its writer."""
    heading, later_level, titled = "", 0, False
    for _, line in prose_lines(text, headings=True):
        if HEADING.match(line):
            level = len(line.lstrip()) - len(line.lstrip().lstrip("#"))
            if not (later_level and level > later_level):
                heading = line if titled else ""
                later_level = level if heading and _LATER.search(heading) else 0
            titled = True
        elif later_level or (heading and not _CHECKLIST.search(heading) and _records(heading)):
            return True
    return False


_COMMIT = re.compile(COMMIT_HASH)
_SAMPLE_HASHES = frozenset({"abc1234", "abcdef1", "1234abc", "a1b2c3d", "deadbeef", "cafebabe"})


def _names_commit(text: str) -> bool:
    """``text`` names a real commit: work that was done in the repository, which a prompt or a
    command written for any session never names (a sample hash like ``abc1234`` aside)."""
    return any(found not in _SAMPLE_HASHES for found in _COMMIT.findall(text))


def orders(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that start with a command, when the file is written as orders to
    its reader (an agent's prompt, a brief or spec for a step not yet taken, a standing style
    brief) and records no session; ``[]`` otherwise. A next-steps section is left out: it is
    the one part of a handoff written as orders; ``MIN_STATE_REPORTS`` items saying where the
    work stands now ("… now returns …", "… is removed"), or a commit named by its hash, make the
    file a task queue kept as a handoff."""
    later, done, checklist, fenced = set(), set(), set(), False
    heading, later_level, titled = "", 0, False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and HEADING.match(line):
            level = len(line.lstrip()) - len(line.lstrip().lstrip("#"))
            if later_level and level > later_level:
                continue  # "### 1. Create the bucket" under "## What to Do": still next steps
            heading = line
            # A title ("# Next session: …") names the file; its subheadings are not its steps.
            later_level = level if titled and _LATER.search(line) else 0
            titled = True
        elif later_level or _LATER.search(heading):
            later.add(number)
        elif _DONE.match(heading):
            done.add(number)
        elif _CHECKLIST.search(heading):
            checklist.add(number)
    if checklist and _keeps_own_record(text):
        checklist = set()  # "## 세션 시작 체크리스트" beside "## 진행 상황": a handoff's routine
    prose = _outside_led_lists([(n, line) for n, line in prose_lines(text) if n not in later])
    commands = [
        (n, short(line.strip()))
        for n, line in prose
        if (order(line) or verb_final_order(line, n in checklist)) and n not in done
    ]
    if len(prose) < MIN_ORDER_LINES or len(commands) < MIN_ORDER_SHARE * len(prose):
        return []
    if records_session(prose) or _names_commit(text):
        return []
    reports = sum(1 for _, line in prose if reports_state(line))
    return [] if reports >= MIN_STATE_REPORTS else commands


__all__ = ["instructions", "orders", "writes_handoff"]
