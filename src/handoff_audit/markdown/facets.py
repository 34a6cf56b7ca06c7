"""Where a hand-written handoff says each thing the next session needs, read from its text.

Five facets: the **state** (what was done, what is true now), the **next** step, **decisions**
with their reasons, what was **ruled out** (tried, rejected, traps), and **pointers** (paths,
links, commits). Two signals count, like a careful reader's:

- a heading or a short ``Label:`` line that names the facet ("Follow-ups", "Design record",
  "Gotchas", "Key code waypoints", "Snapshot"), with something written under it;
- the content anywhere: a path, ``path:line``, URL, commit id or test name is a pointer; a
  "NEXT:" line, an unchecked ``- [ ]`` item or "the next session should" is a next step; a choice
  with its reason in one sentence ("chose X because", "X — so that") is a decision; "tried",
  "didn't work", "rejected", "gotcha", "don't X — why" is something ruled out; "tests pass",
  "currently" is state. Weak cues (a bare "because", "instead of", "don't", a line starting
  "Added ...") count only when found in ``WEAK_NEEDED`` separate blocks: one stray word is no
  facet, which is where a lenient reading went wrong on files it had not seen.

Only markdown-it's block tokens are built (headings, list items, paragraphs, code, each with
its lines); text inside a block is read with regular expressions. That keeps a file well under
a millisecond per kilobyte. Never raises, whatever the text.

The heading phrases are package data (``markdown/cues/headings.json``); the content cues, regular
expressions built with code, stay here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache, partial
from importlib import resources
from typing import TYPE_CHECKING

from handoff_audit.markdown.headings import normalise
from handoff_audit.textcut import shorten

_short = partial(shorten, limit=80, squeeze=True)
"""Evidence is quoted on one line of at most 80 characters."""

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


def _cue_data(name: str) -> list[tuple[str, list[str]]]:
    """A word list of package data (``markdown/cues/NAME``): [facet, phrases] pairs, in order."""
    text = resources.files("handoff_audit.markdown").joinpath("cues", name).read_text("utf-8")
    return [(facet, phrases) for facet, phrases in json.loads(text)]


FACETS = ("state", "next", "decisions", "ruled_out", "pointers")
"""In the order a reader looks for them."""

# Heading phrases per facet (package data: markdown/cues/headings.json), matched as whole words
# in the normalised heading. The first facet with a phrase in the heading wins, so the order
# settles overlaps ("Quick start for the next AI" is setup, "Known issues" are risks and "Ideas
# for later" a wish list: none of them is a next step; "Files changed" is pointers, not state).
# Setup, risks and ideas are no facet: they only keep their sections from counting for one.
_HEADING_PHRASES: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (facet, tuple(phrases)) for facet, phrases in _cue_data("headings.json")
)

# The packet's canonical headings (a rendered twin written by hand) and their facets.
_CANONICAL = {
    "next action": "next",
    "summary": "state",
    "failed attempts": "ruled_out",
    "decisions": "decisions",
    "ruled out": "ruled_out",
    "traps": "ruled_out",
    "changed files": "pointers",
    "verification": "pointers",
    "pointers": "pointers",
}


# Quoted text in a heading is what something says ('Fix "Failed to fetch"'), not its topic;
# "Lesson 2" is a unit of a course, not a lesson learned.
_QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|\blessons? \d', re.IGNORECASE)

_HEADING_PATTERNS = tuple(
    (facet, re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, phrases)) + r")(?!\w)"))
    for facet, phrases in _HEADING_PHRASES
)


def heading_facet(heading: str) -> str | None:
    """The facet a heading names (or ``setup``, ``risks``, ``ideas``); ``None`` for none."""
    text = normalise(_QUOTED.sub(" ", heading))
    if not text:
        return None
    if text in _CANONICAL:
        return _CANONICAL[text]
    for facet, pattern in _HEADING_PATTERNS:
        if pattern.search(text):
            return facet
    return None


_LABEL = re.compile(
    r"^[^\w\n]{0,3}([A-Za-z][\w /&'()-]{0,30}?)\s*\**\s*:\**(?:[ \t]+(.*)|$)", re.MULTILINE
)

# --- content cues: each names its facet and what it recognised -------------------------------

_EXT = (
    r"py|pyi|ts|tsx|js|jsx|mjs|cjs|rs|go|md|mdx|json|jsonl|ya?ml|toml|sh|bash|zsh|ps1|rb|java|"
    r"kts?|swift|c|h|cc|cpp|hpp|cs|php|sql|html?|css|scss|txt|cfg|ini|lock|env|xml|gradle|vue|"
    r"svelte|lua|ex|exs|erl|dart|scala|r|ipynb|csv|proto|tf|dockerfile|mk|cmake|sol|zig|nix"
)
_POINTER_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("URL", re.compile(r"https?://[^\s)>\]`'\"]+")),
    (
        "path",
        re.compile(
            rf"(?<![\w@/.-])(?:[\w.-]{{1,80}}/){{1,12}}[\w.-]{{0,80}}\.(?:{_EXT})(?::\d+)?\b"
            rf"|(?<![\w/.@-])[\w-]{{1,80}}\.(?:{_EXT})(?::\d+)?\b(?![\w/.-])",
            re.IGNORECASE,
        ),
    ),
    ("path", re.compile(r"`\.{0,2}/?[\w.-]{1,80}(?:/[\w.*-]{1,80}){1,12}/?`|`[\w.-]{1,80}/`")),
    (
        "commit",
        re.compile(r"(?<![\w-])(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}(?![\w-])"),
    ),
    ("test name", re.compile(r"\btest_\w+|\w::\w|\bTest[A-Z]\w+")),
)

_NEXT_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("unchecked task", re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\[ \]\s+\S")),
    (
        "next-step wording",
        re.compile(
            r"\bnext (?:steps?|action|task|up)\b"
            r"|\bnext (?:session|time|agent|person|developer)\W{0,3}(?:should|must|needs? to|has to"
            r"|will need|can start|:|starts?|begins?|picks? up|first)"
            r"|\b(?:then|first), (?:run|fix|add|write|implement|finish|start|open|check)\b"
            r"|\b(?:still|remains?) to (?:do|be done|fix|write|implement)\b"
            r"|\bleft to do\b|\bfollow[- ]ups?\s*:|\bpick (?:it )?up\b"
            r"|(?:^|[.!]\s+)(?:TODO|FIXME)\b|\bshould (?:next|now)\b|\bwhat(?:'s| is) left\b"
            r"|\bnot (?:yet )?(?:done|started|implemented|finished)\b"
            r"|\bremaining(?:\s*:| (?:work|tasks?|items?|steps?|to-?dos?)\b)",
            re.IGNORECASE,
        ),
    ),
)

_REASON = (
    r"because|since|so that|so the|so we|so it|to avoid|to keep|to prevent|to make|to allow|"
    r"to support|to reduce|to ensure|in order to|due to|otherwise|as it|"
    r"(?:which|this|that) (?:means|keeps|avoids|ensures|guarantees)|"
    r"for (?:speed|safety|simplicity|performance|consistency)|"
    r"(?:is|was|are) (?:faster|simpler|safer|cheaper|required|needed)"
)


@dataclass(frozen=True, slots=True)
class _Near:
    """``then``, with ``before`` at most ``window`` characters ahead of it on the same line (or
    sentence). Linear in the text, where one ``before.{0,n}?then`` pattern is not."""

    before: re.Pattern[str]
    then: re.Pattern[str]
    window: int = 160
    sentence: bool = False
    clause: bool = True
    """With ``sentence``: a "; " ends it too ("don't X; it breaks Y" keeps its reason if not)."""
    from_before: bool = False
    """Find ``before`` first and look ahead for ``then`` (when ``before`` is the rarer one)."""

    def search(self, text: str) -> re.Match[str] | None:
        # A sentence ends at a stop followed by a space, so "server.js" or "e.g" does not end it.
        stops: tuple[str, ...] = ("\n",)
        if self.sentence:
            stops = (". ", "; ", "! ", "? ", "\n") if self.clause else (". ", "! ", "? ", "\n")
        if self.from_before:
            for match in self.before.finditer(text):
                start = match.end()
                end = min(len(text), start + self.window)
                for stop in stops:
                    found = text.find(stop, start, end)
                    end = found if found >= 0 else end
                if self.then.search(text, start, end):
                    return match
            return None
        for match in self.then.finditer(text):
            end = match.start()
            start = max(0, end - self.window)
            for stop in stops:
                found = text.rfind(stop, start, end)
                if found >= 0:
                    start = found + len(stop)
            if self.before.search(text, start, end):
                return match
        return None


_CHOICE = (
    r"\b(?:decided|decision|chose|chosen|choose|opted|went with|go with|prefer(?:red|s)?|"
    r"switched to|settled on|picked|adopted|kept|keep|use[sd]?|using|moved to|replaced|"
    r"intentional(?:ly)?|deliberate(?:ly)?|by design|on purpose|design(?:ed)?|"
    r"approach|must|always|changed|updated|set|made|added|capped|limited|pinned|disabled|"
    r"enabled|fixed with|fixed by)\b"
)
_STRICT_CHOICE = (
    r"\b(?:decided|decision|chose|chosen|opted|went with|settled on|picked|adopted|"
    r"intentional(?:ly)?|deliberate(?:ly)?|by design|on purpose)\b"
)
_DECISION_CUES: tuple[tuple[str, re.Pattern[str] | _Near], ...] = (
    (
        "a choice with its reason",
        _Near(
            re.compile(_CHOICE, re.IGNORECASE),
            re.compile(rf"\b(?:{_REASON})\b", re.IGNORECASE),
            sentence=True,
        ),
    ),
    (
        "a choice with its reason",
        _Near(
            re.compile(_STRICT_CHOICE, re.IGNORECASE),
            re.compile(r"\s[—–-]\s|:\s|\("),
            from_before=True,
        ),
    ),
    (
        "a reason",
        re.compile(
            r"\b(?:the reason (?:is|was|for|we|I)|rationale|recommend(?:ed|ation)|trade-?offs?)\b"
            r"|\b(?:reason|why)\**\s*:",
            re.IGNORECASE,
        ),
    ),
    (
        "a rule with its reason",
        _Near(
            re.compile(r"\b(?:do not|don't|never|always|must|keep|prefer)\b", re.IGNORECASE),
            re.compile(
                r"\s[—–]\s|\s--?\s|\bbecause\b|\bsince\b|\bso that\b|\bor else\b|\botherwise\b",
                re.IGNORECASE,
            ),
            sentence=True,
        ),
    ),
)

_RULED_OUT_CUES: tuple[tuple[str, re.Pattern[str] | _Near], ...] = (
    (
        "tried or rejected",
        re.compile(
            r"\b(?:tried|attempted|didn't work|did not work|doesn't work|does not work|"
            r"won't work|wouldn't work|rejected|ruled out|dead end|abandoned|"
            r"discarded|reverted|rolled back|gave up|not worth|didn't help|did not help|"
            r"red herring|not the cause|wrong approach|(?:failed|fails) because|"
            r"anti-pattern|was wrong|turned out|out of scope|"
            r"(?:intentionally|deliberately) (?:not|left|out|deferred|skipped|kept out))\b",
            re.IGNORECASE,
        ),
    ),
    (
        "removed, with its reason",
        _Near(
            re.compile(r"\b(?:removed|dropped|deleted|reverted|disabled)\b", re.IGNORECASE),
            re.compile(
                r"\b(?:because|since|as it|due to|in favou?r of|instead|conflict\w* with|"
                r"(?:was|were) (?:wrong|broken|unused|redundant|dead)|unused|redundant|obsolete|"
                r"no longer (?:needed|used))\b",
                re.IGNORECASE,
            ),
            sentence=True,
        ),
    ),
    (
        "a trap",
        re.compile(
            r"\b(?:gotchas?|traps?|pitfalls?|caveats?|watch out|be careful|beware|"
            r"lessons? learned|learned the hard way|footguns?)\b|\bwarning:",
            re.IGNORECASE,
        ),
    ),
    (
        "a warning with its reason",
        _Near(
            re.compile(
                r"(?:^|[.!:;—–*]\s+|\*\*)(?:don't|do not|never|avoid)\b"
                r"|\b(?:must not|mustn't|should not|shouldn't)\b",
                re.IGNORECASE | re.MULTILINE,
            ),
            re.compile(
                r"\s[—–]\s|\s--?\s|:\s|\b(?:because|since|otherwise|or (?:else|it|the|you)|"
                r"will (?:break|fail|lose|corrupt)|breaks|it (?:breaks|fails|will)|"
                r"causes?|caused|due to|as it|which|fails?)\b",
                re.IGNORECASE,
            ),
            sentence=True,
            clause=False,
            from_before=True,
        ),
    ),
)

_STATE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "work done",
        re.compile(
            r"^\W{0,4}(?:added|fixed|implemented|created|refactored|removed|updated|moved|renamed|"
            r"wrote|built|shipped|merged|completed|finished|migrated|replaced|extracted|converted|"
            r"introduced|deployed|released|bumped|enabled|disabled|resolved|verified|tested|"
            r"documented|cleaned|improved|optimi[sz]ed|switched|upgraded|integrated|configured|"
            r"ported|reworked|rewrote|deleted|landed|published|set up|wired|hardened)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "status",
        re.compile(
            r"\b(?:tests? (?:pass|passing|passed|green|fail|failing|red)|\d+ (?:tests? )?"
            r"(?:passed|passing|failing|failed)|currently|is now|are now|now (?:works|passes|"
            r"supports|uses)|in progress|work in progress|WIP|blocked on|is done|are done|"
            r"completed|(?:is|are|now|fully|not yet) (?:complete|working)|status:|"
            r"last commit|as of|already (?:exists?|checked|done|implemented|in place|merged)|"
            r"(?:is|are|now) on main|merged (?:in)?to main)\b|✅|✓|☑|\[x\]",
            re.IGNORECASE,
        ),
    ),
)

Cue = tuple[str, "re.Pattern[str] | _Near", bool]
"""A content cue: its name, its pattern, and whether it is anchored at a line's start."""


