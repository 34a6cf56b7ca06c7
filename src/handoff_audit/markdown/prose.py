"""The reading of a hand-written file's prose lines that the other readings share.

The readings of a hand-written handoff (``template``: still a template?; ``prompts``: a prompt or
a guide to writing one?; ``stub``; ``standing``: a manual?) each read the text line by line
outside code blocks, and ask the same questions of its lines: which are prose, which hold a
template's placeholder, which give an order, which record a session (a real date, a ticked box,
a status field filled in, past tense). Never raises, whatever the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache, partial

from handoff_audit.textcut import shorten

FENCE = re.compile(r"^\s{0,3}(?:```|~~~)")
"""A line opening or closing a fenced code block."""
HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
"""An ATX heading's line."""

short = partial(shorten, limit=60, squeeze=True)
"""A quoted line: one line, at most 60 characters."""

_PROSE_FENCES = frozenset({"text", "txt", "md", "markdown", "prompt", "plaintext"})
"""Fenced blocks of these kinds hold prose (a prompt, a markdown sample), not code or output."""


# The readings of one file (placeholders, instructions, orders, stub, standing) each ask for
# its prose lines, some more than once; a file is read by all of them in a row.
@lru_cache(maxsize=8)
def prose_lines(
    text: str, *, prose_fences: bool = False, headings: bool = False
) -> tuple[tuple[int, str], ...]:
    """Each non-blank line outside code blocks, with its number; headings excluded unless
    ``headings``. With ``prose_fences``, lines in ```text / ```md blocks count too (where
    prompts are quoted)."""
    lines: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            kind = line.strip().lstrip("`~").strip().lower()
            fenced = not fenced and not (prose_fences and kind in _PROSE_FENCES)
            continue
        if fenced or not line.strip() or (HEADING.match(line) and not headings):
            continue
        if set(line.strip()) <= set("-|=:*_ "):
            continue  # a rule or a table's divider
        lines.append((number, line))
    return tuple(lines)


_HEADING_TEXT = re.compile(r"^\s{0,3}#{1,6}\s+(.*)")
BARE_LABEL = re.compile(r"^\s{0,3}(?:\*\*)?[^\W\d][^:：*\n]{0,40}[:：](?:\*\*)?\s*$")
"""A line that is only a label ("BRANCH:", "**Risks:**"): a form's field, or a section of a
form quoted in a block."""


def heading_texts(text: str) -> list[str]:
    """The text of each heading outside code blocks, in order."""
    found = (_HEADING_TEXT.match(line) for _, line in prose_lines(text, headings=True))
    return [match.group(1) for match in found if match is not None]


_PREFIX = re.compile(
    r"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[[ xX]\]\s*)?(?:\*\*[^*\n]{1,40}\*\*\s*:?\s*)?"
    r"(?:[A-Za-z][\w /()-]{0,30}:\s+)?"
)
"""A line's list marker, checkbox and ``**Label:**`` / ``Label:`` before its value."""