def _cues(plain: tuple[tuple[str, re.Pattern[str] | _Near], ...]) -> tuple[Cue, ...]:
    # A cue anchored at a line's start reads the block line by line (re.MULTILINE); the others
    # read it as one line, so that "rather\nthan" wrapped in the source still counts.
    found: list[Cue] = []
    for name, pattern in plain:
        if isinstance(pattern, _Near):
            found.append((name, pattern, False))
            continue
        anchored = pattern.pattern.startswith(("^", "(?:^"))
        flags = pattern.flags | re.MULTILINE if anchored else pattern.flags
        found.append((name, re.compile(pattern.pattern, flags), anchored))
    return tuple(found)


# Weak cues: one alone is a stray word ("because", "instead of", "don't"), so a facet counts
# from them only when they turn up in at least WEAK_NEEDED separate blocks.
_WEAK_CUES: dict[str, tuple[Cue, ...]] = {
    # One "Added …" line is an aside; a state is several of them.
    "state": _cues(_STATE_CUES[:1]),
    "decisions": _cues(
        (
            (
                "reasons",
                re.compile(
                    r"\b(?:because|due to|so that|in order to|to avoid|to prevent|which means)\b"
                    r"|\b(?:fixed|solved|resolved|handled|worked around) (?:this|it) (?:by|with)\b",
                    re.IGNORECASE,
                ),
            ),
        )
    ),
    "ruled_out": _cues(
        (
            (
                "alternatives and failures",
                re.compile(
                    r"\b(?:instead|rather than|workaround|broke|not working|no longer|deferred|"
                    r"excluded|deprecated|unsafe|not now)\b"
                    r"|(?:^|[.!:;—–*]\s+|\*\*)(?:don't|do not|never|avoid)\b"
                    r"|\b(?:must not|mustn't|should not|shouldn't)\b",
                    re.IGNORECASE,
                ),
            ),
        )
    ),
}
WEAK_NEEDED = 2
"""Separate blocks a weak cue must turn up in before its facet counts."""

_CONTENT_CUES: dict[str, tuple[Cue, ...]] = {
    "pointers": _cues(_POINTER_CUES),
    "next": _cues(_NEXT_CUES),
    "decisions": _cues(_DECISION_CUES),
    "ruled_out": _cues(_RULED_OUT_CUES),
    "state": _cues(_STATE_CUES[1:]),
}
_REASON_IN_SECTION = re.compile(
    rf"\b(?:{_REASON}|why|reason|so|fails?|failed|breaks?|broke|slow|unsafe|flaky|without|"
    r"needs?|requires?|avoid|would|won't|can't|cannot|doesn't|don't)\b|\s[—–-]\s|:\s|\(|;|->|=>|→",
    re.IGNORECASE,
)
_PLACEHOLDER = re.compile(
    r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\[ \]\s*)?(?:TBD|TODO|FIXME|XXX|tba|\.\.\.|…|-|—|"
    r"<[^<>\n]*>|\[[^\[\]\n]*\]|\((?:fill in|add|describe|write)[^()\n]*\)|"
    r"_+|\?+)?\W*\s*$",
    re.IGNORECASE,
)
_NONE = re.compile(r"^\W*(?:none|nothing|n/?a|no(?:ne)? so far|nothing yet)\W*$", re.IGNORECASE)
_IMPERATIVE = re.compile(
    r"^\W{0,4}(?:add|fix|run|write|implement|finish|test|check|verify|review|update|create|"
    r"remove|delete|move|rename|refactor|investigate|debug|deploy|merge|release|publish|wire|"
    r"make|build|port|migrate|document|decide|confirm|ask|start|begin|continue|complete|"
    r"extend|replace|clean|set|configure|commit|push|open|ping|benchmark|measure|profile|"
    r"support|handle|split|extract|integrate|resolve|address|ensure|try|explore|evaluate|"
    r"design|plan|draft|prepare|port|upgrade|bump|enable|disable|switch|restore|validate)\b",
    re.IGNORECASE,
)


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

    def has(self, facet: str) -> bool:
        """True when the facet was found anywhere."""
        return bool(self.found.get(facet))