_HTML_TAGS = (
    "br|hr|p|div|span|a|b|i|u|em|strong|code|pre|kbd|sub|sup|img|details|summary|table|tr|td|"
    "th|ul|ol|li|small|mark|del|ins|picture|source|video|center|h[1-6]"
)
_PARENTHESISED = "a (parenthesised) placeholder"
_ANGLED = "an <…> placeholder"
_BRACKETED = "a [bracketed] placeholder"
_TEMPLATE_VARIABLE = "a template variable"
_CODE_SPAN = re.compile(r"`[^`\n]+`")
_OPTIONS = re.compile(
    r"\[\s*(?:--?[A-Za-z][\w-]*(?:[ =][^\s\]]+)?(?:\|--?[A-Za-z][\w-]*)*|[\w-]+(?:\|[\w-]+)+)\s*\]"
)
"""A command synopsis's optional part (``[--slug <slug>]``, ``[--dry]``, ``[audit|dump]``)."""
_FLAG_BEFORE = re.compile(r"(?<!\w)--?[A-Za-z][\w-]*[ =]$")
"""An option flag right before a ``<value>`` (``--slug <slug>``)."""
_FILL_IN = re.compile(
    r"^(?:(?:state|describe|list|summari[sz]e|note|record|explain|document|specify|mention)\s+"
    r"(?:(?:the|any|all|a|an|each|your)\s+)?|list of\s+)"
    r"(?:(?:current|immediate|active|next|key|relevant|main|known|logical|open|recent|pending)\s+)"
    r"{0,3}(?:session\s+)?(?:objectives?|goals?|tasks?|steps?|blockers?|files?|decisions?|changes?|"
    r"issues?|progress|status|risks?|questions?|work)"
    r"(?:\s+(?:modified|changed|touched|made|taken|done))?"
    r"(?:\s+(?:for|in|of|during)\s+(?:the|this)\s+(?:next\s+|current\s+)?session)?"
    r"(?:\s+or\s+[a-z]+(?:\s+[a-z]+)?)?(?:\s+here)?\W*$",
    re.IGNORECASE,
)
"""A template's line that tells the writer what to put in its section ("State the immediate
active task.", "List of files modified in this session."), and nothing else."""
_PLACEHOLDER_TOKENS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a date to fill in", re.compile(r"\bYYYY[-/.]MM[-/.]DD\b|\bDD[-/.]MM[-/.]YYYY\b|\bHH:MM\b")),
    ("a number to fill in", re.compile(r"(?<![\w.])~?X{2,3}(?:\.X+)?\s?%|(?<![\w-])XX+(?![\w-])")),
    (_TEMPLATE_VARIABLE, re.compile(r"\{\{[^{}\n]{1,80}\}\}|\$\{[A-Z_]{2,40}\}")),
    (
        _ANGLED,
        re.compile(rf"<(?!(?:/?(?:{_HTML_TAGS})\b|!--|https?:|mailto:))[A-Za-z][^<>\n]{{0,80}}>"),
    ),
    (
        _BRACKETED,
        re.compile(
            # the lookahead stays inside the brackets: "[[[[…" must not be read once per "["
            r"(?<![!\]\\])\[(?![ xX]\]|\^|\d+\])(?=[^\[\]\n]{0,119}[a-z])[^\[\]\n]{3,120}\]"
            r"(?![(\[:])|(?<![!\]\\])\[[A-Z][A-Z0-9]{0,40}_[A-Z0-9_]{1,40}\](?![(\[:])"
        ),
    ),
    (
        "a {braced} placeholder",
        # a space somewhere before the closing brace, found by a lookahead: the run is read once
        re.compile(
            r"(?<![`$\w{])\{(?:[A-Z][A-Z0-9_]{1,40}|[A-Za-z](?=[^{}\n]*\s)[^{}\n]*)\}(?![`}])"
        ),
    ),
    (
        _PARENTHESISED,
        re.compile(
            r"^[*_]{0,2}\((?!\W*(?:none|nothing|n/?a|no|not|unchanged|same|see)\b)"
            r"(?=[^()\n]*[^\W\d_])[^()\n]{3,160}\)[*_]{0,2}\W*$",
            re.IGNORECASE,
        ),
    ),
    ("an instruction to fill in", _FILL_IN),
    ("TBD", re.compile(r"(?:^|:\s*)(?:TBD|TBA|TODO|FIXME|\.\.\.|…)\W*$")),
    ("a <!-- --> placeholder", re.compile(r"`<!--[^`\n]{0,80}-->`|^\s*<!--[^>\n]{0,80}-->\s*$")),
    ("an empty table cell", re.compile(r"\|[^|\n]*\S[^|\n]*\|(?:[ \t]*\|){2,}[ \t]*$")),
    ("an empty table row", re.compile(r"^\s*\|(?:\s*[—–]\s*\|){2,}\s*$")),
    ("a choice to tick", re.compile(r"^(?!.*\[[xX✓✔]\]).*\[ \][^\[\]\n]{1,40}[|/]\s*\[ \]")),
)
_EMPTY_TASK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[ \]\s*$")
_WORDS = re.compile(r"[^\W\d_]{2,}")
_IN_PROSE = frozenset({_BRACKETED, "a {braced} placeholder"})