@dataclass(slots=True)
class _Section:
    facet: str | None
    line: int
    heading: str
    level: int
    texts: list[tuple[int, str, bool]] = field(default_factory=list)
    """Each block's first line, its source text, and whether it is code."""
    ordered_imperatives: list[tuple[int, str]] = field(default_factory=list)


@cache
def _parser() -> MarkdownIt:
    # Block tokens only: inline parsing (emphasis, links) costs more than the whole rest of
    # the reading, and the cues below read the block's source text directly.
    # start-up: markdown-it is imported only when a hand-written handoff is read
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").disable(["inline", "html_block", "reference", "hr"])


def _plain_heading(text: str) -> str:
    return text.replace("*", "").replace("`", "").replace("_", " ").strip()


def read(text: str, *, every: bool = False) -> Reading:
    """Where ``text`` says each facet. Never raises on any ``str``.

    By default a facet's content cues stop being looked for once it is found (speed); with
    ``every``, every place that counts is collected (for ``explain --file``)."""
    tokens = _parser().parse(text)
    reading = Reading()
    sections: list[_Section] = [_Section(None, 1, "", 0)]
    stack: list[tuple[int, str | None]] = []
    first_heading = True
    heading_level = 0
    list_kinds: list[str] = []
    item_start = False
    for token in tokens:
        kind = token.type
        if kind == "heading_open":
            heading_level = int(token.tag[1:]) if token.tag[1:].isdigit() else 1
        elif kind == "inline" and heading_level:
            line = token.map[0] + 1 if token.map else sections[-1].line
            heading = _plain_heading(token.content)
            own = heading_facet(heading)
            while stack and stack[-1][0] >= heading_level:
                stack.pop()
            facet = own if own is not None else (stack[-1][1] if stack else None)
            if first_heading:
                reading.title_line = line
                first_heading = False
                if heading_level == 1:
                    facet = None  # the title ("Session Handoff") names no facet
            sections.append(_Section(facet, line, heading, heading_level))
            stack.append((heading_level, facet))
            heading_level = 0
        elif kind in ("bullet_list_open", "ordered_list_open"):
            list_kinds.append(kind)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            if list_kinds:
                list_kinds.pop()
        elif kind == "list_item_open":
            item_start = True
        elif kind == "inline":
            start = token.map[0] + 1 if token.map else sections[-1].line
            section = sections[-1]
            if token.content.strip():
                section.texts.append((start, token.content, False))
            if (
                item_start
                and list_kinds
                and list_kinds[-1] == "ordered_list_open"
                and _IMPERATIVE.match(token.content)
            ):
                section.ordered_imperatives.append((start, token.content.split("\n", 1)[0]))
            item_start = False
        elif kind in ("fence", "code_block"):
            start = token.map[0] + 2 if token.map and kind == "fence" else _line(token, sections)
            if token.content.strip():
                sections[-1].texts.append((start, token.content, True))
            item_start = False
    for section in sections:
        _judge_heading(section, reading)
    for section in sections:
        _judge_content(section, reading, every)
    for facet, places in reading.weak.items():
        if not reading.found.get(facet) and len(places) >= WEAK_NEEDED:
            reading.found[facet] = list(places)
    for facet in FACETS:
        reading.found.setdefault(facet, [])
        reading.found[facet].sort(key=lambda evidence: evidence.line)
    return reading


def _line(token: object, sections: list[_Section]) -> int:
    mapping = getattr(token, "map", None)
    return mapping[0] + 1 if mapping else sections[-1].line


def _add(reading: Reading, facet: str, evidence: Evidence) -> None:
    reading.found.setdefault(facet, []).append(evidence)


def _judge_heading(section: _Section, reading: Reading) -> None:
    facet = section.facet
    if facet not in FACETS or all(_PLACEHOLDER.match(t) for _, t, _ in section.texts):
        return  # an empty heading, or a template's "TBD", says nothing
    if facet == "decisions" and not any(
        _REASON_IN_SECTION.search(t) or _NONE.match(t) for _, t, code in section.texts if not code
    ):
        if reading.unreasoned_decisions is None:
            reading.unreasoned_decisions = section.line
        return
    _add(reading, facet, Evidence(section.line, "heading", _short(section.heading)))


def _judge_content(section: _Section, reading: Reading, every: bool) -> None:
    facet = section.facet
    wanted = [
        (cue_facet, cues)
        for cue_facet, cues in _CONTENT_CUES.items()
        if cue_facet != facet and (every or not reading.found.get(cue_facet))
    ]
    if not wanted:
        return
    for start, content, code in section.texts:
        if code:
            if facet != "pointers" and (every or not reading.found.get("pointers")):
                _code_pointer(start, content, reading)
            continue
        if _PLACEHOLDER.match(content):
            continue
        if ":" in content:
            _labels(start, content, facet, reading)
        flat = content.replace("\n", " ")
        todo = content.lstrip().startswith("[ ]")
        for cue_facet, cues in wanted:
            if (not every and reading.found.get(cue_facet)) or (todo and cue_facet == "state"):
                continue
            for name, pattern, anchored in cues:
                match = pattern.search(content if anchored else flat)
                if match is not None:
                    line = start + content.count("\n", 0, match.start())
                    shown = match.group(0) if cue_facet == "pointers" else _line_at(content, match)
                    _add(reading, cue_facet, Evidence(line, name, _short(shown)))
                    break
            else:
                _weak(start, content, flat, cue_facet, reading)
    if facet is None:  # steps under "Setup", "Ideas", "Done" ... are no next step
        for line, line_text in section.ordered_imperatives[:1]:
            _add(reading, "next", Evidence(line, "ordered steps", _short(line_text)))