def placeholder_in(line: str) -> str | None:
    """What makes ``line`` a template's placeholder; ``None`` when it says something."""
    if _EMPTY_TASK.match(line):
        return "an empty checklist item"
    prefix = _PREFIX.match(line)
    label = prefix.group(0) if prefix is not None else ""
    value = line[len(label) :]
    for what, pattern in _PLACEHOLDER_TOKENS:
        match = pattern.search(value)
        if what == _ANGLED:
            match = next((m for m in pattern.finditer(value) if not _parameter(value, m)), None)
        elif what == _BRACKETED:
            match = next((m for m in pattern.finditer(value) if not _OPTIONS.match(m[0])), None)
        elif what == _TEMPLATE_VARIABLE:
            # `{{ .Values.image.tag }}`, `${{ github.ref }}`: Helm, Jinja or Actions code quoted
            match = next((m for m in pattern.finditer(value) if not _in_code(value, m)), None)
        if match is None:
            continue
        # "**Term** (what it means)" glosses a term; a field's blank follows a colon
        if what == _PARENTHESISED and "**" in label and ":" not in label:
            continue
        rest = value[: match.start()] + value[match.end() :]
        # A placeholder inside a long sentence of real words is an example, not a blank.
        if what in _IN_PROSE and len(_WORDS.findall(rest)) > 8:
            continue
        return what
    return None


_BARE_SLOT = re.compile(r"\{\{\s*[a-z][a-z0-9]*(?:_[a-z0-9]+)*\s*\}\}")
"""A code span that is a template's slot and nothing else: ``{{ next_step }}``, ``{{date}}``."""


def _in_code(value: str, found: re.Match[str]) -> bool:
    """``found`` lies inside a code span of ``value``: quoted code, not a blank to fill in,
    unless the span is a bare slot (`_BARE_SLOT`) standing alone as the value (after a
    bullet, a checkbox or a label, `_PREFIX`): a template writing its blanks as code
    (``- `{{ next_step }}` ``). In a sentence with other words (``Change `{{ user_name }}`
    to …``) it is code, as Helm, Jinja and Actions expressions (dots, pipes, calls,
    ``${{ … }}``) always are."""
    return any(
        span.start() < found.start()
        and found.end() < span.end()
        and not (_bare(span) and _slots_alone(value))
        for span in _CODE_SPAN.finditer(value)
    )


def _bare(span: re.Match[str]) -> bool:
    return _BARE_SLOT.fullmatch(span.group(0)[1:-1].strip()) is not None


def _slots_alone(value: str) -> bool:
    """``value`` says nothing but its bare-slot code spans (punctuation between them aside)."""
    rest = _CODE_SPAN.sub(lambda span: "" if _bare(span) else span.group(0), value)
    return re.search(r"\w", rest) is None


def _parameter(value: str, blank: re.Match[str]) -> bool:
    """A ``<name>`` inside a code span with more than itself (`data/<slug>.json`, `run.py
    --ingest <id>`), or the value of an option (``--slug <slug>``): a parameter of a path or
    command pattern, not a blank to fill in."""
    if _FLAG_BEFORE.search(value, 0, blank.start()):
        return True
    for span in _CODE_SPAN.finditer(value):
        if span.start() < blank.start() and blank.end() < span.end():
            return span.group(0)[1:-1].strip() != blank.group(0)
    return False


DATED = re.compile(r"\b(?:19|20)\d\d[-/.\u5e74]\s?\d{1,2}\b|\[[xX]\]|\u2705")
"""A real date or a ticked box: a record of something done, which a template lacks."""
_YAML_KEY = r"[\"']?[A-Za-z_][\w.-]*[\"']?[ \t]*:(?:[ \t][^\n]*)?\n"
_YAML_SKIP = r"(?:[ \t]*\n|#[^\n]*\n)"
"""A blank line or a YAML comment (``# keep in sync``)."""
_YAML_LINE = rf"(?:{_YAML_SKIP}|[ \t]+\S[^\n]*\n|-(?:[ \t][^\n]*)?\n|{_YAML_KEY})"
FRONT_MATTER = re.compile(
    rf"\A---[ \t]*\n(?={_YAML_SKIP}*{_YAML_KEY})((?:{_YAML_LINE}){{0,40}}?)"
    r"(?:---|\.\.\.)[ \t]*(?:\n|\Z)"
)
"""Front matter: YAML opening the file, between a ``---`` line 1 and a ``---`` (or ``...``) line,
its first line other than comments (``# …``) and blanks a ``key: value``, and every other one
a key, a ``- item``, an indented continuation, a comment or blank. A file opening with a
``---`` rule over a title, or over prose, is markdown: reading it as front matter would hide
its sections (and ``render --write`` would drop what a person wrote in them)."""
_FRONT_MATTER_AT = re.compile(FRONT_MATTER.pattern.removeprefix(r"\A"))
_LEADING_COMMENTS = re.compile(r"(?:[ \t]*(?:<!--(?:(?!-->).)*-->[ \t]*)*\n)*", re.DOTALL)
"""Blank lines and lines of nothing but HTML comments, which a generator may put first ("<!--
GENERATED by scripts/sync.mjs. Do not edit by hand. -->")."""


def command_front_matter(text: str) -> re.Match[str] | None:
    """The front matter of an agent's command file: at its top, or under the HTML comments and
    blank lines that open it (an agent tool reads the front matter past them)."""
    return FRONT_MATTER.match(text) or _FRONT_MATTER_AT.match(
        text,
        _LEADING_COMMENTS.match(text).end(),  # type: ignore[union-attr]
    )


_AGENT_KEY = re.compile(
    r"^(?:allowed-tools|argument-hint)[ \t]*:.*$|^mode[ \t]*:[ \t]*[\"']?agent[\"']?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
"""Keys only an agent's command or prompt file sets in its front matter: the tools it may call,
its argument's hint, ``mode: agent`` (a VS Code prompt file)."""


_ADDRESSED = re.compile(
    r"^\s{0,3}#{1,6}\s+\W*(?:instructions?|instrucciones|instructions|anweisungen|steps|pasos|"
    r"étapes|schritte|rules|reglas|règles|regeln|procedure|procedimiento|手順|ステップ|步骤|规则)"
    r"\W*$|\byour (?:job|task|role) (?:here )?is to\b|\bthis command\b|このコマンド|本命令",
    re.IGNORECASE | re.MULTILINE,
)
"""A body that addresses the agent running it: a heading over its instructions, steps or rules,
"Your job is to …", "This command …"."""


def agent_front_matter(text: str) -> tuple[int, str] | None:
    """The line of the first key of ``text``'s front matter that only an agent's command sets
    (`_AGENT_KEY`), with its text, over a body that addresses the agent running it
    (`_ADDRESSED`); ``None`` otherwise: such keys over a note's own sections make no command."""
    block = command_front_matter(text)
    if block is None or _ADDRESSED.search(text, block.end()) is None:
        return None
    key = _AGENT_KEY.search(text, block.start(), block.end())
    if key is None:
        return None
    return text.count("\n", 0, key.start()) + 1, key.group().strip()


HANDOFF_TITLE = re.compile(r"^\s{0,3}#{1,6}\s[^\n]*\bhand-?(?:off|over)\b", re.I | re.M)
"""A title calling the file a handoff: it is judged as one (and told what to add), never waved
through as a stub, nor as a standing document unless its sections are a reference's."""


_ORDER_WORDS = """
add always analyse analyze append ask avoid build call capture change check choose clarify commit
confirm copy create define delete describe determine document do don't end ensure explain extract
fill follow generate get give go identify include install keep list load look make mark modify move
never note open output paste prefer prepare produce provide put read record refactor remove repeat
replace report request return review run save set show skip start state stop summarise summarize
tell think track try update use verify wait write
"""
_ORDER_VERBS = frozenset(_ORDER_WORDS.split())
"""Verbs a line of orders starts with ("Create …", "Do not …", "Wait for …")."""
ORDER_LEAD = re.compile(
    r"^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[[ xX]\]\s*)?(?:\*\*[^*\n]{1,40}\*\*\s*:?\s*)?"
    r"[^\w\s']*(?:(?:then|also|please|first|finally|and)\b,?\s*)?"
)
_FIRST_WORD = re.compile(r"[A-Za-z']+")
RECORD = re.compile(
    r"\b(?:fixed|added|implemented|completed|created|updated|removed|refactored|merged|moved|"
    r"renamed|wrote|tested|found|discovered|changed|built|shipped|resolved|switched|replaced|"
    r"deployed|migrated|was|were|did|had|got|now)\b|\[[xX]\]|\u2705|\b20\d\d-\d\d-\d\d\b",
    re.IGNORECASE,
)
"""What a session record says: past tense, ticked boxes, dates, "now"."""


_DESCRIBED = re.compile(
    r"\b(?:is|are|be|being|gets?)\s+(?:(?:not|never|also|only|then|always|\w+ly)\s+){0,2}"
    r"(?:fixed|added|implemented|completed|created|updated|removed|merged|moved|renamed|tested|"
    r"found|discovered|changed|built|shipped|resolved|switched|replaced|deployed|migrated)\b",
    re.IGNORECASE,
)
"""A participle in the present or with a modal ("is created", "are rejected", "can be
replaced"): how a thing behaves, not what a session did."""


def recorded(line: str) -> bool:
    """``line`` says what happened (``RECORD``), a participle describing how a thing behaves
    ("is created", "can be replaced") aside."""
    return RECORD.search(_DESCRIBED.sub(" ", line)) is not None


_FACT = re.compile(
    r"`[^`\n]+`|\d|\w\(\)|(?<![\w@/.-])(?:[\w.-]+/){2,}|(?<![\w./-])/?(?:[\w.-]+/)+[\w.-]*\.[A-Za-z]{1,5}\b"
    r"|(?<![\w-])[\w-]+\.(?:py|pyi|js|jsx|ts|tsx|go|rs|rb|java|kt|c|h|cpp|cs|php|sh|md|json|ya?ml|toml|"
    r"sql|html?|css|txt|lock|cfg|ini)\b"
)
"""What only a line stating a fact holds: a code span, a number ("42 tests pass", "line 88"), a
call (``refund()``), a path or a file name (``src/pay/fx.py``). A path or name starts where no
name character stands before it, so a long run of them is tried once, not from each of its
characters (linear time on any line)."""
_ITEM_MARK = re.compile(r"^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+")


def states_fact(line: str) -> bool:
    """``line``, past its list marker, states a fact (``_FACT``: "GBP refunds fail in
    src/pay/fx.py line 88", "42 tests pass") rather than describing what to write there ("what
    works and what is broken"): a handoff's content, even under an order to write one."""
    return _FACT.search(_ITEM_MARK.sub("", line, count=1)) is not None


def order(line: str) -> bool:
    """``line`` starts with a command ("Create …", "- Do not …"), past its list marker."""
    word = _FIRST_WORD.match(ORDER_LEAD.sub("", line, count=1))
    return word is not None and word.group(0).lower() in _ORDER_VERBS


_VERB_FINAL_ORDER = re.compile(
    r"(?:세요|십시오|하시오|하라|할 것|하지 말 것|してください|して下さい|ください|すること|"
    r"しないこと|しなさい|せよ|しましょう)$"
)
"""A Korean or Japanese line that ends on a command, as verb-final languages put it ("`PROJECT_
STATUS.md`를 확인하세요", "作業ログを更新してください", "決定を記録すること"): an order, whose verb
no first word shows."""
_NOUN_ORDER = re.compile(
    r"(?:확인|점검|반영|추가|기록|작성|실행|검토|정리|갱신|업데이트|確認|記録|更新|追加|実行)$"
)
"""A checklist item that ends on a bare verbal noun ("`docs/ops/PROJECT_STATUS.md` 확인", check
the status file, under "## 세션 시작 체크리스트"): an order only under a checklist's heading, for
elsewhere a Korean note says the same of work done ("테스트 통과 확인", tests checked)."""
_TRAILING = re.compile(r"[\s*_.!。！]+$")


def verb_final_order(line: str, checklist: bool = False) -> bool:
    """``line`` ends on a Korean or Japanese command (``_VERB_FINAL_ORDER``), or, when it is an
    item of a checklist (``checklist``), on a bare verbal noun (``_NOUN_ORDER``)."""
    said = _TRAILING.sub("", line)
    if _VERB_FINAL_ORDER.search(said):
        return True
    return checklist and LIST_ITEM.match(line) is not None and _NOUN_ORDER.search(said) is not None


STATUS_FIELD = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\*\*)?(?:(?:current\s+|overall\s+)?(?:status|state|progress)"
    r"|current\s+(?:branch|task|phase|focus|milestone|step))(?:\*\*)?"
    r"\s*[:\uff1a](?![*_\s]*(?:n/?a|not applicable|none)\b)(?:\*\*)?\s*\S"
    r"|^\s*(?:[-*+]\s+)?(?:\*\*)?(?:phase|stage)(?:\*\*)?\s*[:\uff1a](?:\*\*)?[^\n]{0,80}?"
    r"\b(?:complete|completed|done|finished|committed|merged|shipped)\b",
    re.IGNORECASE,
)
"""A status field with a value ("**Status**: Ready for deployment", "**Current branch:** `x`"),
or a phase field that says it is done ("**Phase:** plan COMPLETE and committed"): where the
work stands. "Status: n/a" says the file has none."""