def _weak(start: int, content: str, flat: str, facet: str, reading: Reading) -> None:
    if len(reading.weak.get(facet, ())) >= WEAK_NEEDED and not reading.found.get(facet):
        return  # enough already; the facet counts at the end
    for name, pattern, anchored in _WEAK_CUES.get(facet, ()):
        match = pattern.search(content if anchored else flat)
        if match is not None:
            line = start + content.count("\n", 0, match.start())
            shown = _line_at(content, match)
            reading.weak.setdefault(facet, []).append(Evidence(line, name, _short(shown)))
            return


def _line_at(content: str, match: re.Match[str]) -> str:
    begin = content.rfind("\n", 0, match.start()) + 1
    end = content.find("\n", match.end())
    return content[begin : end if end >= 0 else len(content)]


def _labels(start: int, content: str, facet: str | None, reading: Reading) -> None:
    for label in _LABEL.finditer(content):
        if not label.group(2):
            continue
        name = normalise(label.group(1))
        labelled = heading_facet(name) if len(name.split()) <= 4 else None
        if labelled in FACETS and labelled != facet:
            line = start + content.count("\n", 0, label.start())
            _add(reading, labelled, Evidence(line, "label", _short(_line_at(content, label))))


def _code_pointer(start: int, content: str, reading: Reading) -> None:
    for name, pattern, _ in _CONTENT_CUES["pointers"][:3]:
        match = pattern.search(content)
        if match is not None:
            line = start + content.count("\n", 0, match.start())
            _add(reading, "pointers", Evidence(line, name, _short(match.group(0))))
            return


__all__ = ["FACETS", "Evidence", "Reading", "heading_facet", "read"]