_TICK = re.compile(r"\[[xX]\]|\u2705")
MIN_TICKED = 3
"""Lines ticked off (``- [x] …``, ``✅ Fixed``, a status table's ✅ rows) that record a
session: done work, however much of the rest is orders for the next one."""
RECORD_SHARE = 0.25
"""Prose at least this share of whose lines say what happened is a session's record."""


def records_session(prose: Sequence[tuple[int, str]]) -> bool:
    """At least ``RECORD_SHARE`` of ``prose`` says what happened, a status field filled
    in says where the work stands, or ``MIN_TICKED`` lines tick work off."""
    if any(STATUS_FIELD.match(line) and placeholder_in(line) is None for _, line in prose):
        return True
    # "Mark completed items with ✅" orders ticks, it ticks nothing itself
    if sum(1 for _, line in prose if _TICK.search(line) and not order(line)) >= MIN_TICKED:
        return True
    # "Mark any completed items" orders a record kept, it records nothing itself
    records = sum(1 for _, line in prose if recorded(line) and not order(line))
    return records >= RECORD_SHARE * len(prose) and records > 0


_STATE_NOW = re.compile(
    r"(?<![Rr]ight )(?<![Ff]or )(?<![Ff]rom )(?<![Uu]ntil )(?<=\w )now [a-z]{3,}"
    r"|(?i:\b(?:is|are|has been|have been)\s+(?:now\s+|already\s+)?(?:in place|removed|fixed|"
    r"resolved|done|complete|completed|implemented|merged|deployed|shipped|wired|live)\b)"
    r"|(?i:\b(?:has|have)\s+(?:already\s+)?(?:been\s+)?[a-z]+ed\b)"
)
"""Where the work stands, said in the present: "Coach now displays …", "the checks are in
place", "the fake path is removed", "has been merged"."""
_ASKED = re.compile(
    r"\b(?:what|which|whether|if|when|whenever|once|after|before|until|unless)\b.*$", re.I
)
"""A clause asking for a record or setting a condition ("describe what has changed", "if it
is fixed"): it reports nothing."""
_OPEN_BOX = re.compile(r"\[ \]")
LIST_ITEM = re.compile(r"^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s")
"""A list item's line (in a quote too)."""
MIN_STATE_REPORTS = 3
"""List items saying where the work stands now that make a file of orders a handoff's status
list with its next steps, as ``MIN_TICKED`` ticked items do, and say the state of the work
when no other cue does."""


def reports_state(line: str) -> bool:
    """``line`` is a list item, neither an order nor an open box (a criterion to meet), whose
    main clause says where the work stands now (``_STATE_NOW``)."""
    if not LIST_ITEM.match(line) or order(line) or _OPEN_BOX.search(line):
        return False
    return _STATE_NOW.search(_ASKED.sub("", line)) is not None


def keeps_record(prose: Sequence[tuple[int, str]]) -> bool:
    """A real date, a ticked box or a session record in ``prose``: a handoff's, not a guide's."""
    joined = "\n".join(line for _, line in prose)
    return DATED.search(joined) is not None or records_session(prose)


__all__ = [
    "BARE_LABEL",
    "DATED",
    "FENCE",
    "FRONT_MATTER",
    "HANDOFF_TITLE",
    "HEADING",
    "LIST_ITEM",
    "MIN_STATE_REPORTS",
    "ORDER_LEAD",
    "RECORD",
    "STATUS_FIELD",
    "heading_texts",
    "keeps_record",
    "order",
    "placeholder_in",
    "prose_lines",
    "recorded",
    "records_session",
    "reports_state",
    "short",
    "states_fact",
]
